/**
 * The app table through the common API (docs/auth.md "The app table"): admins of an app list,
 * read and update their own app row only; the private key is never read; the identifier, keys,
 * source and id cannot change; ai_config / upload_config are checked; create and delete are
 * refused; non-admins get P4003, trial accounts P4016 on writes; GET api/app/:identify shows an
 * update at once. Through the real server on each test database.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { newId } from '../../server/db/ids';
import { insertAudit } from '../../server/db/tables';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const PASSWORD = 'Passw0rd!';
const API = '/api/common/tessera_sys_app';

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  let operator: string;
  let trial: string;
  let otherAppId: string;

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    otherAppId = await t.seedApp('other');
    await t.db.db
      .insertInto(t.tables.role)
      .values({ id: newId(), app_id: t.demoAppId, ...insertAudit(null, t.clock.now), name: 'trial', identify: 'trial' })
      .execute();
    admin = await t.signIn();
    await t.addUser('operator', PASSWORD, 'user');
    await t.addUser('trialist', PASSWORD, 'trial');
    operator = await t.signIn('operator', PASSWORD);
    trial = await t.signIn('trialist', PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const stored = (id: string) =>
    t.db.db.selectFrom(t.tables.app).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const put = (body: unknown, token = admin, id = t.demoAppId) =>
    t.request({ method: 'PUT', url: `${API}/${id}`, token, body });

  describe('reading', () => {
    it('lists only the caller’s own app, without the private key', async () => {
      const reply = await t.request({ url: `${API}/list`, token: admin, body: {} });
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      expect(reply.body.data.total).toBe(1);
      const [row] = reply.body.data.list;
      expect(row).toMatchObject({ id: t.demoAppId, identify: 'demo', watermark: 0, encrypt: 0 });
      expect(typeof row.public_key).toBe('string');
      expect(row).not.toHaveProperty('private_key');
      const asked = await t.request({
        url: `${API}/list`,
        token: admin,
        body: { querys: [{ key: 'identify', value: 'other', rule: 'EQUAL' }] },
      });
      expect(asked.body.data.list).toEqual([]);
    });

    it('gets its own row; another app’s row is not found; private_key cannot be asked for', async () => {
      const own = await t.request({ url: `${API}/${t.demoAppId}`, token: admin });
      expect(own.body.data).toMatchObject({ id: t.demoAppId, identify: 'demo' });
      const other = await t.request({ url: `${API}/${otherAppId}`, token: admin });
      expect(other.body.code).toBe(ResultCode.NOT_FOUND);
      const secret = await t.request({ url: `${API}/list`, token: admin, body: { showFields: ['private_key'] } });
      expect(secret.body.code).toBe(ResultCode.BAD_REQUEST);
      expect(JSON.stringify(secret.body)).not.toMatch(/BEGIN|[0-9a-f]{64}/);
    });

    it('reaches the SQL console only as the own row and without the private key', async () => {
      const sqlRun = (sql: string) => t.request({ url: '/api/common/executeSql', token: admin, body: { sql } });
      const rows = await sqlRun('select id, identify from tessera_sys_app');
      expect(rows.body.data.list).toEqual([{ id: t.demoAppId, identify: 'demo' }]);
      const secret = await sqlRun('select private_key from tessera_sys_app');
      expect(secret.body.code).not.toBe(ResultCode.SUCCESS);
      expect(JSON.stringify(secret.body)).not.toMatch(/[0-9a-f]{64}/);
    });
  });

  describe('updating', () => {
    it('saves the editable fields, stores the configs as JSON and shows them in app info at once', async () => {
      // Prime the app cache: the update must not wait for its TTL.
      expect((await t.request({ url: '/api/app/demo' })).body.data.title).not.toBe('新标题');
      const reply = await put({
        title: '新标题',
        short_title: 'New',
        watermark: 1,
        watermark_rotate: -30,
        ai_config: { enabled: true, showInNavBar: 1, payMode: 3 },
        upload_config: '{"position":2,"region":"cn-east-2","bucket":"my-bucket","domain":"https://files.example.com/"}',
      });
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      expect(reply.body.data).toMatchObject({ title: '新标题', watermark: 1, watermark_rotate: -30 });
      const row = await stored(t.demoAppId);
      expect(row.short_title).toBe('New');
      expect(JSON.parse(row.ai_config as string)).toEqual({ enabled: true, showInNavBar: true, payMode: 3 });
      expect(JSON.parse(row.upload_config as string)).toEqual({
        position: 2,
        region: 'cn-east-2',
        bucket: 'my-bucket',
        domain: 'https://files.example.com',
      });
      const info = (await t.request({ url: '/api/app/demo' })).body.data;
      expect(info).toMatchObject({ title: '新标题', shortTitle: 'New', watermark: 1, watermark_rotate: -30 });
      expect(info.ai_config).toEqual({ enabled: true, showInNavBar: true, payMode: 3 });
      expect(info.upload_config.bucket).toBe('my-bucket');
    });

    it('accepts the whole record sent back by the form, fixed fields unchanged', async () => {
      const record = (await t.request({ url: `${API}/${t.demoAppId}`, token: admin })).body.data;
      const reply = await put({ ...record, title: '表单保存', upload_config: null });
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      const row = await stored(t.demoAppId);
      expect(row.title).toBe('表单保存');
      expect(row.upload_config).toBeNull();
      expect(row.identify).toBe('demo');
    });

    it('serves every field of the two page schemas and saves what their forms send', async () => {
      const record = (await t.request({ url: `${API}/${t.demoAppId}`, token: admin })).body.data;
      for (const file of ['app.json', 'app-detail.json']) {
        const page = JSON.parse(readFileSync(join('schemas/pages/system', file), 'utf8'));
        const node = page.body[0];
        expect(node.dataSource).toEqual({ kind: 'COMMON', api: 'common/tessera_sys_app' });
        const keys = (node.fields as { key: string }[]).map((field) => field.key);
        for (const key of keys) expect(record, `${file}: ${key}`).toHaveProperty(key);
        // The form holds the stored record and sends it back with the user's edits.
        expect(keys).toContain('title');
        const reply = await put({ ...record, title: file });
        expect(reply.body.code, file).toBe(ResultCode.SUCCESS);
        expect((await stored(t.demoAppId)).title).toBe(file);
      }
    });

    it('refuses a change of identify, source, keys or id, naming the field, and changes nothing', async () => {
      const before = await stored(t.demoAppId);
      const attempts: [string, unknown][] = [
        ['identify', 'hijack'],
        ['source', 1],
        ['public_key', '04abcdef'],
        ['private_key', 'x'],
        ['id', otherAppId],
        ['app_id', otherAppId],
      ];
      for (const [key, value] of attempts) {
        const reply = await put({ title: '不应保存', [key]: value }, admin);
        expect(reply.body.code, key).toBe(ResultCode.BAD_REQUEST);
        expect(reply.body.message).toBe(`字段 ${key} 不允许修改`);
      }
      expect(await stored(t.demoAppId)).toEqual(before);
    });

    it('refuses configs of the wrong shape with a clear message', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ ai_config: '{not json' }, 'ai_config 必须是 JSON 对象'],
        [{ ai_config: [1] }, 'ai_config 必须是 JSON 对象'],
        [{ ai_config: { enabled: true, apiKey: 'sk-1' } }, 'ai_config 不支持配置项 apiKey'],
        [{ ai_config: { payMode: 'x' } }, 'ai_config 的 payMode 取值无效'],
        [{ upload_config: { position: 3 } }, 'upload_config 的 position 取值无效'],
        [{ upload_config: { position: 1, region: 'mars' } }, 'upload_config 的 region 取值无效'],
        [{ upload_config: { position: 2, domain: 'javascript:alert(1)', bucket: 'b-1' } }, 'upload_config 的 domain'],
        [{ upload_config: { position: 2 } }, '上传位置为云存储（2）时必须填写 bucket'],
        [{ watermark: 2 }, '字段 watermark 只能是 0 或 1'],
        [{ watermark_rotate: 500 }, '水印角度须为 -180 到 180 之间的整数'],
        [{ title: '' }, '不能为空'],
        [{ logo_url: 'x' }, '不存在的字段：logo_url'],
      ];
      const before = await stored(t.demoAppId);
      for (const [body, message] of cases) {
        const reply = await put(body);
        expect(reply.body.code, JSON.stringify(body)).toBe(ResultCode.BAD_REQUEST);
        expect(reply.body.message).toContain(message);
      }
      expect(await stored(t.demoAppId)).toEqual(before);
      const en = await t.request({
        method: 'PUT',
        url: `${API}/${t.demoAppId}`,
        token: admin,
        lang: 'en',
        body: { identify: 'x' },
      });
      expect(en.body.message).toBe('Field identify cannot be changed');
    });

    it('answers not found for another app’s row and leaves it alone', async () => {
      const before = await stored(otherAppId);
      const reply = await put({ title: 'taken over' }, admin, otherAppId);
      expect(reply.body.code).toBe(ResultCode.NOT_FOUND);
      expect(await stored(otherAppId)).toEqual(before);
    });
  });

  describe('refusals', () => {
    it('never creates or deletes an app through the common API', async () => {
      const count = async () =>
        (await t.db.db.selectFrom(t.tables.app).select('id').where('is_deleted', '=', 0).execute()).length;
      const before = await count();
      const created = await t.request({ url: API, token: admin, body: { identify: 'x2', title: 'x2' } });
      expect(created.body.code).toBe(ResultCode.FORBIDDEN);
      const removed = await t.request({ method: 'DELETE', url: `${API}/${t.demoAppId}`, token: admin });
      expect(removed.body.code).toBe(ResultCode.FORBIDDEN);
      const many = await t.request({ method: 'DELETE', url: API, token: admin, body: { ids: [t.demoAppId] } });
      expect(many.body.code).toBe(ResultCode.FORBIDDEN);
      expect(await count()).toBe(before);
    });

    it('refuses non-admins (P4003) and trial accounts (P4016 on writes), changing nothing', async () => {
      const before = await stored(t.demoAppId);
      for (const token of [operator, trial]) {
        expect((await t.request({ url: `${API}/list`, token, body: {} })).body.code).toBe(ResultCode.FORBIDDEN);
        expect((await t.request({ url: `${API}/${t.demoAppId}`, token })).body.code).toBe(ResultCode.FORBIDDEN);
      }
      expect((await put({ title: 'op' }, operator)).body.code).toBe(ResultCode.FORBIDDEN);
      expect((await put({ title: 'trial' }, trial)).body.code).toBe(ResultCode.TRIAL_FORBIDDEN);
      expect(await stored(t.demoAppId)).toEqual(before);
    });
  });
});
