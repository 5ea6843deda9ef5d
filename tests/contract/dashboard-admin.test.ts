/**
 * The dashboard list page's API (server/schema-store/dashboard-admin*.ts, docs/dashboards.md), on
 * every database: the list (title, widget count, author, last change), create, rename, duplicate,
 * soft delete and restore, one-step rollback, export and import as a file — admin only, each write
 * a version through the store; a deleted dashboard no longer opens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    admin = await t.signIn();
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const list = async (query = '') => (await t.request({ url: `/api/dashboards${query}`, token: admin })).body;

  describe('dashboard list', () => {
    it('lists the seeded dashboard with its widget count, version and author', async () => {
      const answer = await list();
      expect(answer.code).toBe('200');
      expect(answer.data.total).toBe(1);
      const row = answer.data.list[0];
      expect(row).toMatchObject({ title: '客户看板', widget_count: 8, version: 1, is_deleted: 0 });
      expect(typeof row.update_at).toBe('number');
    });

    it('creates, renames, duplicates, rolls back, deletes and restores', async () => {
      const created = await t.request({ url: '/api/dashboards', token: admin, body: { title: '销售看板' } });
      expect(created.body.code).toBe('200');
      const id = created.body.data.id as string;
      const opened = await t.request({ url: `/api/dashboard/${id}`, token: admin });
      expect(opened.body.data.schema.body[0]).toMatchObject({ type: 'dashboard', children: [] });
      expect((await list('?title=销售')).data.list).toMatchObject([
        { id, title: '销售看板', widget_count: 0, version: 1, author_name: '管理员' },
      ]);

      // Rename: a new version; the schema's title (what the page shows) follows, in the caller's language.
      const renamed = await t.request({
        method: 'PUT',
        url: `/api/dashboards/${id}`,
        token: admin,
        body: { title: '销售总览' },
      });
      expect(renamed.body.code).toBe('200');
      const after = await t.request({ url: `/api/dashboard/${id}`, token: admin });
      expect(after.body.data).toMatchObject({ title: '销售总览', version: 2 });
      expect(after.body.data.schema.title.zh).toBe('销售总览');

      const copy = await t.request({ url: '/api/dashboards/duplicate', token: admin, body: { ids: [id] } });
      expect(copy.body.code).toBe('200');
      const copied = await t.request({ url: `/api/dashboards/${copy.body.data.id}`, token: admin });
      expect(copied.body.data).toMatchObject({ title: '销售总览 副本', version: 1 });
      expect(copied.body.data.versions).toHaveLength(1);

      // One step back: version 3 holds version 1's schema (the old title inside it).
      const back = await t.request({ url: '/api/dashboards/rollback', token: admin, body: { ids: [id] } });
      expect(back.body.code).toBe('200');
      const rolled = await t.request({ url: `/api/dashboard/${id}`, token: admin });
      expect(rolled.body.data.version).toBe(3);
      expect(rolled.body.data.schema.title.zh).toBe('销售看板');
      // The edit form sends the row back with the new title: its read-only columns are ignored.
      const row = (await t.request({ url: `/api/dashboards/${id}`, token: admin })).body.data;
      const edited = await t.request({
        method: 'PUT',
        url: `/api/dashboards/${id}`,
        token: admin,
        body: { ...row, title: '销售日报' },
      });
      expect(edited.body.code).toBe('200');
      const stray = await t.request({
        method: 'PUT',
        url: `/api/dashboards/${id}`,
        token: admin,
        body: { title: 'x', schema: {} },
      });
      expect(stray.body.code).toBe(ResultCode.BAD_REQUEST);
      expect((await t.request({ url: `/api/dashboard/${id}`, token: admin })).body.data.title).toBe('销售日报');
      const single = await t.request({
        url: '/api/dashboards/rollback',
        token: admin,
        body: { ids: [copy.body.data.id] },
      });
      expect(single.body.code).toBe(ResultCode.BAD_REQUEST);
      expect(single.body.message).toContain('没有更早的版本');

      const removed = await t.request({ method: 'DELETE', url: `/api/dashboards/${id}`, token: admin });
      expect(removed.body.data).toEqual({ count: 1 });
      expect((await list()).data.list.map((r: { id: string }) => r.id)).not.toContain(id);
      expect((await list('?is_deleted=1')).data.list).toMatchObject([{ id, is_deleted: 1 }]);
      const gone = await t.request({ url: `/api/dashboard/${id}`, token: admin });
      expect(gone.body.code).toBe(ResultCode.NOT_FOUND);
      const restored = await t.request({ url: '/api/dashboards/restore', token: admin, body: { ids: [id] } });
      expect(restored.body.data).toEqual({ count: 1 });
      expect((await t.request({ url: `/api/dashboard/${id}`, token: admin })).body.code).toBe('200');
    });

    it('exports a dashboard as a file and imports it as a new one', async () => {
      const seeded = (await list('?title=客户看板')).data.list[0];
      const file = await t.app.inject({
        method: 'GET',
        url: `/api/dashboards/${seeded.id}/export`,
        headers: { authorization: admin },
      });
      expect(file.headers['content-disposition']).toContain('attachment');
      const parsed = JSON.parse(file.body);
      expect(parsed).toMatchObject({ format: 'tessera-dashboard', formatVersion: 1, title: '客户看板' });
      const imported = await t.request({ url: '/api/dashboards/import', token: admin, body: { file: parsed } });
      expect(imported.body.code).toBe('200');
      const row = await t.request({ url: `/api/dashboards/${imported.body.data.id}`, token: admin });
      expect(row.body.data).toMatchObject({ title: '客户看板', widget_count: 8 });
      expect(row.body.data.versions[0].provenance).toBe('import');

      // Not a dashboard file, or a schema the meta-schema refuses: nothing is created.
      const before = (await list()).data.total;
      const bad = await t.request({ url: '/api/dashboards/import', token: admin, body: { file: { format: 'x' } } });
      expect(bad.body).toMatchObject({
        code: ResultCode.BAD_REQUEST,
        message: '不是看板文件（需要 tessera-dashboard 格式）',
      });
      const broken = {
        ...parsed,
        schema: {
          ...parsed.schema,
          body: [{ type: 'dashboard', layouts: {}, children: [{ type: 'chart', key: 'x' }] }],
        },
      };
      const refused = await t.request({
        url: '/api/dashboards/import',
        token: admin,
        body: { file: broken },
        lang: 'en',
      });
      expect(refused.body.code).not.toBe('200');
      expect((await list()).data.total).toBe(before);
    });

    it('is for admins only', async () => {
      await t.addUser('dash-operator', 'Passw0rd!', 'user');
      const user = await t.signIn('dash-operator', 'Passw0rd!');
      const answer = await t.request({ url: '/api/dashboards', token: user });
      expect(answer.body.code).toBe(ResultCode.FORBIDDEN);
      const create = await t.request({ url: '/api/dashboards', token: user, body: { title: 'x' } });
      expect(create.body.code).toBe(ResultCode.FORBIDDEN);
    });
  });
});
