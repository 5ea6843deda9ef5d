/**
 * App templates seed their dashboards (schemas/apps/<app>/dashboards/*.json, server/seed/index.ts): the
 * demo's 客户看板 is a dashboard row with its page schema, opened by a type-3 menu naming it; an
 * admin reads it through the common API, a user whose menus do not grant it does not see it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { ResultCode } from '../../protocol/codes';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const DASHBOARDS = '/api/common/tessera_sys_dashboard';
const template = JSON.parse(readFileSync('schemas/apps/demo/dashboards/overview.json', 'utf8'));

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

  describe('seeded dashboards', () => {
    it('stores the dashboard and points its type-3 menu at it', async () => {
      const row = await t.db.db
        .selectFrom(t.tables.dashboard)
        .selectAll()
        .where('app_id', '=', t.demoAppId)
        .executeTakeFirstOrThrow();
      expect(row.title).toBe('客户看板');
      const { $schema: _meta, ...schema } = template;
      expect(JSON.parse(row.schema as string)).toEqual(schema);
      const menu = await t.db.db
        .selectFrom(t.tables.menu)
        .selectAll()
        .where('app_id', '=', t.demoAppId)
        .where('title', '=', '客户看板')
        .executeTakeFirstOrThrow();
      expect(Number(menu.type)).toBe(3);
      expect(menu.dashboard_id).toBe(row.id);
    });

    it('serves it to an admin, and not to a user whose menus do not open it', async () => {
      const admin = await t.signIn();
      const list = await t.request({ url: `${DASHBOARDS}/list`, token: admin, body: {} });
      expect(list.body.code).toBe('200');
      const id = list.body.data.list[0].id as string;
      const one = await t.request({ method: 'GET', url: `${DASHBOARDS}/${id}`, token: admin });
      expect(one.body.data.title).toBe('客户看板');

      await t.addUser('dash-user', 'Passw0rd!', 'user');
      const user = await t.signIn('dash-user', 'Passw0rd!');
      const seen = await t.request({ url: `${DASHBOARDS}/list`, token: user, body: {} });
      expect(seen.body.data.list).toEqual([]);
      const direct = await t.request({ method: 'GET', url: `${DASHBOARDS}/${id}`, token: user });
      // Rows outside the user's grants do not exist for them: not found, as for any hidden row.
      expect(direct.body.code).toBe(ResultCode.NOT_FOUND);
    });
  });
});
