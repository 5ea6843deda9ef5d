/**
 * The sms page's server (issue 16 item 6) on each database: provider settings with the AccessKey
 * secret sealed and only ever answered as a mask, templates per scene, a test send that reaches the
 * loopback Aliyun fake (which checks the signature made with the stored secret) and is logged with
 * the mobile masked, refusals in zh and en that change nothing, and non-admins refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { smsTables } from '../../server/db/migrations/0018-sms-admin';
import { startFakeAliyunSms, type FakeAliyunSms } from '../fakes/sms/server';
import { startTestApp, type TestApp } from '../helpers/app';
import { menusOf } from '../helpers/menus';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const KEY_ID = 'LTAI5tTestKeyId';
const KEY_SECRET = 'fakeSecretValue0123456789XYZ';
const tables = smsTables('tessera_sys_');

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let fake: FakeAliyunSms;
  let admin: string;
  let operator: string;
  const logs: string[] = [];

  beforeAll(async () => {
    fake = await startFakeAliyunSms({ [KEY_ID]: KEY_SECRET });
    database = await makeDatabase();
    t = await startTestApp(database, {
      env: { OUTBOUND_ALLOW_LIST: '127.0.0.1', TESSERA_SECRET_KEY: 'd1'.repeat(32), LOG_LEVEL: 'trace' },
      logStream: { write: (line) => void logs.push(line) },
    });
    admin = await t.signIn();
    await t.addUser('operator', 'Operator#1', 'user');
    operator = await t.signIn('operator', 'Operator#1');
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
    await fake?.close();
  });

  const settings = () => t.db.db.selectFrom(tables.setting).selectAll().execute();
  const sendLog = () => t.db.db.selectFrom(tables.log).selectAll().execute();
  let settingId: string;
  let templateId: string;

  describe('sms admin', () => {
    it('saves provider settings with the secret sealed and answers only its mask', async () => {
      const reply = await t.request({
        url: '/api/smsSettings',
        token: admin,
        body: {
          provider: 'aliyun',
          access_key_id: KEY_ID,
          access_key_secret: KEY_SECRET,
          sign_name: 'Tessera',
          endpoint: fake.url,
          test_mobile: '13800138000',
        },
      });
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      settingId = reply.body.data.id;
      expect(reply.body.data).toMatchObject({
        provider: 'aliyun',
        access_key_id: KEY_ID,
        access_key_secret_set: true,
        access_key_secret_mask: `••••${KEY_SECRET.slice(-4)}`,
      });
      expect(reply.body.data).not.toHaveProperty('access_key_secret');
      const [row] = await settings();
      expect(String(row!.access_key_secret)).toMatch(/^v1\./);
      expect(String(row!.access_key_secret)).not.toContain(KEY_SECRET);

      // Editing without a secret keeps the stored one; every answer is masked.
      const edit = await t.request({
        method: 'PUT',
        url: `/api/smsSettings/${settingId}`,
        token: admin,
        body: { sign_name: 'Tessera Demo', access_key_secret: '', access_key_secret_mask: '••••' },
      });
      expect(edit.body.code).toBe(ResultCode.SUCCESS);
      expect(edit.body.data).toMatchObject({ sign_name: 'Tessera Demo', access_key_secret_set: true });
      const one = await t.request({ url: `/api/smsSettings/${settingId}`, token: admin });
      const list = await t.request({ url: '/api/smsSettings?current=1&pageSize=10', token: admin });
      expect(list.body.data.total).toBe(1);
      for (const body of [reply.body, edit.body, one.body, list.body])
        expect(JSON.stringify(body)).not.toContain(KEY_SECRET);
    });

    it('adds a template per scene and refuses a second one for the same scene', async () => {
      const reply = await t.request({
        url: '/api/smsTemplates',
        token: admin,
        body: { scene: 'login', template_code: 'SMS_100001', content: '您的验证码为 ${code}' },
      });
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      templateId = reply.body.data.id;
      const again = await t.request({
        url: '/api/smsTemplates',
        token: admin,
        lang: 'en',
        body: { scene: 'login', template_code: 'SMS_100002' },
      });
      expect(again.body.code).toBe(ResultCode.BAD_REQUEST);
      expect(again.body.message).toBe('The scene login already has a template: edit that one');
      const list = await t.request({ url: '/api/smsTemplates?scene=login', token: admin });
      expect(list.body.data.list.map((r: { template_code: string }) => r.template_code)).toEqual(['SMS_100001']);
    });

    it('test-sends through the provider: the fake receives it and the log keeps the mobile masked', async () => {
      const reply = await t.request({ url: '/api/smsTemplates/test', token: admin, body: { ids: [templateId] } });
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      expect(reply.body.message).toBe('测试短信已发送至 138****8000（服务商返回 OK）');
      const sent = fake.sent.at(-1)!;
      expect(sent).toMatchObject({ phone: '13800138000', signName: 'Tessera Demo', templateCode: 'SMS_100001' });
      expect(sent.params.code).toMatch(/^\d{6}$/);
      const rows = await sendLog();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ mobile: '138****8000', scene: 'login', status: 'sent', answer_code: 'OK' });
      const list = await t.request({ url: '/api/smsLogs?current=1&pageSize=20&status=sent', token: admin });
      expect(list.body.data.total).toBe(1);
      expect(JSON.stringify(list.body)).not.toContain('13800138000');
    });

    it('logs a send the provider refuses, with its answer code', async () => {
      fake.failNext = 'isv.BUSINESS_LIMIT_CONTROL';
      const reply = await t.request({
        url: '/api/smsTemplates/test',
        token: admin,
        lang: 'en',
        body: { ids: [templateId], mobile: '13912345678' },
      });
      expect(reply.body.code).toBe(ResultCode.BAD_REQUEST);
      expect(reply.body.message).toBe('The test SMS failed: the provider answered isv.BUSINESS_LIMIT_CONTROL');
      const failed = await t.request({ url: '/api/smsLogs?status=failed', token: admin });
      const all = await t.request({ url: '/api/smsLogs?current=1&pageSize=20', token: admin });
      expect(all.body.data.list.map((r: { status: string }) => r.status).sort()).toEqual(['failed', 'sent']);
      expect(failed.body.data.list).toEqual([
        expect.objectContaining({ mobile: '139****5678', status: 'failed', answer_code: 'isv.BUSINESS_LIMIT_CONTROL' }),
      ]);
    });

    it('refuses bad input in zh and en and changes nothing', async () => {
      const before = JSON.stringify(await settings());
      const bad: [Record<string, unknown>, string, string][] = [
        [
          { access_key_id: 'key with spaces' },
          'AccessKey ID 只能包含字母和数字',
          'The AccessKey ID may hold only letters and digits',
        ],
        [
          { endpoint: 'ftp://example.com' },
          '接口地址须为 http(s) 源地址，例如 https://dysmsapi.aliyuncs.com',
          'The endpoint must be an http(s) origin, e.g. https://dysmsapi.aliyuncs.com',
        ],
        [{ test_mobile: '12345' }, '', ''],
      ];
      for (const [body, zh, en] of bad) {
        const inZh = await t.request({ method: 'PUT', url: `/api/smsSettings/${settingId}`, token: admin, body });
        const inEn = await t.request({
          method: 'PUT',
          url: `/api/smsSettings/${settingId}`,
          token: admin,
          body,
          lang: 'en',
        });
        expect(inZh.body.code).toBe(ResultCode.BAD_REQUEST);
        expect(inEn.body.code).toBe(ResultCode.BAD_REQUEST);
        if (zh) expect(inZh.body.message).toBe(zh);
        if (en) expect(inEn.body.message).toBe(en);
        expect(inZh.body.message).not.toBe(inEn.body.message);
      }
      // The endpoint is checked by the SSRF guard: a private address is refused on save.
      const privateEndpoint = await t.request({
        method: 'PUT',
        url: `/api/smsSettings/${settingId}`,
        token: admin,
        body: { endpoint: 'http://10.0.0.1' },
      });
      expect(privateEndpoint.body.code).not.toBe(ResultCode.SUCCESS);
      const second = await t.request({
        url: '/api/smsSettings',
        token: admin,
        lang: 'en',
        body: { provider: 'aliyun', access_key_id: 'Other', access_key_secret: 'x'.repeat(20), sign_name: 'X' },
      });
      expect(second.body.message).toBe('The SMS provider aliyun is already configured: edit that one');
      const noSecret = await t.request({
        url: '/api/smsSettings',
        token: admin,
        body: { provider: 'aliyun', access_key_id: 'Other', sign_name: 'X' },
      });
      expect(noSecret.body.message).toBe('请填写 AccessKey Secret');
      const badCode = await t.request({
        url: '/api/smsTemplates',
        token: admin,
        body: { scene: 'register', template_code: 'SMS 1' },
      });
      expect(badCode.body.message).toBe('模板编号只能包含字母、数字、_ 和 -');
      expect(JSON.stringify(await settings())).toBe(before);
      expect((await t.request({ url: '/api/smsTemplates', token: admin })).body.data.total).toBe(1);
    });

    it("is on the seeded admin's menu (短信配置 at /sms) and on no other role's", async () => {
      expect((await menusOf(t, admin)).find((m) => m.path === '/sms')).toMatchObject({ title: '短信配置' });
      expect((await menusOf(t, operator)).find((m) => m.path === '/sms')).toBeUndefined();
    });

    it('refuses a non-admin on every sms route', async () => {
      const calls = [
        { url: '/api/smsSettings' },
        { url: '/api/smsTemplates' },
        { url: '/api/smsLogs' },
        { url: '/api/smsTemplates/test', body: { ids: [templateId] } },
        { url: `/api/smsSettings/${settingId}`, method: 'DELETE' as const },
      ];
      const sentBefore = fake.sent.length;
      for (const call of calls) {
        const reply = await t.request({ ...call, token: operator });
        expect(reply.body.code).toBe(ResultCode.FORBIDDEN);
      }
      expect(fake.sent.length).toBe(sentBefore);
      expect(await settings()).toHaveLength(1);
    });

    it('logs a sign-in code send too, masked and without the code', async () => {
      const reply = await t.request({
        url: '/api/auth/sendSmsCode',
        body: { identify: 'demo', mobile: '13700001111', scene: 'forget' },
      });
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      const rows = await t.db.db.selectFrom(tables.log).selectAll().where('mobile', '=', '137****1111').execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ scene: 'forgetPwd', status: 'sent', create_by: null });
      const list = await t.request({ url: '/api/smsLogs?scene=forgetPwd', token: admin });
      expect(list.body.data.total).toBe(1);
      expect(JSON.stringify(list.body)).not.toContain('13700001111');
    });

    it("sends a sign-in code through the app's provider and the scene's template once both are saved", async () => {
      const reply = await t.request({
        url: '/api/auth/sendSmsCode',
        body: { identify: 'demo', mobile: '13600002222', scene: 'login' },
      });
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      const sent = fake.sent.at(-1)!;
      expect(sent).toMatchObject({ phone: '13600002222', signName: 'Tessera Demo', templateCode: 'SMS_100001' });
      expect(sent.params.code).toMatch(/^\d{6}$/);
      const rows = await t.db.db.selectFrom(tables.log).selectAll().where('mobile', '=', '136****2222').execute();
      expect(rows[0]).toMatchObject({
        scene: 'login',
        provider: 'aliyun',
        template_code: 'SMS_100001',
        status: 'sent',
      });
    });

    it('never writes the secret to the log', () => {
      expect(logs.join('\n')).not.toContain(KEY_SECRET);
    });
  });
});
