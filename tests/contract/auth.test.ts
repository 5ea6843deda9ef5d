/**
 * Sign-in, picture codes, rate limiting, sessions (expiry, sliding renewal, logout) and userInfo,
 * through the real server on each test database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { sha256 } from '../../server/auth/tokens';
import { ADMIN, TEST_CAPTCHA, startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const DAY = 86_400_000;

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  async function picCode(): Promise<string> {
    const reply = await t.request<{ codeKey: string }>({ url: '/api/auth/getPicCode?identify=demo' });
    return reply.body.data.codeKey;
  }

  function login(body: Record<string, unknown>, options: { ip?: string; lang?: 'zh' | 'en' } = {}) {
    return t.request<{ token: string }>({ url: '/api/auth/login', body: { identify: 'demo', ...body }, ...options });
  }

  describe('picture code', () => {
    it('answers a code key and an SVG data URI, and stores the code only as a hash', async () => {
      const reply = await t.request({ url: '/api/auth/getPicCode?identify=demo' });
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      expect(reply.body.data.codeKey).toMatch(/^[0-9a-f]{32}$/);
      expect(reply.body.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Buffer.from(reply.body.data.image.split(',')[1], 'base64').toString()).toContain('<svg');
      const row = await t.db.db
        .selectFrom(t.tables.captcha)
        .selectAll()
        .where('id', '=', reply.body.data.codeKey)
        .executeTakeFirstOrThrow();
      expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(TEST_CAPTCHA);
    });

    it('answers P4015 for an unknown app', async () => {
      const reply = await t.request({ url: '/api/auth/getPicCode?identify=nope' });
      expect(reply.body).toEqual({
        code: ResultCode.APP_NOT_FOUND,
        message: '应用地址不正确，请检查访问地址',
        data: null,
      });
    });
  });

  describe('sign-in', () => {
    it('returns the token in data and in the authorization header, and stores only its hash', async () => {
      const reply = await login({ ...ADMIN, codeKey: await picCode(), code: TEST_CAPTCHA });
      expect(reply.status).toBe(200);
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      const token = reply.body.data.token;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(reply.headers.authorization).toBe(token);
      const sessions = await t.db.db.selectFrom(t.tables.session).selectAll().execute();
      expect(sessions.map((s) => s.token_hash)).toContain(sha256(token));
      expect(JSON.stringify(sessions)).not.toContain(token);
      const info = await t.request({ url: '/api/auth/userInfo', token });
      expect(info.body.data.name).toBe('管理员');
    });

    it('accepts the picture code in any letter case, and the mobile number as account', async () => {
      const reply = await login({
        account: '13800000000',
        password: ADMIN.password,
        codeKey: await picCode(),
        code: TEST_CAPTCHA.toLowerCase(),
      });
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
    });

    it('gives an unknown account and a wrong password the same code and message', async () => {
      const unknown = await login(
        { account: 'nobody', password: 'whatever1', codeKey: await picCode(), code: TEST_CAPTCHA },
        { ip: '10.1.0.1' },
      );
      const wrong = await login(
        { account: 'admin', password: 'wrong-password', codeKey: await picCode(), code: TEST_CAPTCHA },
        { ip: '10.1.0.1' },
      );
      expect(unknown.body).toEqual({ code: ResultCode.AUTH_FAILED, message: '账号或密码错误', data: null });
      expect(wrong.body).toEqual(unknown.body);
      const en = await login(
        { account: 'nobody', password: 'x', codeKey: await picCode(), code: TEST_CAPTCHA },
        { ip: '10.1.0.1', lang: 'en' },
      );
      expect(en.body.message).toBe('Wrong account or password');
      expect(en.headers.authorization).toBeUndefined();
    });

    it('refuses a wrong picture code, a reused one and an expired one', async () => {
      const wrong = await login({ ...ADMIN, codeKey: await picCode(), code: 'XXXX' });
      expect(wrong.body).toMatchObject({ code: ResultCode.AUTH_FAILED, message: '验证码错误或已过期，请重新输入' });

      const used = await picCode();
      expect((await login({ ...ADMIN, codeKey: used, code: TEST_CAPTCHA })).body.code).toBe(ResultCode.SUCCESS);
      const reused = await login({ ...ADMIN, codeKey: used, code: TEST_CAPTCHA });
      expect(reused.body).toMatchObject({ code: ResultCode.AUTH_FAILED, message: '验证码错误或已过期，请重新输入' });

      const old = await picCode();
      t.clock.now += 5 * 60_000 + 1;
      const expired = await login({ ...ADMIN, codeKey: old, code: TEST_CAPTCHA });
      expect(expired.body).toMatchObject({ code: ResultCode.AUTH_FAILED, message: '验证码错误或已过期，请重新输入' });
    });

    it('locks account+IP after 5 failures within 15 minutes, even for the right password, and only that pair', async () => {
      const ip = '10.2.0.1';
      for (let i = 0; i < 5; i++) {
        const reply = await login(
          { account: 'admin', password: `bad-${i}`, codeKey: await picCode(), code: TEST_CAPTCHA },
          { ip },
        );
        expect(reply.body.code).toBe(ResultCode.AUTH_FAILED);
      }
      const locked = await login({ ...ADMIN, codeKey: await picCode(), code: TEST_CAPTCHA }, { ip });
      expect(locked.body).toEqual({
        code: ResultCode.RATE_LIMITED,
        message: '登录失败次数过多，请 15 分钟后再试',
        data: null,
      });
      const otherIp = await login({ ...ADMIN, codeKey: await picCode(), code: TEST_CAPTCHA }, { ip: '10.2.0.2' });
      expect(otherIp.body.code).toBe(ResultCode.SUCCESS);

      t.clock.now += 15 * 60_000 + 1;
      const later = await login({ ...ADMIN, codeKey: await picCode(), code: TEST_CAPTCHA }, { ip });
      expect(later.body.code).toBe(ResultCode.SUCCESS);
    });

    it('rejects malformed bodies with P4000 naming the problem', async () => {
      const missing = await login({ account: 'admin', codeKey: 'x', code: 'y' });
      expect(missing.body).toEqual({ code: ResultCode.BAD_REQUEST, message: 'password不能为空', data: null });
      const extra = await login({ ...ADMIN, codeKey: 'x', code: 'y', role: 'admin' });
      expect(extra.body).toMatchObject({ code: ResultCode.BAD_REQUEST, message: '不存在的字段：role' });
      const unknownApp = await login({ ...ADMIN, identify: 'nope', codeKey: 'x', code: 'y' });
      expect(unknownApp.body.code).toBe(ResultCode.APP_NOT_FOUND);
    });

    it('tells a disabled user so only after the right password, and ends their sessions', async () => {
      const id = await t.addUser('disabled1', 'Secret#123', 'user');
      const token = await t.signIn('disabled1', 'Secret#123');
      await t.db.db.updateTable(t.tables.user).set({ status: 0 }).where('id', '=', id).execute();
      const wrong = await login({
        account: 'disabled1',
        password: 'nope',
        codeKey: await picCode(),
        code: TEST_CAPTCHA,
      });
      expect(wrong.body.message).toBe('账号或密码错误');
      const right = await login({
        account: 'disabled1',
        password: 'Secret#123',
        codeKey: await picCode(),
        code: TEST_CAPTCHA,
      });
      expect(right.body).toMatchObject({ code: ResultCode.AUTH_FAILED, message: '账号已停用，请联系管理员' });
      expect((await t.request({ url: '/api/auth/userInfo', token })).body.code).toBe(ResultCode.LOGOUT);
    });
  });

  describe('sessions', () => {
    it('answers P4007 with HTTP 200 without a valid token', async () => {
      for (const token of [undefined, 'short', 'A'.repeat(43), `Bearer ${'B'.repeat(43)}`]) {
        const reply = await t.request({ url: '/api/auth/userInfo', token });
        expect(reply.status).toBe(200);
        expect(reply.body).toEqual({ code: ResultCode.LOGOUT, message: '登录已过期，请重新登录', data: null });
      }
    });

    it('accepts the token with a Bearer prefix', async () => {
      const token = await t.signIn();
      expect((await t.request({ url: '/api/auth/userInfo', token: `Bearer ${token}` })).body.code).toBe(
        ResultCode.SUCCESS,
      );
    });

    it('renews a session older than a day through the authorization header; the old token lasts a short grace', async () => {
      const token = await t.signIn();
      t.clock.now += DAY / 2;
      const young = await t.request({ url: '/api/auth/userInfo', token });
      expect(young.body.code).toBe(ResultCode.SUCCESS);
      expect(young.headers.authorization).toBeUndefined();

      t.clock.now += DAY;
      const due = await t.request({ url: '/api/auth/userInfo', token });
      expect(due.body.code).toBe(ResultCode.SUCCESS);
      const renewed = due.headers.authorization as string;
      expect(renewed).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(renewed).not.toBe(token);

      // Requests already in flight with the old token still pass, without renewing twice.
      const again = await t.request({ url: '/api/auth/userInfo', token });
      expect(again.body.code).toBe(ResultCode.SUCCESS);
      expect(again.headers.authorization).toBeUndefined();

      t.clock.now += 61_000;
      expect((await t.request({ url: '/api/auth/userInfo', token })).body.code).toBe(ResultCode.LOGOUT);
      expect((await t.request({ url: '/api/auth/userInfo', token: renewed })).body.code).toBe(ResultCode.SUCCESS);
    });

    it('expires a session after 7 days', async () => {
      const token = await t.signIn();
      const id = sha256(token);
      // Renewal would extend it; mark it renewed so only the expiry is tested.
      await t.db.db
        .updateTable(t.tables.session)
        .set({ renewed_at: t.clock.now })
        .where('token_hash', '=', id)
        .execute();
      t.clock.now += 7 * DAY - 1000;
      expect((await t.request({ url: '/api/auth/userInfo', token })).body.code).toBe(ResultCode.SUCCESS);
      t.clock.now += 2000;
      expect((await t.request({ url: '/api/auth/userInfo', token })).body.code).toBe(ResultCode.LOGOUT);
    });

    it('revokes the session on logout', async () => {
      const token = await t.signIn();
      const out = await t.request({ method: 'POST', url: '/api/auth/logout', token });
      expect(out.body).toMatchObject({ code: ResultCode.SUCCESS, data: null });
      expect((await t.request({ url: '/api/auth/userInfo', token })).body.code).toBe(ResultCode.LOGOUT);
      const rows = await t.db.db
        .selectFrom(t.tables.session)
        .select('token_hash')
        .where('token_hash', '=', sha256(token))
        .execute();
      expect(rows).toHaveLength(0);
    });
  });

  describe('userInfo', () => {
    it('returns the user with roles, joined menu ids and the app id, never the password hash', async () => {
      const token = await t.signIn();
      const reply = await t.request({ url: '/api/auth/userInfo', token });
      const data = reply.body.data;
      expect(data).toMatchObject({ name: '管理员', mobile: '13800000000', appId: t.demoAppId, theme_config: null });
      expect(data.roles).toHaveLength(1);
      expect(data.roles[0]).toMatchObject({ name: '管理员', identify: 'admin', level: 1 });
      expect(data.role_ids).toBe(data.roles[0].id);
      const menus = await t.db.db.selectFrom(t.tables.menu).select('id').where('app_id', '=', t.demoAppId).execute();
      expect(data.menu_ids.split(',').sort()).toEqual(menus.map((m) => m.id).sort());
      expect(JSON.stringify(data)).not.toMatch(/password|scrypt/);
    });

    it('gives a plain user the menus of their role only', async () => {
      await t.addUser('plain1', 'Plain#123', 'user');
      const token = await t.signIn('plain1', 'Plain#123');
      const data = (await t.request({ url: '/api/auth/userInfo', token })).body.data;
      expect(data.roles.map((r: { identify: string }) => r.identify)).toEqual(['user']);
      expect(data.menu_ids.split(',')).toHaveLength(2);
    });
  });
});
