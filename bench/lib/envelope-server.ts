/**
 * Server process of bench/envelope.bench.ts: two Fastify apps on loopback, identical but for the
 * envelope plugin. A separate process, so that the load generator does not share its CPU, and so
 * that process.cpuUsage() counts server work only. Driven over IPC.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import envelope from '../../server/plugins/envelope';

type Message = { type: 'init'; privateKey: string } | { type: 'cpu' } | { type: 'stop' };

const apps: FastifyInstance[] = [];

async function start(privateKey: string, withEnvelope: boolean): Promise<number> {
  const app = Fastify({ logger: false });
  if (withEnvelope) {
    await app.register(envelope, {
      getAppKeys: async (id) => (id === 'bench' ? { privateKey, encrypt: true } : undefined),
    });
  }
  // Echo: the reply carries as much JSON as the request, so both directions are measured.
  app.post('/api/echo', async (req) => ({ code: '200', message: 'ok', data: req.body }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  apps.push(app);
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

process.on('message', (message: Message) => {
  void (async () => {
    if (message.type === 'init') {
      const plainPort = await start(message.privateKey, false);
      const sealedPort = await start(message.privateKey, true);
      process.send?.({ type: 'ready', plainPort, sealedPort });
    } else if (message.type === 'cpu') {
      const usage = process.cpuUsage();
      const stats = apps[1]?.envelopeStats;
      process.send?.({ type: 'cpu', micros: usage.user + usage.system, keyUnwraps: stats?.keyUnwraps ?? 0 });
    } else {
      await Promise.all(apps.map((app) => app.close()));
      process.exit(0);
    }
  })();
});
