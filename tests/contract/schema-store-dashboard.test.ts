/**
 * Dashboards through the schema store, on every database: the common API refuses to write them
 * (and modules) with a clear error; the store's routes validate, version (the seeded schema becomes
 * version 1 on the first save), detect conflicts, diff, roll back, and serve the schema to users
 * whose menus open the dashboard.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  let dashboardId: string;
  let seeded: { title: string; schema: Record<string, unknown> };

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    admin = await t.signIn();
    const row = await t.db.db
      .selectFrom(t.tables.dashboard)
      .select(['id', 'title', 'schema'])
      .where('app_id', '=', t.demoAppId)
      .executeTakeFirstOrThrow();
    dashboardId = String(row.id);
    seeded = { title: String(row.title), schema: JSON.parse(String(row.schema)) };
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const versions = async () =>
    (await t.request({ url: `/api/dashboard/${dashboardId}/versions`, token: admin })).body.data;

  it('the common API refuses to write schema tables, naming the store', async () => {
    for (const [table, body] of [
      ['tessera_sys_dashboard', { title: 'x', schema: '{}' }],
      ['tessera_sys_module', { title: 'x', table_name: 'x', schema: '{}' }],
    ] as const) {
      const created = await t.request({ url: `/api/common/${table}`, token: admin, body });
      expect(created.body).toMatchObject({ code: ResultCode.FORBIDDEN });
      expect(created.body.message).toContain(table);
      const updated = await t.request({
        method: 'PUT',
        url: `/api/common/${table}/${dashboardId}`,
        token: admin,
        body,
      });
      expect(updated.body.code).toBe(ResultCode.FORBIDDEN);
      const removed = await t.request({ method: 'DELETE', url: `/api/common/${table}/${dashboardId}`, token: admin });
      expect(removed.body.code).toBe(ResultCode.FORBIDDEN);
    }
    const row = await t.db.db
      .selectFrom(t.tables.dashboard)
      .select('schema')
      .where('id', '=', dashboardId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(row.schema))).toEqual(seeded.schema);
    // Reads stay: the shell lists update_at through the common API.
    const list = await t.request({
      url: '/api/common/tessera_sys_dashboard/list',
      token: admin,
      body: { isPage: false },
    });
    expect(list.body.code).toBe(ResultCode.SUCCESS);
  });

  it('saves a dashboard as a new version, the seeded schema kept as version 1', async () => {
    const schema = { ...seeded.schema, title: { zh: '新概览', en: 'New overview' } };
    const reply = await t.request({
      method: 'PUT',
      url: `/api/dashboard/${dashboardId}`,
      token: admin,
      body: { schema, base_version: 1 },
    });
    expect(reply.body.code).toBe(ResultCode.SUCCESS);
    expect(reply.body.data).toMatchObject({ version: 2, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const list = await versions();
    expect(list.map((v: { version: number; provenance: string }) => [v.version, v.provenance])).toEqual([
      [2, 'designer'],
      [1, 'file'],
    ]);
    const shown = await t.request({ url: `/api/dashboard/${dashboardId}`, token: admin });
    expect(shown.body.data).toMatchObject({ version: 2, schema });
    const diff = await t.request({ url: `/api/dashboard/${dashboardId}/diff?from=1&to=2`, token: admin });
    expect(diff.body.data.changes).toEqual([
      expect.objectContaining({ pointer: '/title/zh', kind: 'changed' }),
      expect.objectContaining({ pointer: '/title/en', kind: 'changed' }),
    ]);
  });

  it('refuses a stale base version with CONFLICT and an invalid schema with its issues, writing nothing', async () => {
    const stale = await t.request({
      method: 'PUT',
      url: `/api/dashboard/${dashboardId}`,
      token: admin,
      body: { schema: seeded.schema, base_version: 1 },
    });
    expect(stale.body).toMatchObject({ code: ResultCode.CONFLICT, data: { version: 2 } });
    const invalid = await t.request({
      method: 'PUT',
      url: `/api/dashboard/${dashboardId}`,
      token: admin,
      body: { schema: { ...seeded.schema, type: 'no-such-page', body: 'x' } },
    });
    expect(invalid.body.code).toBe(ResultCode.BAD_REQUEST);
    expect(invalid.body.data.issues.length).toBeGreaterThan(0);
    expect(invalid.body.data.issues[0]).toMatchObject({
      pointer: expect.any(String),
      code: expect.any(String),
      message: { zh: expect.any(String), en: expect.any(String) },
    });
    expect(await versions()).toHaveLength(2);
  });

  it('rolls back to version 1 as version 3; a plain user may not save', async () => {
    const reply = await t.request({
      method: 'POST',
      url: `/api/dashboard/${dashboardId}/rollback/1`,
      token: admin,
      body: {},
    });
    expect(reply.body.data).toMatchObject({ version: 3 });
    const shown = await t.request({ url: `/api/dashboard/${dashboardId}`, token: admin });
    expect(shown.body.data.schema).toEqual(seeded.schema);
    expect((await versions())[0]).toMatchObject({ version: 3, provenance: 'rollback' });
    await t.addUser('dashuser', 'Plain@2026x', 'user');
    const user = await t.signIn('dashuser', 'Plain@2026x');
    const save = await t.request({
      method: 'PUT',
      url: `/api/dashboard/${dashboardId}`,
      token: user,
      body: { schema: seeded.schema },
    });
    expect(save.body.code).toBe(ResultCode.FORBIDDEN);
  });

  it('creates a dashboard', async () => {
    const reply = await t.request({
      method: 'POST',
      url: '/api/dashboard',
      token: admin,
      body: { title: '新的', schema: seeded.schema },
    });
    expect(reply.body.code).toBe(ResultCode.SUCCESS);
    expect(reply.body.data.version).toBe(1);
    const shown = await t.request({ url: `/api/dashboard/${reply.body.data.id}`, token: admin });
    expect(shown.body.data).toMatchObject({ title: '新的', version: 1, schema: seeded.schema });
  });
});
