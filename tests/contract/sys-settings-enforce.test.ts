/**
 * What the system settings enforce (docs/settings.md), each saved through the API and observed
 * through the sign-in routes as a user meets it: the password policy on change-password and on
 * adding a user, the history rule, expiry through the must-change gate, the lockout's attempts and
 * minutes, sign-in methods turned off, the picture-code rule, the session lifetime and the upload
 * limits.
 * Through the real server on each test database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { multipartBody } from '../../fixtures/files/multipart';
import { PDF_MINI, PNG_1PX } from '../../fixtures/files/samples';
import { ResultCode } from '../../protocol/codes';
import { DEFAULT_SETTINGS } from '../../protocol/settings';
import { ADMIN, TEST_CAPTCHA, startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const URL = '/api/sys/settings/current';
const DAY = 86_400_000;

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  let filesDir: string;
  const savedFilesDir = process.env.FILES_DIR;

  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'tessera-sys-files-'));
    process.env.FILES_DIR = filesDir;
    database = await makeDatabase();
    t = await startTestApp(database);
    admin = await t.signIn();
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
    rmSync(filesDir, { recursive: true, force: true });
    if (savedFilesDir === undefined) delete process.env.FILES_DIR;
    else process.env.FILES_DIR = savedFilesDir;
  });
  // Each test starts from the defaults.
  beforeEach(async () => {
    const reset = await t.request({ method: 'PUT', url: URL, token: admin, body: DEFAULT_SETTINGS });
    expect(reset.body.code).toBe(ResultCode.SUCCESS);
  });

  const settle = async (body: Record<string, unknown>) => {
    const reply = await t.request({ method: 'PUT', url: URL, token: admin, body });
    expect(reply.body.code, JSON.stringify(reply.body)).toBe(ResultCode.SUCCESS);
  };
  const changePwd = (token: string, oldPassword: string, newPassword: string, lang?: 'en') =>
    t.request({ url: '/api/auth/changePwd', token, body: { oldPassword, newPassword }, lang });
  const login = async (account: string, password: string, withCode = true) => {
    const code = (await t.request({ url: '/api/auth/getPicCode?identify=demo' })).body.data.codeKey;
    const picture = withCode ? { codeKey: code, code: TEST_CAPTCHA } : {};
    return t.request({ url: '/api/auth/login', body: { identify: 'demo', account, password, ...picture } });
  };

  describe('password policy', () => {
    it('refuses a change below the minimum or without a required kind, in both languages', async () => {
      await t.addUser('policy1', 'Start1234', 'user');
      const token = await t.signIn('policy1', 'Start1234');
      await settle({ password_min_length: 12, password_classes: ['lower', 'upper', 'digit', 'symbol'] });

      const short = await changePwd(token, 'Start1234', 'Abc1!short');
      expect(short.body).toEqual({
        code: ResultCode.BAD_REQUEST,
        message: '密码须为 12–120 位，且包含小写字母、大写字母、数字、符号',
        data: null,
      });
      const english = await changePwd(token, 'Start1234', 'abcdefghijkl1!', 'en');
      expect(english.body.message).toBe(
        'The password must be 12–120 characters long and contain a lower-case letter, an upper-case letter, a digit, a symbol',
      );
      // Refused before the old password is even checked, and nothing changed.
      expect((await login('policy1', 'Start1234')).body.code).toBe(ResultCode.SUCCESS);
      expect((await changePwd(token, 'Start1234', 'Abcdefgh12!x')).body.code).toBe(ResultCode.SUCCESS);
      expect((await login('policy1', 'Abcdefgh12!x')).body.code).toBe(ResultCode.SUCCESS);
    });

    it('keeps the built-in message for the built-in rule', async () => {
      await t.addUser('policy2', 'Start1234', 'user');
      const token = await t.signIn('policy2', 'Start1234');
      const reply = await changePwd(token, 'Start1234', 'onlyletters');
      expect(reply.body.message).toBe('密码须为 8–120 位，且同时包含字母和数字');
    });

    it('applies to a user an admin adds: a typed password is checked, a generated one passes', async () => {
      await settle({ password_min_length: 16, password_classes: ['upper', 'symbol', 'digit'] });
      const users = '/api/common/tessera_sys_user';
      const typed = await t.request({
        url: users,
        token: admin,
        body: { account: 'added1', name: 'Added', password: 'Short12345A' },
      });
      expect(typed.body.code).toBe(ResultCode.BAD_REQUEST);
      expect(typed.body.message).toBe('密码须为 16–120 位，且包含大写字母、符号、数字');
      const generated = await t.request({ url: users, token: admin, body: { account: 'added2', name: 'Added' } });
      expect(generated.body.code).toBe(ResultCode.SUCCESS);
      const password = generated.body.data.initialPassword as string;
      expect(password.length).toBeGreaterThanOrEqual(16);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/\d/);
      expect(password).toMatch(/[^A-Za-z0-9]/);
      expect((await login('added2', password)).body.code).toBe(ResultCode.SUCCESS);
    });

    it('refuses one of the last N passwords and forgets older ones', async () => {
      await settle({ password_history: 3 });
      await t.addUser('history1', 'Pass0001a', 'user');
      const token = await t.signIn('history1', 'Pass0001a');
      const same = await changePwd(token, 'Pass0001a', 'Pass0001a');
      expect(same.body.message).toBe('新密码不能与最近 3 次使用过的密码相同');
      expect((await changePwd(token, 'Pass0001a', 'Pass0002a')).body.code).toBe(ResultCode.SUCCESS);
      expect((await changePwd(token, 'Pass0002a', 'Pass0003a')).body.code).toBe(ResultCode.SUCCESS);
      expect((await changePwd(token, 'Pass0003a', 'Pass0001a')).body.code).toBe(ResultCode.BAD_REQUEST);
      expect((await changePwd(token, 'Pass0003a', 'Pass0004a')).body.code).toBe(ResultCode.SUCCESS);
      // 0001 is now the fourth-last: allowed again.
      expect((await changePwd(token, 'Pass0004a', 'Pass0001a')).body.code).toBe(ResultCode.SUCCESS);
      const stored = await t.db.db.selectFrom('tessera_sys_password_history').selectAll().execute();
      expect(stored.every((row) => String(row.password_hash).startsWith('scrypt$'))).toBe(true);
      expect(stored.length).toBeLessThanOrEqual(2);
    });

    it('sends a user whose password expired through the must-change gate until they change it', async () => {
      await settle({ password_expiry_days: 30 });
      const id = await t.addUser('expiry1', 'Start1234', 'user');
      const token = await t.signIn('expiry1', 'Start1234');
      const list = () => t.request({ url: '/api/common/tessera_sys_menu/list', token, body: {} });
      expect((await list()).body.code).toBe(ResultCode.SUCCESS);
      await t.db.db
        .updateTable(t.tables.user)
        .set({ password_changed_at: t.clock.now - 31 * DAY })
        .where('id', '=', id)
        .execute();
      t.app.tessera.sessions.cache.forgetUser(t.demoAppId, id);
      expect((await list()).body).toEqual({
        code: ResultCode.MUST_CHANGE_PASSWORD,
        message: '密码已过期，请先修改密码，再使用其他功能',
        data: null,
      });
      const info = (await t.request({ url: '/api/auth/userInfo', token })).body.data;
      expect(info).toMatchObject({ mustChangePassword: true, pwdExpired: true });
      expect((await changePwd(token, 'Start1234', 'Renewed123')).body.code).toBe(ResultCode.SUCCESS);
      expect((await list()).body.code).toBe(ResultCode.SUCCESS);
    });
  });

  describe('sign-in', () => {
    it('locks an account after the set number of failures, for the set minutes', async () => {
      await settle({ lockout_attempts: 3, lockout_minutes: 2 });
      await t.addUser('lock1', 'Right1234', 'user');
      for (let i = 0; i < 3; i++) expect((await login('lock1', 'Wrong1234')).body.code).toBe(ResultCode.AUTH_FAILED);
      const locked = await login('lock1', 'Right1234');
      expect(locked.body).toEqual({
        code: ResultCode.RATE_LIMITED,
        message: '登录失败次数过多，账号已锁定，请 2 分钟后再试',
        data: null,
      });
      t.clock.now += 2 * 60_000 + 1;
      expect((await login('lock1', 'Right1234')).body.code).toBe(ResultCode.SUCCESS);
    });

    it('refuses a sign-in method the app turned off, and says which', async () => {
      await settle({ login_password: false });
      const refused = await login(ADMIN.account, ADMIN.password);
      expect(refused.body).toEqual({ code: ResultCode.FORBIDDEN, message: '该应用已关闭账号密码登录', data: null });
      const info = (await t.request({ url: '/api/app/demo' })).body.data;
      expect(info.login_methods).toEqual({ password: false, sms: true, dingtalk: true });

      await settle({ login_password: true, login_sms: false });
      const sms = await t.request({
        url: '/api/auth/sendSmsCode',
        body: { identify: 'demo', mobile: '13800138000', scene: 'login' },
        lang: 'en',
      });
      expect(sms.body).toEqual({
        code: ResultCode.FORBIDDEN,
        message: 'Sign-in with SMS code is turned off for this app',
        data: null,
      });
      expect((await login(ADMIN.account, ADMIN.password)).body.code).toBe(ResultCode.SUCCESS);
    });

    it('asks the picture code as the rule says: never, or only after failures', async () => {
      await settle({ captcha_enabled: false });
      expect((await login(ADMIN.account, ADMIN.password, false)).body.code).toBe(ResultCode.SUCCESS);

      await settle({ captcha_enabled: true, captcha_after_failures: 2 });
      await t.addUser('captcha1', 'Right1234', 'user');
      expect((await login('captcha1', 'Right1234', false)).body.code).toBe(ResultCode.SUCCESS);
      for (let i = 0; i < 2; i++) await login('captcha1', 'Wrong1234', false);
      const asked = await login('captcha1', 'Right1234', false);
      expect(asked.body.message).toBe('验证码错误或已过期，请重新输入');
      expect((await login('captcha1', 'Right1234', true)).body.code).toBe(ResultCode.SUCCESS);
    });

    it('issues sessions that last the set number of days', async () => {
      await settle({ session_days: 2 });
      const token = await t.signIn();
      expect((await t.request({ url: '/api/auth/userInfo', token })).body.code).toBe(ResultCode.SUCCESS);
      t.clock.now += 2 * DAY + 1;
      expect((await t.request({ url: '/api/auth/userInfo', token })).body.code).toBe(ResultCode.LOGOUT);
      admin = await t.signIn();
    });
  });

  describe('uploads', () => {
    const upload = async (name: string, data: Buffer) => {
      const body = multipartBody([{ name, data }]);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/files/upload',
        headers: { ...body.headers, authorization: admin },
        payload: body.payload,
      });
      return response.json() as { code: string; message: string };
    };

    it('takes only the allowed types and sizes, within the server limits', async () => {
      expect((await upload('dot.png', PNG_1PX)).code).toBe(ResultCode.SUCCESS);
      await settle({ upload_types: 'pdf, XLSX', upload_max_mb: 1 });
      expect(await upload('dot.png', PNG_1PX)).toMatchObject({
        code: ResultCode.BAD_REQUEST,
        message: '该应用只允许上传以下类型的文件：pdf, xlsx',
      });
      expect((await upload('mini.pdf', PDF_MINI)).code).toBe(ResultCode.SUCCESS);
      const big = Buffer.concat([PDF_MINI, Buffer.alloc(1024 * 1024 + 10, 32)]);
      expect((await upload('big.pdf', big)).message).toBe('文件大小不能超过 1 MB');
    });
  });
});
