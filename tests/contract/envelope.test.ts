/**
 * The demo app as seeded (encrypt on): the browser's envelope (protocol/envelope) against the
 * real server. Sealed sign-in and calls work; unsealed ones are refused with HTTP 400 P4000 once
 * the session's app requires sealing, even when the request names no app; public routes stay open.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { ClientEnvelope } from '../../protocol/envelope/index';
import { ADMIN, TEST_CAPTCHA, startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let envelope: ClientEnvelope;

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database, { encrypt: true });
    const info = (await t.request({ url: '/api/app/demo' })).body.data;
    expect(info.encrypt).toBe(true);
    envelope = new ClientEnvelope(info.public_key, { now: () => t.clock.now });
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  /** Seals like the shell's api client, sends through inject, opens the reply. */
  async function sealed(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options: { body?: unknown; query?: Record<string, string>; token?: string } = {},
  ) {
    const seal = envelope.seal({ method, path, body: options.body, query: options.query, token: options.token });
    const headers: Record<string, string> = { 'x-sec-identity-id': t.demoAppId, ...seal.headers };
    if (seal.body) headers['content-type'] = 'application/json';
    const search = seal.query ? `?${new URLSearchParams(seal.query)}` : '';
    const response = await t.app.inject({
      method,
      url: `${path}${search}`,
      headers,
      payload: seal.body ? JSON.stringify(seal.body) : undefined,
    });
    return {
      response,
      result: envelope.open(response.headers, response.json(), seal.ctx, response.statusCode) as {
        code: string;
        message: string;
        data: any;
      },
    };
  }

  async function signInSealed(): Promise<string> {
    const code = await sealed('GET', '/api/auth/getPicCode', { query: { identify: 'demo' } });
    expect(code.result.code).toBe(ResultCode.SUCCESS);
    const login = await sealed('POST', '/api/auth/login', {
      body: { identify: 'demo', ...ADMIN, codeKey: code.result.data.codeKey, code: TEST_CAPTCHA },
    });
    expect(login.result.code).toBe(ResultCode.SUCCESS);
    // Sealed: the token is only in the sealed body, never in a plaintext response header.
    expect(login.response.headers.authorization).toBeUndefined();
    return login.result.data.token;
  }

  it('signs in and lists customers through the envelope', async () => {
    const token = await signInSealed();
    const list = await sealed('POST', '/api/common/customer/list', { body: { isPage: true, pageSize: 3 }, token });
    expect(list.response.headers['x-sec-encrypted']).toBe('1');
    expect(list.result.data.total).toBe(50);
    expect(list.result.data.list).toHaveLength(3);
    const info = await sealed('GET', '/api/auth/userInfo', { token });
    expect(info.result.data.name).toBe('管理员');
  });

  it('refuses an unsealed sign-in for the app, even without the app header', async () => {
    const reply = await t.request({
      url: '/api/auth/login',
      body: { identify: 'demo', ...ADMIN, codeKey: 'x', code: 'y' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ code: ResultCode.BAD_REQUEST, message: '请求数据校验失败', data: null });
  });

  it('refuses unsealed calls in a session of the app, with or without a body, and revokes the token', async () => {
    for (const call of [
      { url: '/api/auth/userInfo' },
      { url: '/api/common/customer/list', body: {} },
      { method: 'DELETE' as const, url: '/api/common/customer/abc' },
    ]) {
      // The token went in clear, so it is refused and dead (tests/contract/envelope-token.test.ts).
      const token = await signInSealed();
      const reply = await t.request({ ...call, token });
      expect(reply.body).toMatchObject({ code: ResultCode.LOGOUT, data: null });
      const after = await sealed('GET', '/api/auth/userInfo', { token });
      expect(after.result.code).toBe(ResultCode.LOGOUT);
    }
  });

  it('keeps app info and health open unsealed', async () => {
    expect((await t.request({ url: '/api/app/demo' })).body.code).toBe(ResultCode.SUCCESS);
    expect((await t.request({ url: '/api/health' })).body.code).toBe(ResultCode.SUCCESS);
  });
});
