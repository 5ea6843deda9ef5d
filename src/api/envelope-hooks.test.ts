// ky + the envelope hooks against the real plugin on a loopback port: what the browser does.
import Fastify, { type FastifyInstance } from 'fastify';
import ky, { type KyInstance } from 'ky';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sm2 } from 'sm-crypto-v2';
import envelope, { isSealed } from '../../server/plugins/envelope';
import { ClientEnvelope } from '../../protocol/envelope/client';
import { EnvelopeHeaders } from '../../protocol/envelope/constants';
import { EnvelopeError } from '../../protocol/envelope/errors';
import { createEnvelopeHooks } from './envelope-hooks';

const pair = sm2.generateKeyPairHex();
let server: FastifyInstance;
let base = '';
/** What the server saw, per request. */
let seen: {
  url: string;
  nonce?: string;
  sealed: boolean;
  body?: unknown;
  query?: unknown;
  token?: string;
  authorization?: unknown;
}[] = [];
let tamper: 'none' | 'flip' | 'strip' = 'none';
let failFirst = 0;

beforeAll(async () => {
  server = Fastify();
  await server.register(envelope, {
    getAppKeys: async (id) => (id === 'demo' ? { privateKey: pair.privateKey, encrypt: true } : undefined),
  });
  server.addHook('preHandler', async (req) => {
    seen.push({
      url: req.raw.url ?? '',
      nonce: req.headers[EnvelopeHeaders.NONCE] as string | undefined,
      sealed: isSealed(req),
      body: req.body,
      query: req.query,
      token: req.envelope?.token,
      authorization: req.headers.authorization,
    });
  });
  // A man in the middle, after the envelope's onSend: it sees and alters the sealed reply.
  server.addHook('onSend', async (_req, reply, payload) => {
    if (tamper === 'none' || typeof payload !== 'string') return payload;
    if (tamper === 'strip') {
      reply.removeHeader(EnvelopeHeaders.ENCRYPTED);
      return JSON.stringify({ code: '200', message: 'ok', data: 'forged' });
    }
    const outer = JSON.parse(payload) as { params: string; sign: string };
    const p = outer.params;
    return JSON.stringify({ ...outer, params: p.slice(0, 24) + (p[24] === 'A' ? 'B' : 'A') + p.slice(25) });
  });
  server.post('/api/echo', async (req) => ({ code: '200', message: 'ok', data: req.body }));
  server.get('/api/items', async (req, reply) => {
    if (failFirst > 0) {
      failFirst--;
      return reply.code(503).send({ code: 'P5000', message: 'busy', data: null });
    }
    return { code: '200', message: 'ok', data: req.query };
  });
  server.addContentTypeParser('multipart/form-data', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  server.post('/api/upload', { config: { envelope: 'optional' } }, async (req) => ({
    code: '200',
    message: 'ok',
    data: String(req.body).includes('文件内容'),
  }));
  server.get('/api/file', async (_req, reply) => reply.type('application/octet-stream').send(Buffer.from([9, 8, 7])));
  await server.listen({ host: '127.0.0.1', port: 0 });
  const address = server.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/`;
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  seen = [];
  tamper = 'none';
  failFirst = 0;
});

function client(env: ClientEnvelope | undefined, retry = 0, token?: string): KyInstance {
  const hooks = createEnvelopeHooks(() => env);
  return ky.create({
    prefixUrl: base,
    // ky retries on a status only by way of an HTTPError.
    throwHttpErrors: retry > 0,
    retry: { limit: retry, delay: () => 0 },
    hooks: {
      beforeRequest: [
        (req) => {
          req.headers.set('x-sec-identity-id', 'demo');
          if (token) req.headers.set('authorization', token);
        },
        ...(hooks.beforeRequest ?? []),
      ],
      afterResponse: hooks.afterResponse,
    },
  });
}

describe('envelope hooks over loopback', () => {
  it('seals a JSON body and opens the reply; the server handler sees the plaintext', async () => {
    const body = { name: '王五', list: [1, 2] };
    const res = await client(new ClientEnvelope(pair.publicKey)).post('echo', { json: body });
    expect(res.status).toBe(200);
    expect(res.headers.get(EnvelopeHeaders.ENCRYPTED)).toBeNull();
    expect(await res.json()).toEqual({ code: '200', message: 'ok', data: body });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ sealed: true, body });
  });

  it('moves the whole query string into ?params= (nothing readable on the wire)', async () => {
    const res = await client(new ClientEnvelope(pair.publicKey)).get('items', {
      searchParams: { kw: '上海', tag: 'a' },
    });
    expect(await res.json()).toEqual({ code: '200', message: 'ok', data: { kw: '上海', tag: 'a' } });
    expect(seen[0].url).toMatch(/^\/api\/items\?params=[^&]+$/);
    expect(decodeURIComponent(seen[0].url)).not.toContain('上海');
  });

  it('keeps CJK and emoji byte-identical both ways', async () => {
    const body = { s: '汉字 😀 👩🏽‍💻 𠀋', esc: '"\\\n' };
    const res = await client(new ClientEnvelope(pair.publicKey)).post('echo', { json: body });
    expect(await res.text()).toBe(JSON.stringify({ code: '200', message: 'ok', data: body }));
  });

  it('rejects with EnvelopeError when the reply was altered or replaced by an unsealed one', async () => {
    const http = client(new ClientEnvelope(pair.publicKey));
    for (const mode of ['flip', 'strip'] as const) {
      tamper = mode;
      const error = await http.post('echo', { json: { a: 1 } }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(EnvelopeError);
      expect((error as EnvelopeError).key).toBe('error.hashCheck');
    }
  });

  it('passes file downloads through and shows the server envelope rejection as it is', async () => {
    const http = client(new ClientEnvelope(pair.publicKey));
    const file = await http.get('file', { searchParams: { name: 'a.xlsx' } });
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([9, 8, 7]);
    const stale = client(new ClientEnvelope(pair.publicKey, { now: () => Date.now() - 3_600_000 }));
    const rejected = await stale.post('echo', { json: { a: 1 } });
    expect(rejected.status).toBe(400);
    expect(await rejected.json()).toEqual({ code: 'P4000', message: '请求数据校验失败', data: null });
    expect(seen.map((s) => s.url)).toEqual([expect.stringMatching(/^\/api\/file\?params=/)]);
  });

  it('sends uploads (FormData) as they are, with sealed headers that carry the token', async () => {
    const form = new FormData();
    form.append('file', new Blob(['文件内容']), 'a.txt');
    const res = await client(new ClientEnvelope(pair.publicKey), 0, 'session-token-of-the-user').post('upload', {
      body: form,
    });
    expect(await res.json()).toEqual({ code: '200', message: 'ok', data: true });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ url: '/api/upload', sealed: true, token: 'session-token-of-the-user' });
    expect(seen[0]!.authorization).toBeUndefined();
  });

  it('re-seals a retried request with a fresh nonce, so the retry is not taken for a replay', async () => {
    failFirst = 1;
    const res = await client(new ClientEnvelope(pair.publicKey), 1).get('items', { searchParams: { page: '3' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: '200', message: 'ok', data: { page: '3' } });
    expect(seen).toHaveLength(2);
    expect(seen[0].nonce).not.toBe(seen[1].nonce);
    expect(seen.every((s) => s.sealed)).toBe(true);
  });

  it('leaves requests alone when the app has no envelope', async () => {
    const res = await client(undefined).post('echo', { json: { a: 1 } });
    // The demo app requires sealing, so the plain request is refused: proof it went unsealed.
    expect(res.status).toBe(400);
    expect(seen).toHaveLength(0);
  });
});
