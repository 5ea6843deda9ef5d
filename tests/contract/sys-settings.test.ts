/**
 * The system settings API (docs/settings.md): GET / PUT api/sys/settings/current, admins only; each
 * bad value refused with its own message in the caller's language and nothing changed; the
 * app-row switches written with the rest; and a save seen at once by a second server instance on
 * the same database (the settings.changed event over the Redis bus). Enforcement of the settings
 * is in sys-settings-enforce.test.ts. Through the real server on each test database.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { DEFAULT_SETTINGS } from '../../protocol/settings';
import { sha256 } from '../../server/auth/tokens';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const URL = '/api/sys/settings/current';
const REDIS = { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' };

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database, { env: REDIS });
    admin = await t.signIn();
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const put = (body: unknown, token = admin, lang?: 'zh' | 'en') =>
    t.request({ method: 'PUT', url: URL, body, token, lang });
  const read = async () => (await t.request({ url: URL, token: admin })).body.data;

  it('answers the defaults of an app nobody configured: the behaviour before the page existed', async () => {
    const reply = await t.request({ url: URL, token: admin });
    expect(reply.body.code).toBe(ResultCode.SUCCESS);
    expect(reply.body.data).toEqual({
      id: 'current',
      ...DEFAULT_SETTINGS,
      encrypt: false,
      watermark: expect.any(Boolean),
      ip_allow_list: '',
    });
    expect(reply.body.data.session_days).toBe(7);
  });

  it('refuses a user who is not an admin, reading or saving, before looking at the body', async () => {
    await t.addUser('plain1', 'Plain1234', 'user');
    const token = await t.signIn('plain1', 'Plain1234');
    const reading = await t.request({ url: URL, token });
    expect(reading.body).toMatchObject({ code: ResultCode.FORBIDDEN, data: null });
    for (const body of [{ session_days: 30 }, { session_days: 'x', nonsense: 1 }]) {
      const saving = await put(body, token);
      expect(saving.body.code).toBe(ResultCode.FORBIDDEN);
    }
    expect((await read()).session_days).toBe(7);
    expect((await t.request({ url: URL })).body.code).toBe(ResultCode.LOGOUT);
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ['min length too short', { password_min_length: 7 }, '密码最小长度须为 8–64 的整数'],
    ['min length too long', { password_min_length: 65 }, '密码最小长度须为 8–64 的整数'],
    ['unknown class', { password_classes: ['letter', 'emoji'] }, '密码字符类型只能从'],
    ['repeated class', { password_classes: ['digit', 'digit'] }, '密码字符类型只能从'],
    ['captcha after', { captcha_after_failures: 21 }, '图形验证码触发次数须为 0–20 的整数'],
    ['expiry', { password_expiry_days: -1 }, '密码有效期须为 0–3650 天的整数'],
    ['history', { password_history: 25 }, '历史密码数须为 0–24 的整数'],
    ['lockout attempts', { lockout_attempts: 2 }, '锁定前允许的失败次数须为 3–100 的整数'],
    ['lockout minutes', { lockout_minutes: 0 }, '锁定时长须为 1–1440 分钟的整数'],
    ['session days', { session_days: 366 }, '登录有效期须为 1–365 天的整数'],
    ['upload size', { upload_max_mb: 0 }, '单个文件大小上限须为 1–2048 MB 的整数'],
    ['upload types', { upload_types: '.pdf, png' }, '允许的文件类型须为以逗号分隔的扩展名'],
    ['language', { default_lang: 'fr' }, '默认语言只能是 zh 或 en'],
    ['theme colour', { theme_color: 'red' }, '主题色须为 #rrggbb 格式的颜色，或留空'],
    ['QR picture', { service_qr: 'javascript:alert(1)' }, '客服二维码须为 http(s) 图片地址'],
    ['QR picture (svg data)', { service_qr: 'data:image/svg+xml;base64,PHN2Zz4=' }, '客服二维码须为'],
    ['video scheme', { demo_video: 'ftp://example.com/demo.mp4' }, '演示视频地址须以 http:// 或 https:// 开头'],
    ['video script', { demo_video: 'javascript:alert(1)' }, '演示视频地址须以 http:// 或 https:// 开头'],
    [
      'every method off',
      { login_password: false, login_sms: false, login_dingtalk: false },
      '至少需要开启一种登录方式',
    ],
    ['switch type', { login_sms: 'yes' }, 'login_sms'],
    ['whole number', { session_days: 1.5 }, 'session_days'],
    ['unknown key', { smtp_password: 'secret' }, 'smtp_password'],
    ['other record', { id: 'other' }, 'id'],
    ['bad IP entry', { ip_allow_list: '10.0.0.0/8\nnot-an-ip' }, 'not-an-ip'],
    ['list without the admin', { ip_allow_list: '10.0.0.0/8' }, '127.0.0.1'],
  ];

  it.each(refusals)('refuses %s with its message and changes nothing', async (_label, body, message) => {
    const before = await read();
    const reply = await put(body);
    expect(reply.body.code).toBe(ResultCode.BAD_REQUEST);
    expect(reply.body.message).toContain(message);
    expect(await read()).toEqual(before);
  });

  it('speaks English when asked', async () => {
    const reply = await put({ password_min_length: 3 }, admin, 'en');
    expect(reply.body.message).toBe('The minimum password length must be a whole number from 8 to 64');
    const video = await put({ demo_video: 'file:///etc/passwd' }, admin, 'en');
    expect(video.body.message).toBe('The demo video address must start with http:// or https://');
  });

  it('saves a partial change, keeps the rest, and writes the app-row switches', async () => {
    const reply = await put({
      id: 'current',
      session_days: 30,
      password_classes: ['upper', 'lower', 'digit'],
      about_text: 'Tessera 演示',
      demo_video: 'https://videos.example.com/demo.mp4',
      service_qr: '/assets/service-qr.png',
      watermark: true,
      ip_allow_list: '127.0.0.1\n10.0.0.0/8',
    });
    expect(reply.body.code).toBe(ResultCode.SUCCESS);
    expect(reply.body.data).toMatchObject({ session_days: 30, password_min_length: 8, watermark: true });
    const row = await t.db.db
      .selectFrom(t.tables.app)
      .select(['watermark', 'ip_allow_list'])
      .where('id', '=', t.demoAppId)
      .executeTakeFirstOrThrow();
    expect(Number(row.watermark)).toBe(1);
    expect(row.ip_allow_list).toBe('127.0.0.1\n10.0.0.0/8');
    // The shell reads the top bar and the sign-in ways from the app info, at once.
    const info = (await t.request({ url: '/api/app/demo' })).body.data;
    expect(info).toMatchObject({
      about_text: 'Tessera 演示',
      demo_video: 'https://videos.example.com/demo.mp4',
      service_qr: '/assets/service-qr.png',
      login_methods: { password: true, sms: true, dingtalk: true },
      captcha: true,
    });
    expect((await put({ ip_allow_list: '', about_text: '' })).body.code).toBe(ResultCode.SUCCESS);
    expect((await t.request({ url: '/api/app/demo' })).body.data.about_text).toBeNull();
  });

  describe('a second instance on the same database', () => {
    let second: TestApp;
    beforeAll(async () => {
      second = await startTestApp(database, { env: REDIS });
    });
    afterAll(async () => {
      await second?.close();
    });

    it('sees a save at once, without a restart or its cache running out (its clock stands still)', async () => {
      const token = await second.signIn();
      const secondRead = async () => (await second.request({ url: URL, token })).body.data;
      expect((await secondRead()).session_days).toBe(30); // cached there now
      expect((await put({ session_days: 3, default_lang: 'en' })).body.code).toBe(ResultCode.SUCCESS);
      await vi.waitFor(async () => expect((await secondRead()).session_days).toBe(3), { timeout: 5_000 });
      expect((await second.request({ url: '/api/app/demo' })).body.data.default_lang).toBe('en');

      // Its new sessions last what the first instance saved.
      const fresh = await second.signIn();
      const newest = await second.db.db
        .selectFrom(second.tables.session)
        .select(['created_at', 'expires_at'])
        .where('token_hash', '=', sha256(fresh))
        .executeTakeFirstOrThrow();
      expect(Number(newest.expires_at) - Number(newest.created_at)).toBe(3 * 86_400_000);
    });

    it('applies the envelope switch at once: a token sent in clear after turning it on is refused', async () => {
      const token = await second.signIn();
      expect((await put({ encrypt: true })).body.code).toBe(ResultCode.SUCCESS);
      await vi.waitFor(
        async () =>
          expect((await second.request({ url: '/api/auth/userInfo', token })).body.code).toBe(ResultCode.LOGOUT),
        { timeout: 5_000 },
      );
      await t.db.db.updateTable(t.tables.app).set({ encrypt: 0 }).where('id', '=', t.demoAppId).execute();
    });
  });
});
