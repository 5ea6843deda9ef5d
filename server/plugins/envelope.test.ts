import { createCipheriv, createHmac, randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { sm2 } from 'sm-crypto-v2';
import envelope, { isSealed, type EnvelopeOptions } from './envelope';
import { ClientEnvelope, type SealedRequest } from '../../protocol/envelope/client';
import { EnvelopeHeaders, requestSignInput } from '../../protocol/envelope/constants';

const pair = sm2.generateKeyPairHex();
const otherPair = sm2.generateKeyPairHex();
const apps: Record<string, { privateKey: string; encrypt: boolean }> = {
  demo: { privateKey: pair.privateKey, encrypt: true },
  plain: { privateKey: pair.privateKey, encrypt: false },
};
const UNIFORM_ZH = { code: 'P4000', message: '请求数据校验失败', data: null };

let app: FastifyInstance;
let calls = 0;
afterEach(async () => {
  await app?.close();
});

async function build(options: Partial<EnvelopeOptions> = {}): Promise<FastifyInstance> {
  calls = 0;
  app = Fastify();
  await app.register(envelope, { getAppKeys: async (id) => apps[id], ...options });
  const bodySchema = { type: 'object', required: ['name'], properties: { name: { type: 'string' } } };
  app.post('/api/echo', { schema: { body: bodySchema } }, async (req) => {
    calls++;
    return { code: '200', message: 'ok', data: { body: req.body, sealed: isSealed(req), appId: req.envelope?.appId } };
  });
  app.put('/api/any', async (req) => {
    calls++;
    return { code: '200', message: 'ok', data: req.body };
  });
  const querySchema = { type: 'object', properties: { page: { type: 'integer' }, kw: { type: 'string' } } };
  app.get('/api/items', { schema: { querystring: querySchema } }, async (req) => {
    calls++;
    return { code: '200', message: 'ok', data: req.query };
  });
  app.get('/api/file', async (_req, reply) => {
    calls++;
    return reply.type('application/octet-stream').send(Buffer.from([1, 2, 3]));
  });
  // Stands in for an auth check that answers in onRequest, before the body is read.
  app.get(
    '/api/guarded',
    { onRequest: async (_req, reply) => reply.send({ code: 'P4007', message: 'out', data: null }) },
    async () => {
      calls++;
      return 'never';
    },
  );
  app.post('/api/hook', { config: { envelope: 'optional' } }, async (req) => {
    calls++;
    return { code: '200', message: 'ok', data: req.body };
  });
  return app;
}

interface Send {
  method?: 'GET' | 'POST' | 'PUT';
  url?: string;
  body?: unknown;
  query?: Record<string, unknown>;
  appId?: string;
  envelope?: ClientEnvelope;
  headers?: Record<string, string | undefined>;
}

/** Seals like the browser does and sends through inject(). */
async function sendSealed(
  o: Send = {},
): Promise<{ res: LightMyRequestResponse; sealed: SealedRequest; env: ClientEnvelope }> {
  const env = o.envelope ?? new ClientEnvelope(pair.publicKey);
  const method = o.method ?? 'POST';
  const url = o.url ?? '/api/echo';
  const body = o.body ?? (method === 'GET' ? undefined : { name: 'x' });
  const sealed = env.seal({ method, path: url, body, query: o.query });
  const res = await sendRaw(sealed, { ...o, method, url });
  return { res, sealed, env };
}

/** Sends given headers/body/query as they are (they may be tampered with). */
interface Raw {
  headers: Record<string, string>;
  body?: Record<string, unknown>;
  query?: Record<string, string>;
}

function sendRaw(sealed: Raw, o: Send): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { 'x-sec-identity-id': o.appId ?? 'demo', ...sealed.headers };
  if (sealed.body) headers['content-type'] = 'application/json';
  for (const [name, value] of Object.entries(o.headers ?? {})) {
    if (value === undefined) delete headers[name];
    else headers[name] = value;
  }
  const search = sealed.query ? `?${new URLSearchParams(sealed.query)}` : '';
  return app.inject({
    method: o.method ?? 'POST',
    url: `${o.url ?? '/api/echo'}${search}`,
    headers,
    payload: sealed.body ? JSON.stringify(sealed.body) : undefined,
  });
}

