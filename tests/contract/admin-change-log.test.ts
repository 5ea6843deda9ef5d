/**
 * Admin changes outside the common API reach the operation log (issue 16's log page, "every admin
 * change"): the sys page's settings, the sms page's provider settings and templates, the api
 * page's REST sources — each create / update / delete is an `admin-change` entry with before and
 * after, and no secret (the AccessKey secret, a bearer token) is ever in the log, not even its mask.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { apiSourceTable } from '../../server/db/migrations/0015-api-sources';
import { smsTables } from '../../server/db/migrations/0018-sms-admin';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const SMS_SECRET = 'smsSecretValue0123456789XYZ';
const BEARER = 'bearer-token-0123456789abcdef';
const SMS = smsTables('tessera_sys_');
const SOURCES = apiSourceTable('tessera_sys_');

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database, {
      env: { OUTBOUND_ALLOW_LIST: '127.0.0.1', TESSERA_SECRET_KEY: 'e4'.repeat(32) },
    });
    admin = await t.signIn();
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const entries = (table: string) =>
    t.db.db.selectFrom(t.tables.audit_log).selectAll().where('table_name', '=', table).execute();
  // Entries of one test share the test clock's millisecond: told apart by what they hold, not their order.
  const kindOf = (entry: Record<string, unknown>) =>
    entry.before_data === null ? 'create' : entry.after_data === null ? 'delete' : 'update';
  const byKind = (rows: Record<string, unknown>[]) => Object.fromEntries(rows.map((row) => [kindOf(row), row]));
  const ok = async (reply: Promise<{ body: { code: string; message: string; data: any } }>) => {
    const { body } = await reply;
    expect(body.code, body.message).toBe(ResultCode.SUCCESS);
    return body.data;
  };

  describe('admin-change entries', () => {
    it('logs a system settings save with the changed values, policy numbers readable', async () => {
      await ok(
        t.request({
          method: 'PUT',
          url: '/api/sys/settings/current',
          token: admin,
          body: { session_days: 3, password_min_length: 10 },
        }),
      );
      const [entry] = await entries('settings');
      expect(entry).toMatchObject({ action: 'admin-change', record_id: 'current', user_id: expect.any(String) });
      expect(JSON.parse(String(entry!.before_data))).toMatchObject({ session_days: 7, password_min_length: 8 });
      expect(JSON.parse(String(entry!.after_data))).toMatchObject({ session_days: 3, password_min_length: 10 });
      expect(String(entry!.changes)).toContain('session_days');
    });

    it('logs sms settings and templates, create to delete, never the secret', async () => {
      const setting = await ok(
        t.request({
          url: '/api/smsSettings',
          token: admin,
          body: {
            provider: 'aliyun',
            access_key_id: 'LTAI5tLogKey',
            access_key_secret: SMS_SECRET,
            sign_name: 'Tessera',
          },
        }),
      );
      await ok(
        t.request({ method: 'PUT', url: `/api/smsSettings/${setting.id}`, token: admin, body: { sign_name: 'Demo' } }),
      );
      const template = await ok(
        t.request({ url: '/api/smsTemplates', token: admin, body: { scene: 'login', template_code: 'SMS_1' } }),
      );
      await ok(t.request({ method: 'DELETE', url: '/api/smsTemplates', token: admin, body: { ids: [template.id] } }));
      await ok(t.request({ method: 'DELETE', url: `/api/smsSettings/${setting.id}`, token: admin }));

      const settings = await entries(SMS.setting);
      expect(settings.map((e) => e.action)).toEqual(['admin-change', 'admin-change', 'admin-change']);
      const kinds = byKind(settings);
      expect(Object.keys(kinds).sort()).toEqual(['create', 'delete', 'update']);
      expect(JSON.parse(String(kinds.update!.after_data))).toMatchObject({ sign_name: 'Demo' });
      expect(JSON.parse(String(kinds.update!.before_data))).toMatchObject({ sign_name: 'Tessera' });
      const templates = await entries(SMS.template);
      expect(templates.map((e) => e.record_id)).toEqual([template.id, template.id]);
      const text = JSON.stringify([...settings, ...templates]);
      expect(text).not.toContain(SMS_SECRET);
      expect(text).not.toContain(SMS_SECRET.slice(-4));
    });

    it('logs api sources, create to delete, never the token', async () => {
      const source = await ok(
        t.request({
          url: '/api/apiSources',
          token: admin,
          body: {
            name: 'logged',
            title: 'Logged',
            base_url: 'http://127.0.0.1:9/rows',
            auth_type: 'bearer',
            auth_secret: BEARER,
            rows_path: 'rows',
          },
        }),
      );
      await ok(
        t.request({ method: 'PUT', url: `/api/apiSources/${source.id}`, token: admin, body: { title: 'Renamed' } }),
      );
      await ok(t.request({ method: 'DELETE', url: '/api/apiSources', token: admin, body: { ids: [source.id] } }));
      const logged = await entries(SOURCES);
      expect(logged.map((e) => [e.action, e.record_id])).toEqual(Array(3).fill(['admin-change', source.id]));
      const kinds = byKind(logged);
      expect(Object.keys(kinds).sort()).toEqual(['create', 'delete', 'update']);
      expect(JSON.parse(String(kinds.update!.after_data))).toMatchObject({ title: 'Renamed' });
      expect(JSON.stringify(logged)).not.toContain(BEARER.slice(-4));
    });

    it('writes nothing for a refused change', async () => {
      const before = (await entries(SMS.setting)).length;
      const refused = await t.request({
        method: 'PUT',
        url: `/api/smsSettings/${'f'.repeat(32)}`,
        token: admin,
        body: { sign_name: 'x' },
      });
      expect(refused.body.code).toBe(ResultCode.NOT_FOUND);
      const bad = await t.request({
        method: 'PUT',
        url: '/api/sys/settings/current',
        token: admin,
        body: { session_days: -1 },
      });
      expect(bad.body.code).toBe(ResultCode.BAD_REQUEST);
      expect((await entries(SMS.setting)).length).toBe(before);
      expect((await entries('settings')).length).toBe(1);
    });
  });
});
