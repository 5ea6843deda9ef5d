/**
 * The event stream under the crypto envelope (docs/envelope.md "Stream mode"), on each database:
 * the demo app requires sealing, so the stream opens only for a sealed request, every event's data
 * is sealed with that request's content key (nothing readable on the wire) and opens with the
 * browser's keys; an event cannot be moved to another id or another stream.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { ClientEnvelope, EnvelopeError } from '../../protocol/envelope/index';
import { EVENTS_PATH, openStreamEvent } from '../../protocol/event-stream';
import type { SchemaChangedEvent } from '../../protocol/events';
import { ADMIN, TEST_CAPTCHA, startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';
import { openEventStream, type OpenStream } from './events-client';

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let base: string;
  let envelope: ClientEnvelope;
  let token: string;
  const streams: OpenStream[] = [];

  /** A sealed call through inject, opened like the shell's client does. */
  async function sealed(method: 'GET' | 'POST', path: string, options: { body?: unknown; query?: any } = {}) {
    const seal = envelope.seal({ method, path, body: options.body, query: options.query });
    const headers: Record<string, string> = { 'x-sec-identity-id': t.demoAppId, ...seal.headers };
    if (seal.body) headers['content-type'] = 'application/json';
    const search = seal.query ? `?${new URLSearchParams(seal.query)}` : '';
    const response = await t.app.inject({
      method,
      url: `${path}${search}`,
      headers,
      payload: seal.body ? JSON.stringify(seal.body) : undefined,
    });
    return envelope.open(response.headers, response.json(), seal.ctx, response.statusCode) as any;
  }

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database, { encrypt: true });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const info = (await t.request({ url: '/api/app/demo' })).body.data;
    envelope = new ClientEnvelope(info.public_key, { now: () => t.clock.now });
    token = await signIn();
  });

  async function signIn(): Promise<string> {
    const code = await sealed('GET', '/api/auth/getPicCode', { query: { identify: 'demo' } });
    const login = await sealed('POST', '/api/auth/login', {
      body: { identify: 'demo', ...ADMIN, codeKey: code.data.codeKey, code: TEST_CAPTCHA },
    });
    expect(login.code).toBe(ResultCode.SUCCESS);
    return login.data.token as string;
  }
  afterAll(async () => {
    streams.forEach((stream) => stream.abort());
    await t?.close();
    await database?.drop();
  });

  function sealedStream() {
    const seal = envelope.seal({ method: 'GET', path: EVENTS_PATH, token });
    const headers = { 'x-sec-identity-id': t.demoAppId, ...seal.headers };
    return { seal, headers };
  }

  it('seals every event with the opening request key; the browser opens them, the wire shows nothing', async () => {
    const { seal, headers } = sealedStream();
    const stream = await openEventStream(base, headers);
    streams.push(stream);
    expect(stream.status).toBe(200);
    const first = await stream.next();
    expect(openStreamEvent(seal.ctx, first.id, first.data)).toEqual({ type: 'stream.open' });
    const event: SchemaChangedEvent = {
      type: 'schema.changed',
      appId: t.demoAppId,
      kind: 'page',
      id: 'secret-page-name',
      version: '7',
    };
    await t.app.tessera.bus.publish(event);
    const message = await stream.next();
    expect(openStreamEvent(seal.ctx, message.id, message.data)).toEqual(event);
    expect(Object.keys(JSON.parse(message.data)).sort()).toEqual(['params', 'sign']);
    for (const plain of ['schema.changed', 'secret-page-name', 'stream.open', t.demoAppId]) {
      expect(stream.raw()).not.toContain(plain);
    }
    // Bound to its id and to this stream: another id or another request's key/nonce does not open it.
    expect(() => openStreamEvent(seal.ctx, first.id, message.data)).toThrow(EnvelopeError);
    const otherCtx = envelope.seal({ method: 'GET', path: EVENTS_PATH }).ctx;
    expect(() => openStreamEvent(otherCtx, message.id, message.data)).toThrow(EnvelopeError);
    stream.abort();
  });

  it('refuses an unsealed stream for an app that requires the envelope, and a replayed sealed opening', async () => {
    // An unsealed opening can only carry its token in clear: refused, and that token is revoked.
    const leaked = await signIn();
    const plain = await fetch(`${base}${EVENTS_PATH}`, { headers: { authorization: leaked } });
    expect(plain.headers.get('content-type')).toMatch(/application\/json/);
    expect((await plain.json()).code).toBe(ResultCode.LOGOUT);
    // Sealed afterwards by someone who read it: the session is gone.
    const reseal = envelope.seal({ method: 'GET', path: EVENTS_PATH, token: leaked });
    const reused = await fetch(`${base}${EVENTS_PATH}`, {
      headers: { 'x-sec-identity-id': t.demoAppId, ...reseal.headers },
    });
    expect(envelope.open(reused.headers, await reused.json(), reseal.ctx, reused.status)).toMatchObject({
      code: ResultCode.LOGOUT,
    });

    const { headers } = sealedStream();
    const stream = await openEventStream(base, headers);
    streams.push(stream);
    expect(stream.status).toBe(200);
    const replayed = await fetch(`${base}${EVENTS_PATH}`, { headers });
    expect(replayed.status).toBe(400);
    expect(replayed.headers.get('content-type')).toMatch(/application\/json/);
    stream.abort();
  });
});
