/**
 * A TCP relay on loopback that counts the bytes its target sends back: put between the server and
 * a storage service, it shows how much of an object the server has read at any moment, so a test
 * can tell a streamed download (the server reads as fast as the client takes) from one buffered
 * whole (the server reads everything before the client gets its first byte).
 */
import { createConnection, createServer, type Socket } from 'node:net';

export interface CountingRelay {
  port: number;
  /** Bytes the target has sent through the relay so far (all connections). */
  fromTarget(): number;
  close(): Promise<void>;
}

export async function startCountingRelay(target: { host: string; port: number }): Promise<CountingRelay> {
  let count = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = createConnection(target);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    upstream.on('data', (chunk: Buffer) => {
      count += chunk.length;
    });
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    fromTarget: () => count,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
