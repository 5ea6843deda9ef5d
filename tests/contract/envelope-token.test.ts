/**
 * The session token under the envelope (issue 21 item 1, docs/envelope.md "Session token"), tried as
 * an attacker who reads the wire would: the token never appears in clear in a request or a reply,
 * renewal included; a sealed token lifted from one request does not work in another (their own
 * sealing, the victim's key without the MAC, a replay); a token sent in clear is refused and revoked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { ClientEnvelope, EnvelopeError, EnvelopeHeaders, type SealContext } from '../../protocol/envelope/index';
import { EVENTS_PATH } from '../../protocol/event-stream';
import { RENEW_AFTER_MS } from '../../server/auth/sessions';
import { ADMIN, TEST_CAPTCHA, startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const LIST = { isPage: true, pageSize: 1 };
const PLAIN_TOKEN_ZH = '会话令牌未加密发送，已失效，请重新登录';

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let publicKey: string;
  let victim: ClientEnvelope;

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database, { encrypt: true });
    publicKey = (await t.request({ url: '/api/app/demo' })).body.data.public_key;
    victim = new ClientEnvelope(publicKey, { now: () => t.clock.now });
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  interface Wire {
    method: 'GET' | 'POST';
    url: string;
    headers: Record<string, string>;
    payload?: string;
  }

  /** A sealed request as it goes on the wire, and its context (which only the client keeps). */
  function seal(
    envelope: ClientEnvelope,
    method: 'GET' | 'POST',
    path: string,
    options: { body?: unknown; query?: Record<string, string>; token?: string } = {},
  ): { wire: Wire; ctx: SealContext } {
    const sealed = envelope.seal({ method, path, ...options });
    const headers: Record<string, string> = { 'x-sec-identity-id': t.demoAppId, ...sealed.headers };
    if (sealed.body) headers['content-type'] = 'application/json';
    const search = sealed.query ? `?${new URLSearchParams(sealed.query)}` : '';
    const payload = sealed.body ? JSON.stringify(sealed.body) : undefined;
    return { wire: { method, url: `${path}${search}`, headers, payload }, ctx: sealed.ctx };
  }

  async function send(wire: Wire) {
    const response = await t.app.inject(wire);
    return { response, raw: `${JSON.stringify(response.headers)}\n${response.payload}` };
  }

  async function call(path: string, token: string, body: unknown = LIST) {
    const { wire, ctx } = seal(victim, 'POST', path, { body, token });
    const { response, raw } = await send(wire);
    const result = victim.open(response.headers, response.json(), ctx, response.statusCode) as any;
    return { wire, ctx, response, raw, result };
  }

  async function signIn(): Promise<string> {
    const code = seal(victim, 'GET', '/api/auth/getPicCode', { query: { identify: 'demo' } });
    const codeReply = (await send(code.wire)).response;
    const codeKey = (victim.open(codeReply.headers, codeReply.json(), code.ctx, codeReply.statusCode) as any).data
      .codeKey;
    const login = seal(victim, 'POST', '/api/auth/login', {
      body: { identify: 'demo', ...ADMIN, codeKey, code: TEST_CAPTCHA },
    });
    const { response, raw } = await send(login.wire);
    const result = victim.open(response.headers, response.json(), login.ctx, response.statusCode) as any;
    expect(result.code).toBe(ResultCode.SUCCESS);
    expect(raw).not.toContain(result.data.token);
    return result.data.token as string;
  }

  const opened = (response: { headers: any; json(): any; statusCode: number }, ctx: SealContext) =>
    victim.open(response.headers, response.json(), ctx, response.statusCode) as { code: string; message: string };

  describe('on the wire', () => {
    it('a sealed call carries the token only sealed, differently each time, and the reply never shows it', async () => {
      const token = await signIn();
      const first = await call('/api/common/customer/list', token);
      const second = await call('/api/common/customer/list', token);
      expect(first.result.code).toBe(ResultCode.SUCCESS);
      expect(second.result.code).toBe(ResultCode.SUCCESS);
      for (const { wire, raw } of [first, second]) {
        expect(wire.headers.authorization).toBeUndefined();
        expect(JSON.stringify(wire)).not.toContain(token);
        expect(raw).not.toContain(token);
      }
      expect(first.wire.headers[EnvelopeHeaders.AUTH]).not.toBe(second.wire.headers[EnvelopeHeaders.AUTH]);
    });
  });

  describe('a sealed token read from the wire and reused', () => {
    it('in a request the attacker seals with the public key: refused', async () => {
      const token = await signIn();
      const captured = (await call('/api/common/customer/list', token)).wire;
      const attacker = new ClientEnvelope(publicKey, { now: () => t.clock.now });
      const own = seal(attacker, 'POST', '/api/common/customer/list', { body: LIST });
      own.wire.headers[EnvelopeHeaders.AUTH] = captured.headers[EnvelopeHeaders.AUTH]!;
      const { response } = await send(own.wire);
      // Signed by the attacker, so the MAC holds, but the token was sealed under the victim's key.
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: ResultCode.BAD_REQUEST, data: null });
    });

    it('moved with the victim’s wrapped key into another request: the signature fails', async () => {
      const token = await signIn();
      const captured = (await call('/api/common/customer/list', token)).wire;
      const attacker = new ClientEnvelope(publicKey, { now: () => t.clock.now });
      const own = seal(attacker, 'POST', '/api/common/customer/delete', { body: { ids: ['x'] } });
      for (const name of [EnvelopeHeaders.KEY, EnvelopeHeaders.AUTH]) own.wire.headers[name] = captured.headers[name]!;
      const { response } = await send(own.wire);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe(ResultCode.BAD_REQUEST);
    });

    it('replayed whole, or stripped of its token: refused', async () => {
      const token = await signIn();
      const captured = (await call('/api/common/customer/list', token)).wire;
      expect((await send(captured)).response.statusCode).toBe(400);
      const fresh = (() => {
        const { wire } = seal(victim, 'POST', '/api/common/customer/list', { body: LIST, token });
        return wire;
      })();
      const stripped = { ...fresh, headers: { ...fresh.headers } };
      delete stripped.headers[EnvelopeHeaders.AUTH];
      expect((await send(stripped)).response.statusCode).toBe(400);
    });
  });

  describe('a token in clear with the envelope on', () => {
    it('in a plaintext request: refused with a clear message, and the token is revoked', async () => {
      const token = await signIn();
      const plain = await t.app.inject({ method: 'GET', url: '/api/auth/userInfo', headers: { authorization: token } });
      expect(plain.json()).toEqual({ code: ResultCode.LOGOUT, message: PLAIN_TOKEN_ZH, data: null });
      // Whoever saw it cannot seal it themselves now.
      expect((await call('/api/common/customer/list', token)).result.code).toBe(ResultCode.LOGOUT);
    });

    it('beside a sealed request: refused, revoked, and the answer is in the user’s language', async () => {
      const token = await signIn();
      const { wire, ctx } = seal(victim, 'POST', '/api/common/customer/list', { body: LIST });
      wire.headers.authorization = token;
      wire.headers['x-lang'] = 'en';
      const { response } = await send(wire);
      expect(opened(response, ctx)).toMatchObject({
        code: ResultCode.LOGOUT,
        message: 'The session token was sent unencrypted and has been revoked, please sign in again',
      });
      expect((await call('/api/common/customer/list', token)).result.code).toBe(ResultCode.LOGOUT);
    });
  });

  describe('a public route that reads the session itself (SMS code for changeMobile)', () => {
    it('takes the sealed token, and refuses one in clear beside it', async () => {
      const token = await signIn();
      const body = { identify: 'demo', mobile: '13900000009', scene: 'changeMobile' };
      const good = seal(victim, 'POST', '/api/auth/sendSmsCode', { body, token });
      expect(opened((await send(good.wire)).response, good.ctx).code).toBe(ResultCode.SUCCESS);
      const anonymous = seal(victim, 'POST', '/api/auth/sendSmsCode', { body: { ...body, mobile: '13900000008' } });
      expect(opened((await send(anonymous.wire)).response, anonymous.ctx).code).toBe(ResultCode.LOGOUT);
      const leaked = seal(victim, 'POST', '/api/auth/sendSmsCode', { body: { ...body, mobile: '13900000007' } });
      leaked.wire.headers.authorization = token;
      expect(opened((await send(leaked.wire)).response, leaked.ctx)).toMatchObject({
        code: ResultCode.LOGOUT,
        message: PLAIN_TOKEN_ZH,
      });
      expect((await call('/api/common/customer/list', token)).result.code).toBe(ResultCode.LOGOUT);
    });
  });

  describe('renewal', () => {
    it('comes back sealed in x-sec-auth, bound to its request, never in clear', async () => {
      const token = await signIn();
      t.clock.now += RENEW_AFTER_MS + 1_000;
      const due = await call('/api/common/customer/list', token);
      expect(due.result.code).toBe(ResultCode.SUCCESS);
      expect(due.response.headers.authorization).toBeUndefined();
      const renewed = victim.openToken(due.response.headers, due.ctx);
      expect(renewed).toMatch(/^[A-Za-z0-9_-]{20,}$/);
      expect(renewed).not.toBe(token);
      expect(due.raw).not.toContain(renewed);
      // Another request's context (key or nonce) cannot open it: it belongs to this reply only.
      const other = seal(victim, 'GET', '/api/auth/userInfo').ctx;
      expect(() => victim.openToken(due.response.headers, other)).toThrow(EnvelopeError);
      const tampered = String(due.response.headers[EnvelopeHeaders.AUTH]).replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
      expect(() => victim.openToken({ [EnvelopeHeaders.AUTH]: tampered }, due.ctx)).toThrow(EnvelopeError);
      // The renewed token works, sealed.
      expect((await call('/api/common/customer/list', renewed!)).result.code).toBe(ResultCode.SUCCESS);
      // The sealed renewal lifted into the attacker's own request does not open under their key.
      const attacker = new ClientEnvelope(publicKey, { now: () => t.clock.now });
      const own = seal(attacker, 'POST', '/api/common/customer/list', { body: LIST });
      own.wire.headers[EnvelopeHeaders.AUTH] = String(due.response.headers[EnvelopeHeaders.AUTH]);
      expect((await send(own.wire)).response.statusCode).toBe(400);
    });

    it('due on the event stream’s opening (a reply that skips onSend) is sealed too', async () => {
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const token = await signIn();
      t.clock.now += RENEW_AFTER_MS + 1_000;
      const { ctx, headers } = (() => {
        const sealed = victim.seal({ method: 'GET', path: EVENTS_PATH, token });
        return { ctx: sealed.ctx, headers: { 'x-sec-identity-id': t.demoAppId, ...sealed.headers } };
      })();
      const controller = new AbortController();
      const response = await fetch(`${base}${EVENTS_PATH}`, { headers, signal: controller.signal });
      try {
        expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
        expect(response.headers.get('authorization')).toBeNull();
        const renewed = victim.openToken(response.headers, ctx);
        expect(renewed).toMatch(/^[A-Za-z0-9_-]{20,}$/);
        expect(JSON.stringify([...response.headers])).not.toContain(renewed);
      } finally {
        controller.abort();
      }
    });
  });
});
