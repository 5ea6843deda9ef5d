// The shell's client against the real envelope plugin on loopback: headers, encrypt:false,
// non-JSON replies, token renewal and P4007.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sm2 } from 'sm-crypto-v2';
import envelope, { isSealed } from '../../server/plugins/envelope';
import { ClientEnvelope } from '../../protocol/envelope/client';
import { createApiClient, NotJsonError, PLAIN_HEADER } from './create-client';

const pair = sm2.generateKeyPairHex();
let server: FastifyInstance;
let base = '';
let seen: {
  url: string;
  sealed: boolean;
  headers: Record<string, unknown>;
  body?: unknown;
  token?: string;
  replyHeaders?: Record<string, unknown>;
}[] = [];

beforeAll(async () => {
  server = Fastify();
  await server.register(envelope, {
    getAppKeys: async (id) => (id === 'app1' ? { privateKey: pair.privateKey, encrypt: true } : undefined),
  });
  server.addHook('preHandler', async (req) => {
    seen.push({
      url: req.raw.url ?? '',
      sealed: isSealed(req),
      headers: { ...req.headers },
      body: req.body,
      token: req.envelope?.token,
    });
  });
  // What went on the wire, after the envelope's onSend.
  server.addHook('onResponse', async (req, reply) => {
    const entry = seen.find((s) => s.url === req.raw.url);
    if (entry) entry.replyHeaders = { ...reply.getHeaders() };
  });
  server.post('/api/echo', async (req, reply) => {
    reply.header('authorization', 'renewed-token');
    return { code: '200', message: 'ok', data: req.body };
  });
  server.get('/api/renew-plain', async (_req, reply) => {
    reply.header('authorization', 'renewed-token');
    return { code: '200', message: 'ok', data: null };
  });
  server.get('/api/open', { config: { envelope: 'optional' } }, async () => ({ code: '200', message: 'ok', data: 1 }));
  server.get('/api/html', { config: { envelope: 'optional' } }, async (_req, reply) =>
    reply.type('text/html').send('<html>Bad gateway</html>'),
  );
  server.get('/api/expired', async () => ({ code: 'P4007', message: 'expired', data: null }));
  await server.listen({ host: '127.0.0.1', port: 0 });
  const address = server.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/`;
});

afterAll(async () => {
  await server.close();
});

let token: string | undefined;
let logouts = 0;
beforeEach(() => {
  seen = [];
  token = 'first-token';
  logouts = 0;
});

function client(encrypting: boolean) {
  return createApiClient({
    prefixUrl: base,
    token: () => token,
    saveToken: (value) => (token = value),
    appId: () => 'app1',
    lang: () => 'en',
    envelope: () => (encrypting ? new ClientEnvelope(pair.publicKey) : undefined),
    onLogout: () => logouts++,
    notJsonMessage: () => 'not json!',
  }).request;
}

describe('api client', () => {
  it('sends the spec headers, seals by default (the token too) and saves a renewed token sent sealed', async () => {
    const result = await client(true)({ method: 'POST', url: 'echo', body: { name: '张三' } });
    expect(result).toEqual({ code: '200', message: 'ok', data: { name: '张三' } });
    expect(seen[0]!.sealed).toBe(true);
    expect(seen[0]!.headers).toMatchObject({
      'channel-type': 'web',
      'client-type': 'manager',
      'x-lang': 'en',
      'x-sec-identity-id': 'app1',
    });
    // The token travels sealed in both directions: never an authorization header on the wire.
    expect(seen[0]!.headers.authorization).toBeUndefined();
    expect(JSON.stringify(seen[0]!.headers)).not.toContain('first-token');
    expect(seen[0]!.token).toBe('first-token');
    expect(seen[0]!.replyHeaders?.authorization).toBeUndefined();
    expect(seen[0]!.replyHeaders?.['x-sec-auth']).toEqual(expect.any(String));
    expect(token).toBe('renewed-token');
  });

  it('without the envelope the token and its renewal use the plain authorization header (the spec)', async () => {
    await client(false)({ method: 'GET', url: 'renew-plain' });
    expect(seen[0]!.headers.authorization).toBe('first-token');
    expect(token).toBe('renewed-token');
  });

  it('encrypt: false sends the call unsealed and the private marker never reaches the server', async () => {
    const result = await client(true)({ method: 'GET', url: 'open', encrypt: false });
    expect(result.data).toBe(1);
    expect(seen[0].sealed).toBe(false);
    expect(seen[0].headers[PLAIN_HEADER]).toBeUndefined();
    expect(seen[0].headers['x-sec-nonce']).toBeUndefined();
    // Without the flag the same app seals, and the server refuses an unsealed body.
    const refused = await client(false)({ method: 'POST', url: 'echo', body: { a: 1 } });
    expect(refused.code).toBe('P4000');
  });

  it('a JSON call answered with HTML rejects with a clear message', async () => {
    const error = await client(false)({ method: 'GET', url: 'html', encrypt: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotJsonError);
    expect((error as NotJsonError).message).toBe('not json!');
    expect((error as NotJsonError).contentType).toMatch(/text\/html/);
  });

  it('P4007 from any call signs the user out', async () => {
    const result = await client(true)({ method: 'GET', url: 'expired' });
    expect(result.code).toBe('P4007');
    expect(logouts).toBe(1);
  });
});
