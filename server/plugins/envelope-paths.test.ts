/**
 * The envelope plugin's two ways through preValidation (an in-memory replay store answers at once,
 * the database and Redis stores with a promise) give the same answers, and what a handler can see
 * of the request key and token: usable, but never serialised with the request.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { sm2 } from 'sm-crypto-v2';
import { afterEach, describe, expect, it } from 'vitest';
import { ClientEnvelope } from '../../protocol/envelope/client';
import { MemoryReplayStore, type ReplayStore } from '../../protocol/envelope/replay-cache';
import envelope from './envelope';

const pair = sm2.generateKeyPairHex();
let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

/** A store that answers later, as the database and Redis stores do. */
class AsyncStore implements ReplayStore {
  private readonly inner = new MemoryReplayStore({ windowMs: 60_000 });
  async checkAndRemember(nonce: string, ts: number, now: number): Promise<boolean> {
    await new Promise((resolve) => setTimeout(resolve, 1));
    return this.inner.checkAndRemember(nonce, ts, now);
  }
}

async function build(replayStore?: ReplayStore): Promise<FastifyInstance> {
  app = Fastify();
  await app.register(envelope, {
    getAppKeys: async (id) => (id === 'demo' ? { privateKey: pair.privateKey, encrypt: true } : undefined),
    ...(replayStore ? { replayStore } : {}),
  });
  app.post('/api/echo', async (req) => {
    const envelopeSeen = req.envelope!;
    return {
      code: '200',
      message: 'ok',
      data: {
        body: req.body,
        serialised: JSON.parse(JSON.stringify(envelopeSeen)),
        keys: Object.keys({ ...envelopeSeen }),
        keyBytes: envelopeSeen.key.length,
        token: envelopeSeen.token ?? null,
      },
    };
  });
  return app;
}

async function call(
  client: ClientEnvelope,
  token?: string,
  replay?: { headers: Record<string, string>; payload: string },
) {
  const sealed = client.seal({ method: 'POST', path: '/api/echo', body: { name: '客户 ✓' }, token });
  const request = replay ?? {
    headers: { 'x-sec-identity-id': 'demo', 'content-type': 'application/json', ...sealed.headers },
    payload: JSON.stringify(sealed.body),
  };
  const res = await app.inject({ method: 'POST', url: '/api/echo', ...request });
  return { res, sealed, request };
}

describe.each([
  ['an in-memory replay store (answers at once)', () => undefined],
  ['a replay store that answers with a promise', () => new AsyncStore()],
])('envelope plugin with %s', (_name, store) => {
  it('opens the body, seals the reply, and refuses the same request replayed', async () => {
    await build(store());
    const client = new ClientEnvelope(pair.publicKey);
    const first = await call(client, 'session-token-1');
    expect(first.res.statusCode).toBe(200);
    const opened = client.open(first.res.headers, first.res.json(), first.sealed.ctx, first.res.statusCode) as {
      data: { body: unknown; serialised: unknown; keys: string[]; keyBytes: number; token: string };
    };
    expect(opened.data.body).toEqual({ name: '客户 ✓' });
    // The key and the token serve the handler but never leave with the request object.
    expect(opened.data.keyBytes).toBe(16);
    expect(opened.data.token).toBe('session-token-1');
    expect(opened.data.serialised).toEqual({ appId: 'demo', nonce: first.sealed.ctx.nonce });
    expect(opened.data.keys.sort()).toEqual(['appId', 'nonce']);

    const replayed = await call(client, undefined, first.request);
    expect(replayed.res.statusCode).toBe(400);
    expect(replayed.res.json().code).toBe('P4000');
  });
});
