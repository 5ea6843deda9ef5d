/**
 * SMS sign-in, register, forget-password, change mobile and change password (docs/auth.md)
 * through the real server on each test database, sending through the Aliyun provider to a fake
 * Aliyun endpoint on loopback that verifies the request signature; the code is read from what the
 * fake "delivered".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { ADMIN, startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';
import { startFakeAliyunSms, type FakeAliyunSms } from '../fakes/sms/server';

const MINUTE = 60_000;

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let sms: FakeAliyunSms;
  let ipSeq = 0;

  beforeAll(async () => {
    sms = await startFakeAliyunSms({ 'test-key-id': 'test-key-secret' });
    Object.assign(process.env, {
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: 'test-key-id',
      ALIYUN_SMS_ACCESS_KEY_SECRET: 'test-key-secret',
      ALIYUN_SMS_SIGN_NAME: 'Tessera',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_0001',
      ALIYUN_SMS_ENDPOINT: sms.url,
    });
    database = await makeDatabase();
    t = await startTestApp(database);
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
    await sms?.close();
  });

  /** A fresh IP per test, so the per-IP limit of one test does not touch another. */
  const nextIp = () => `10.0.0.${++ipSeq}`;

  async function send(mobile: string, scene: string, options: { ip?: string; token?: string } = {}) {
    return t.request({ url: '/api/auth/sendSmsCode', body: { identify: 'demo', mobile, scene }, ...options });
  }

  function lastCode(mobile: string): string {
    const message = sms.sent.filter((m) => m.phone === mobile).at(-1);
    if (!message) throw new Error(`no SMS to ${mobile}`);
    return message.params.code;
  }

  async function codeFor(mobile: string, scene: string, token?: string): Promise<string> {
    const reply = await send(mobile, scene, { ip: nextIp(), ...(token ? { token } : {}) });
    expect(reply.body.code).toBe(ResultCode.SUCCESS);
    return lastCode(mobile);
  }

  async function userWithMobile(account: string, password: string, mobile: string, role = 'user') {
    const id = await t.addUser(account, password, role);
    await t.db.db.updateTable(t.tables.user).set({ mobile }).where('id', '=', id).execute();
    return id;
  }

  const alive = async (token: string) => (await t.request({ url: '/api/auth/userInfo', token })).body.code;

  describe('sendSmsCode', () => {
    it('sends a signed request the provider accepts, and stores the code only as a salted hash', async () => {
      const reply = await send('13900000001', 'login', { ip: nextIp() });
      expect(reply.body).toEqual({ code: ResultCode.SUCCESS, message: '验证码已发送', data: null });
      const message = sms.sent.at(-1)!;
      expect(message).toMatchObject({ phone: '13900000001', signName: 'Tessera', templateCode: 'SMS_0001' });
      expect(message.params.code).toMatch(/^\d{6}$/);
      expect(sms.refusals).toEqual([]);
      const rows = await t.db.db
        .selectFrom('tessera_sys_sms_code')
        .selectAll()
        .where('mobile', '=', '13900000001')
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ scene: 'login' });
      expect(rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(rows)).not.toContain(message.params.code);
      expect(Number(rows[0].expires_at) - Number(rows[0].created_at)).toBe(5 * MINUTE);
    });

    it('refuses a bad mobile, an unknown scene, an unknown app and unknown keys, sending nothing', async () => {
      const before = sms.sent.length;
      expect((await send('12345', 'login')).body).toMatchObject({ code: 'P4000', message: '手机号格式不正确' });
      expect((await send('13900000002', 'hack')).body.code).toBe('P4000');
      const unknownApp = await t.request({
        url: '/api/auth/sendSmsCode',
        body: { identify: 'nope', mobile: '13900000002', scene: 'login' },
      });
      expect(unknownApp.body.code).toBe(ResultCode.APP_NOT_FOUND);
      const extra = await t.request({
        url: '/api/auth/sendSmsCode',
        body: { identify: 'demo', mobile: '13900000002', scene: 'login', appId: 'x' },
      });
      expect(extra.body.code).toBe('P4000');
      expect(sms.sent.length).toBe(before);
    });

    it('limits a mobile to one code a minute and ten a day', async () => {
      const mobile = '13900000003';
      expect((await send(mobile, 'login', { ip: nextIp() })).body.code).toBe('200');
      const again = await send(mobile, 'login', { ip: nextIp() });
      expect(again.body).toMatchObject({ code: ResultCode.RATE_LIMITED, message: '发送过于频繁，请稍后再试' });
      for (let i = 2; i <= 10; i++) {
        t.clock.now += MINUTE + 1;
        expect((await send(mobile, 'login', { ip: nextIp() })).body.code).toBe('200');
      }
      t.clock.now += MINUTE + 1;
      expect((await send(mobile, 'login', { ip: nextIp() })).body.code).toBe(ResultCode.RATE_LIMITED);
      t.clock.now += 24 * 60 * MINUTE;
      expect((await send(mobile, 'login', { ip: nextIp() })).body.code).toBe('200');
    });

    it('limits an IP to twenty codes an hour, whatever the mobiles', async () => {
      const ip = nextIp();
      for (let i = 0; i < 20; i++) {
        expect((await send(`1370000${String(i).padStart(4, '0')}`, 'register', { ip })).body.code).toBe('200');
      }
      expect((await send('13799999999', 'register', { ip })).body.code).toBe(ResultCode.RATE_LIMITED);
      expect((await send('13799999999', 'register', { ip: nextIp() })).body.code).toBe('200');
    });

    it('answers P5000 when the provider refuses, keeping no code and no limit', async () => {
      sms.failNext = 'isv.BUSINESS_LIMIT_CONTROL';
      const reply = await send('13900000004', 'login', { ip: nextIp() });
      expect(reply.body).toMatchObject({ code: ResultCode.SERVER_ERROR, message: '短信发送失败，请稍后再试' });
      const rows = await t.db.db
        .selectFrom('tessera_sys_sms_code')
        .select('id')
        .where('mobile', '=', '13900000004')
        .execute();
      expect(rows).toHaveLength(0);
      expect((await send('13900000004', 'login', { ip: nextIp() })).body.code).toBe('200');
    });

    it('needs a live session for the changeMobile scene', async () => {
      expect((await send('13900000005', 'changeMobile', { ip: nextIp() })).body.code).toBe(ResultCode.LOGOUT);
    });
  });

  describe('smsLogin', () => {
    it('signs in with the code once; the code cannot be used again', async () => {
      await userWithMobile('smsuser', 'Passw0rd!', '13900000010');
      const code = await codeFor('13900000010', 'login');
      const reply = await t.request({
        url: '/api/auth/smsLogin',
        body: { identify: 'demo', mobile: '13900000010', code },
      });
      expect(reply.body.code).toBe('200');
      expect(reply.headers.authorization).toBe(reply.body.data.token);
      const info = await t.request({ url: '/api/auth/userInfo', token: reply.body.data.token });
      expect(info.body.data.name).toBe('smsuser');
      const again = await t.request({
        url: '/api/auth/smsLogin',
        body: { identify: 'demo', mobile: '13900000010', code },
      });
      expect(again.body).toMatchObject({ code: ResultCode.AUTH_FAILED, message: '短信验证码错误或已过期' });
    });

    it('refuses an expired code, a code of another scene, and burns a code after five wrong answers', async () => {
      await userWithMobile('smsuser2', 'Passw0rd!', '13900000011');
      const login = (code: string) =>
        t.request({ url: '/api/auth/smsLogin', body: { identify: 'demo', mobile: '13900000011', code } });
      const expired = await codeFor('13900000011', 'login');
      t.clock.now += 5 * MINUTE + 1;
      expect((await login(expired)).body.code).toBe(ResultCode.AUTH_FAILED);

      t.clock.now += MINUTE;
      const otherScene = await codeFor('13900000011', 'forget');
      expect((await login(otherScene)).body.code).toBe(ResultCode.AUTH_FAILED);

      t.clock.now += MINUTE;
      const right = await codeFor('13900000011', 'login');
      const wrong = right === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) expect((await login(wrong)).body.code).toBe(ResultCode.AUTH_FAILED);
      expect((await login(right)).body.code).toBe(ResultCode.AUTH_FAILED);
    });

    it('tells that a mobile has no account only after a correct code', async () => {
      const code = await codeFor('13900000012', 'login');
      const reply = await t.request({
        url: '/api/auth/smsLogin',
        body: { identify: 'demo', mobile: '13900000012', code },
        lang: 'en',
      });
      expect(reply.body).toMatchObject({ code: ResultCode.AUTH_FAILED, message: 'No account uses this mobile number' });
    });

    it('refuses a disabled account', async () => {
      const id = await userWithMobile('smsoff', 'Passw0rd!', '13900000013');
      await t.db.db.updateTable(t.tables.user).set({ status: 0 }).where('id', '=', id).execute();
      const code = await codeFor('13900000013', 'login');
      const reply = await t.request({
        url: '/api/auth/smsLogin',
        body: { identify: 'demo', mobile: '13900000013', code },
      });
      expect(reply.body).toMatchObject({ code: ResultCode.AUTH_FAILED, message: '账号已停用，请联系管理员' });
    });
  });

  describe('register', () => {
    it("creates a user with the app's user role, signed in at once", async () => {
      const code = await codeFor('13900000020', 'register');
      const reply = await t.request({
        url: '/api/auth/register',
        body: { identify: 'demo', mobile: '13900000020', code, name: '新用户', password: 'Newpass123' },
      });
      expect(reply.body.code).toBe('200');
      const info = (await t.request({ url: '/api/auth/userInfo', token: reply.body.data.token })).body.data;
      expect(info).toMatchObject({ name: '新用户', mobile: '13900000020' });
      expect(info.roles.map((r: { identify: string }) => r.identify)).toEqual(['user']);
      expect(await t.signIn('13900000020', 'Newpass123')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('refuses a weak password before spending the code, and a mobile already in use', async () => {
      t.clock.now += MINUTE + 1;
      const code = await codeFor('13900000020', 'register');
      const weak = await t.request({
        url: '/api/auth/register',
        body: { identify: 'demo', mobile: '13900000020', code, name: 'x', password: 'password' },
      });
      expect(weak.body).toMatchObject({ code: 'P4000', message: '密码须为 8–120 位，且同时包含字母和数字' });
      const taken = await t.request({
        url: '/api/auth/register',
        body: { identify: 'demo', mobile: '13900000020', code, name: 'x', password: 'Another123' },
      });
      expect(taken.body).toMatchObject({ code: 'P4000', message: '该手机号已被使用' });
      const count = await t.db.db
        .selectFrom(t.tables.user)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('mobile', '=', '13900000020')
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);
    });
  });

  describe('forgetPwd', () => {
    it('sets the new password and revokes every session of the user', async () => {
      await userWithMobile('forgetful', 'Oldpass123', '13900000030');
      const before = await t.signIn('forgetful', 'Oldpass123');
      const code = await codeFor('13900000030', 'forget');
      const reply = await t.request({
        url: '/api/auth/forgetPwd',
        body: { identify: 'demo', mobile: '13900000030', code, password: 'Newpass456' },
      });
      expect(reply.body.code).toBe('200');
      expect(await alive(before)).toBe(ResultCode.LOGOUT);
      await expect(t.signIn('forgetful', 'Oldpass123')).rejects.toThrow(/P4010/);
      expect(await alive(await t.signIn('forgetful', 'Newpass456'))).toBe('200');
    });
  });

  describe('changePwd and changeMobile', () => {
    it('changes the password with the old one, revoking the other sessions only', async () => {
      await userWithMobile('changer', 'Oldpass123', '13900000040');
      const other = await t.signIn('changer', 'Oldpass123');
      const current = await t.signIn('changer', 'Oldpass123');
      const change = (oldPassword: string, newPassword: string) =>
        t.request({ url: '/api/auth/changePwd', token: current, body: { oldPassword, newPassword } });
      expect((await change('Wrong1234', 'Newpass789')).body).toMatchObject({ code: 'P4010', message: '原密码错误' });
      expect((await change('Oldpass123', 'short1')).body.code).toBe('P4000');
      expect((await change('Oldpass123', 'Newpass789')).body.code).toBe('200');
      expect(await alive(current)).toBe('200');
      expect(await alive(other)).toBe(ResultCode.LOGOUT);
      expect(await alive(await t.signIn('changer', 'Newpass789'))).toBe('200');
    });

    it('limits guesses of the old password like sign-in does', async () => {
      await userWithMobile('guesser', 'Oldpass123', '13900000041');
      const token = await t.signIn('guesser', 'Oldpass123');
      for (let i = 0; i < 5; i++) {
        const reply = await t.request({
          url: '/api/auth/changePwd',
          token,
          body: { oldPassword: `Wrong${i}1234`, newPassword: 'Newpass789' },
        });
        expect(reply.body.code).toBe('P4010');
      }
      const limited = await t.request({
        url: '/api/auth/changePwd',
        token,
        body: { oldPassword: 'Oldpass123', newPassword: 'Newpass789' },
      });
      expect(limited.body.code).toBe(ResultCode.RATE_LIMITED);
    });

    it('changes the mobile with a code sent to the new number, refusing one in use', async () => {
      await userWithMobile('mover', 'Oldpass123', '13900000050');
      const token = await t.signIn('mover', 'Oldpass123');
      const taken = await codeFor('13800000000', 'changeMobile', token);
      const refused = await t.request({
        url: '/api/auth/changeMobile',
        token,
        body: { mobile: '13800000000', code: taken },
      });
      expect(refused.body).toMatchObject({ code: 'P4000', message: '该手机号已被使用' });
      const code = await codeFor('13900000051', 'changeMobile', token);
      const wrong = await t.request({ url: '/api/auth/changeMobile', token, body: { mobile: '13900000052', code } });
      expect(wrong.body.code).toBe('P4010');
      const reply = await t.request({ url: '/api/auth/changeMobile', token, body: { mobile: '13900000051', code } });
      expect(reply.body.code).toBe('200');
      const info = (await t.request({ url: '/api/auth/userInfo', token })).body.data;
      expect(info.mobile).toBe('13900000051');
    });

    it('keeps the admin password sign-in working (unchanged behaviour)', async () => {
      expect(await alive(await t.signIn(ADMIN.account, ADMIN.password))).toBe('200');
    });
  });
});