/** A correctly signed request around arbitrary params: reaches the checks behind the signature. */
function signed(bodyParams: string, key: Buffer = randomBytes(16)) {
  const wrapped = sm2.doEncrypt(key, pair.publicKey, 1);
  const ts = String(Date.now());
  const nonce = randomBytes(16).toString('hex');
  const input = requestSignInput({ method: 'POST', path: '/api/echo', ts, nonce, queryParams: '', bodyParams });
  const sign = createHmac('sm3', key).update(input).digest('hex');
  return {
    headers: { 'x-sec-key': wrapped, 'x-sec-ts': ts, 'x-sec-nonce': nonce, 'x-sec-sign': sign },
    body: { params: bodyParams },
  };
}

function sm4Params(key: Buffer, plain: Buffer): string {
  const iv = randomBytes(16);
  const c = createCipheriv('sm4-cbc', key, iv);
  return Buffer.concat([iv, c.update(plain), c.final()]).toString('base64');
}

function expectUniform(res: LightMyRequestResponse, callsBefore = 0): void {
  expect(res.statusCode).toBe(400);
  expect(res.headers[EnvelopeHeaders.ENCRYPTED]).toBeUndefined();
  expect(res.json()).toEqual(UNIFORM_ZH);
  expect(calls).toBe(callsBefore);
}

