/**
 * DingTalk sign-in (docs/auth.md) against a fake DingTalk open API on loopback speaking the
 * new-style OAuth protocol: the page config without the secret, the code exchange, the user
 * matched by mobile, and each refusal. On each test database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { dingtalkUser, DingtalkError, loadDingtalkConfig } from '../../server/dingtalk/client';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';
import { startFakeDingtalk, type FakeDingtalk } from '../fakes/dingtalk/server';

const CLIENT = { clientId: 'ding-client-id', clientSecret: 'ding-client-secret-value' };

describe('loadDingtalkConfig', () => {
  it('is off without credentials, needs both, and checks the URLs', () => {
    expect(loadDingtalkConfig({})).toBeUndefined();
    expect(() => loadDingtalkConfig({ DINGTALK_CLIENT_ID: 'x' })).toThrow(/DINGTALK_CLIENT_SECRET/);
    expect(() =>
      loadDingtalkConfig({ DINGTALK_CLIENT_ID: 'x', DINGTALK_CLIENT_SECRET: 'y', DINGTALK_BASE_URL: 'ftp://h' }),
    ).toThrow(/DINGTALK_BASE_URL/);
    expect(loadDingtalkConfig({ DINGTALK_CLIENT_ID: 'x', DINGTALK_CLIENT_SECRET: 'y' })).toMatchObject({
      baseUrl: 'https://api.dingtalk.com',
      authorizeUrl: 'https://login.dingtalk.com/oauth2/auth',
    });
  });
});

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let ding: FakeDingtalk;

  beforeAll(async () => {
    ding = await startFakeDingtalk(CLIENT);
    Object.assign(process.env, {
      DINGTALK_CLIENT_ID: CLIENT.clientId,
      DINGTALK_CLIENT_SECRET: CLIENT.clientSecret,
      DINGTALK_BASE_URL: ding.url,
    });
    database = await makeDatabase();
    t = await startTestApp(database);
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
    await ding?.close();
  });

  const login = (authCode: string) => t.request({ url: '/api/dingtalk/login', body: { identify: 'demo', authCode } });

  it('gives the login page the client id and authorize URL, never the secret', async () => {
    const reply = await t.request({ url: '/api/dingtalk/config?identify=demo' });
    expect(reply.body.data).toEqual({
      enabled: true,
      clientId: CLIENT.clientId,
      authorizeUrl: 'https://login.dingtalk.com/oauth2/auth',
      scope: 'openid',
      prompt: 'consent',
    });
    expect(JSON.stringify(reply.body)).not.toContain(CLIENT.clientSecret);
    expect((await t.request({ url: '/api/dingtalk/config?identify=nope' })).body.code).toBe(ResultCode.APP_NOT_FOUND);
  });

  it('exchanges the code and signs in the account with the DingTalk mobile', async () => {
    const code = ding.authorize({ nick: '钉钉管理员', mobile: '13800000000', unionId: 'u1', openId: 'o1' });
    const reply = await login(code);
    expect(reply.body.code).toBe('200');
    expect(reply.headers.authorization).toBe(reply.body.data.token);
    const info = await t.request({ url: '/api/auth/userInfo', token: reply.body.data.token });
    expect(info.body.data.name).toBe('管理员');
    expect(ding.log.slice(-2)).toEqual(['POST /v1.0/oauth2/userAccessToken 200', 'GET /v1.0/contact/users/me 200']);
  });

  it('plays the consent page for browser tests: redirects back with authCode and state', async () => {
    ding.consentAs({ nick: '钉钉管理员', mobile: '+86-13800000000', unionId: 'u9', openId: 'o9' });
    const back = 'http://127.0.0.1:9/demo/login';
    const response = await fetch(
      `${ding.url}/oauth2/auth?client_id=${CLIENT.clientId}&redirect_uri=${encodeURIComponent(back)}&response_type=code&scope=openid&state=s1`,
      { redirect: 'manual' },
    );
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(back);
    expect(location.searchParams.get('state')).toBe('s1');
    const reply = await login(location.searchParams.get('authCode')!);
    expect(reply.body.code).toBe('200');
    ding.consentAs(undefined);
  });

  it('refuses a used or unknown code', async () => {
    const code = ding.authorize({ nick: 'a', mobile: '13800000000', unionId: 'u2', openId: 'o2' });
    expect((await login(code)).body.code).toBe('200');
    const again = await login(code);
    expect(again.body).toEqual({ code: ResultCode.AUTH_FAILED, message: '钉钉授权失败，请重试', data: null });
    expect((await login('made-up')).body.code).toBe(ResultCode.AUTH_FAILED);
  });

  it('refuses a DingTalk user whose mobile (or lack of one) matches no account', async () => {
    const stranger = await login(ding.authorize({ nick: 'b', mobile: '13911112222', unionId: 'u3', openId: 'o3' }));
    expect(stranger.body).toMatchObject({
      code: ResultCode.AUTH_FAILED,
      message: '该钉钉账号的手机号未绑定本系统用户',
    });
    const hidden = await login(ding.authorize({ nick: 'c', unionId: 'u4', openId: 'o4' }));
    expect(hidden.body.code).toBe(ResultCode.AUTH_FAILED);
    const sessions = await t.db.db.selectFrom(t.tables.session).select('user_id').execute();
    expect(sessions).toHaveLength(3);
  });

  it('reports an unreachable DingTalk or a wrong secret without naming the secret', async () => {
    const closed = dingtalkUser({ ...CLIENT, baseUrl: 'http://127.0.0.1:1', authorizeUrl: 'x' }, 'code');
    await expect(closed).rejects.toBeInstanceOf(DingtalkError);
    const code = ding.authorize({ nick: 'd', mobile: '13800000000', unionId: 'u5', openId: 'o5' });
    const wrong = await dingtalkUser(
      { ...CLIENT, clientSecret: 'not-the-secret', baseUrl: ding.url, authorizeUrl: 'x' },
      code,
    ).catch((e: Error) => e);
    expect(wrong).toBeInstanceOf(DingtalkError);
    expect((wrong as Error).message).toMatch(/HTTP 400/);
    expect((wrong as Error).message).not.toContain('not-the-secret');
  });
});