describe('envelope plugin: sealed round trips', () => {
  it('opens a sealed body for the handler and seals the reply to that request', async () => {
    await build();
    const body = { name: '李四', note: 'ok' };
    const { res, sealed, env } = await sendSealed({ body });
    expect(res.statusCode).toBe(200);
    expect(res.headers[EnvelopeHeaders.ENCRYPTED]).toBe('1');
    expect(res.body).not.toContain('李四');
    const reply = env.open(res.headers, res.json(), sealed.ctx, res.statusCode);
    expect(reply).toEqual({ code: '200', message: 'ok', data: { body, sealed: true, appId: 'demo' } });
    expect(calls).toBe(1);
  });

  it('validates the plaintext: schema errors come back sealed and the handler does not run', async () => {
    await build();
    const { res, sealed, env } = await sendSealed({ body: { other: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.headers[EnvelopeHeaders.ENCRYPTED]).toBe('1');
    expect(env.open(res.headers, res.json(), sealed.ctx, 400)).toMatchObject({
      message: expect.stringContaining('name'),
    });
    expect(calls).toBe(0);
  });

  it('opens a sealed query; querystring schema coercion still applies', async () => {
    await build();
    const { res, sealed, env } = await sendSealed({
      method: 'GET',
      url: '/api/items',
      query: { page: '2', kw: '北京' },
    });
    expect(env.open(res.headers, res.json(), sealed.ctx, 200)).toEqual({
      code: '200',
      message: 'ok',
      data: { page: 2, kw: '北京' },
    });
  });

  it('round trips CJK, emoji and escapes byte-identically in both directions', async () => {
    await build();
    const body = { name: '中文 𠮷 👨‍👩‍👧 🇨🇳', s: '\u0000\t"\\/\u2028', n: [1.5, -0, 1e21], nested: { 键: '值' } };
    const { res, sealed, env } = await sendSealed({ method: 'PUT', url: '/api/any', body });
    const text = env.openText(res.headers, res.json(), sealed.ctx, 200);
    expect(text).toBe(JSON.stringify({ code: '200', message: 'ok', data: body }));
    expect(
      Buffer.from(text, 'utf8').equals(Buffer.from(JSON.stringify({ code: '200', message: 'ok', data: body }), 'utf8')),
    ).toBe(true);
  });

  it('unwraps each content key once (cache), and leaves non-JSON replies unsealed', async () => {
    await build();
    const env = new ClientEnvelope(pair.publicKey);
    for (let i = 0; i < 5; i++) expect((await sendSealed({ envelope: env })).res.statusCode).toBe(200);
    expect(app.envelopeStats.keyUnwraps).toBe(1);
    const { res } = await sendSealed({ method: 'GET', url: '/api/file', envelope: env });
    expect(res.headers[EnvelopeHeaders.ENCRYPTED]).toBeUndefined();
    expect([...res.rawPayload]).toEqual([1, 2, 3]);
  });

  it('seals replies made before the body is verified (an auth hook, a 404) with the request key', async () => {
    await build();
    const guarded = await sendSealed({ method: 'GET', url: '/api/guarded' });
    expect(guarded.env.open(guarded.res.headers, guarded.res.json(), guarded.sealed.ctx, 200)).toEqual({
      code: 'P4007',
      message: 'out',
      data: null,
    });
    const missing = await sendSealed({ method: 'GET', url: '/api/missing' });
    expect(missing.res.statusCode).toBe(404);
    expect(missing.env.open(missing.res.headers, missing.res.json(), missing.sealed.ctx, 404)).toMatchObject({
      statusCode: 404,
    });
    expect(calls).toBe(0);
  });

  it('lets unsealed calls through where the app or the route does not require sealing', async () => {
    await build();
    const plainApp = await app.inject({
      method: 'POST',
      url: '/api/echo',
      headers: { 'x-sec-identity-id': 'plain' },
      payload: { name: 'a' },
    });
    expect(plainApp.json().data).toEqual({ body: { name: 'a' }, sealed: false });
    const optional = await app.inject({
      method: 'POST',
      url: '/api/hook',
      headers: { 'x-sec-identity-id': 'demo' },
      payload: { a: 1 },
    });
    expect(optional.json().data).toEqual({ a: 1 });
    const bare = await app.inject({ method: 'GET', url: '/api/items', headers: { 'x-sec-identity-id': 'demo' } });
    expect(bare.statusCode).toBe(200);
    const noApp = await app.inject({ method: 'GET', url: '/api/items?page=1' });
    expect(noApp.json().data).toEqual({ page: 1 });
    expect(calls).toBe(4);
  });
});

describe('envelope plugin: every failure is the same 400 and the handler never runs', () => {
  it('tampered params, tampered sign, params moved to the query', async () => {
    await build();
    const env = new ClientEnvelope(pair.publicKey);
    const a = env.seal({ method: 'POST', path: '/api/echo', body: { name: 'x' } });
    const p = a.body!.params;
    const flipped = p.slice(0, 20) + (p[20] === 'A' ? 'B' : 'A') + p.slice(21);
    expectUniform(await sendRaw({ ...a, body: { params: flipped } }, {}));
    const b = env.seal({ method: 'POST', path: '/api/echo', body: { name: 'x' } });
    const sign = b.headers['x-sec-sign'];
    expectUniform(
      await sendRaw(
        { ...b, headers: { ...b.headers, 'x-sec-sign': sign.replace(/^./, (c) => (c === '0' ? '1' : '0')) } },
        {},
      ),
    );
    const c = env.seal({ method: 'POST', path: '/api/echo', body: { name: 'x' } });
    expectUniform(await sendRaw({ headers: c.headers, query: c.body }, {}));
    const d = env.seal({ method: 'POST', path: '/api/other', body: { name: 'x' } });
    expectUniform(await sendRaw(d, {}));
  });

  it('truncated, non-base64, mis-padded, non-UTF-8 and non-JSON plaintexts (all correctly signed)', async () => {
    await build();
    const json = Buffer.from('{"name":"x"}');
    const cases: ((key: Buffer) => string)[] = [
      (k) => sm4Params(k, json).slice(0, -8), // truncated: not a whole number of blocks
      () => '***not-base64***',
      (k) => sm4Params(k, json).replace(/=+$/, ''), // unpadded base64
      () => randomBytes(48).toString('base64'), // not made with this key: padding fails
      (k) => sm4Params(k, Buffer.from([0xff, 0xfe, 0x7b])), // not UTF-8
      (k) => sm4Params(k, Buffer.from('hello, not json')),
      (k) => sm4Params(k, Buffer.from('"a string"')),
      (k) => sm4Params(k, Buffer.from('{"__proto__":{"admin":true},"name":"x"}')),
    ];
    for (const make of cases) {
      const key = randomBytes(16);
      expectUniform(await sendRaw(signed(make(key), key), {}));
    }
    // The same helper with good params passes, so the cases above fail for their content alone.
    const key = randomBytes(16);
    expect((await sendRaw(signed(sm4Params(key, json), key), {})).statusCode).toBe(200);
  });

  it('replayed nonce, stale and future timestamps', async () => {
    await build();
    const env = new ClientEnvelope(pair.publicKey);
    const sealed = env.seal({ method: 'POST', path: '/api/echo', body: { name: 'x' } });
    expect((await sendRaw(sealed, {})).statusCode).toBe(200);
    expectUniform(await sendRaw(sealed, {}), 1);
    const old = new ClientEnvelope(pair.publicKey, { now: () => Date.now() - 5 * 60_000 - 5_000 });
    expectUniform((await sendSealed({ envelope: old })).res, 1);
    const future = new ClientEnvelope(pair.publicKey, { now: () => Date.now() + 5 * 60_000 + 5_000 });
    expectUniform((await sendSealed({ envelope: future })).res, 1);
  });

  it('oversized params, under the configured maximum', async () => {
    await build({ maxParamsBytes: 2048 });
    expect((await sendSealed({ body: { name: 'a'.repeat(1000) } })).res.statusCode).toBe(200);
    expectUniform((await sendSealed({ body: { name: 'a'.repeat(2000) } })).res, 1);
  });

  it('wrong public key, unknown app, missing app id, missing or malformed headers', async () => {
    await build();
    expectUniform((await sendSealed({ envelope: new ClientEnvelope(otherPair.publicKey) })).res);
    expectUniform((await sendSealed({ appId: 'nope' })).res);
    expectUniform((await sendSealed({ headers: { 'x-sec-identity-id': undefined } })).res);
    for (const name of ['x-sec-key', 'x-sec-ts', 'x-sec-nonce', 'x-sec-sign']) {
      expectUniform((await sendSealed({ headers: { [name]: undefined } })).res);
      expectUniform((await sendSealed({ headers: { [name]: 'zz' } })).res);
    }
    expect(app.envelopeStats.rejected).toBe(11);
  });

  it('unsealed data for an app that requires sealing, answered in the x-lang language', async () => {
    await build();
    const body = await app.inject({
      method: 'POST',
      url: '/api/echo',
      headers: { 'x-sec-identity-id': 'demo' },
      payload: { name: 'a' },
    });
    expectUniform(body);
    const query = await app.inject({
      method: 'GET',
      url: '/api/items?page=1',
      headers: { 'x-sec-identity-id': 'demo', 'x-lang': 'en' },
    });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual({ code: 'P4000', message: 'The request could not be verified', data: null });
    expect(calls).toBe(0);
  });

  it('a cached content key stops working once the app key is rotated', async () => {
    await build();
    const env = new ClientEnvelope(pair.publicKey);
    expect((await sendSealed({ envelope: env })).res.statusCode).toBe(200);
    const saved = apps.demo;
    apps.demo = { privateKey: otherPair.privateKey, encrypt: true };
    try {
      expectUniform((await sendSealed({ envelope: env })).res, 1);
      const rotated = await sendSealed({ envelope: new ClientEnvelope(otherPair.publicKey) });
      expect(rotated.res.statusCode).toBe(200);
    } finally {
      apps.demo = saved;
    }
  });

  it('extra plaintext next to sealed params is refused', async () => {
    await build();
    const env = new ClientEnvelope(pair.publicKey);
    const a = env.seal({ method: 'POST', path: '/api/echo', body: { name: 'x' } });
    expectUniform(await sendRaw({ ...a, body: { ...a.body!, name: 'smuggled' } }, {}));
    const b = env.seal({ method: 'GET', path: '/api/items', query: { page: 1 } });
    expectUniform(
      await sendRaw({ ...b, query: { ...b.query!, kw: 'smuggled' } }, { method: 'GET', url: '/api/items' }),
    );
  });
});
