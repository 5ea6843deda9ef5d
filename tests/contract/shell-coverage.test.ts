/**
 * Server checks of issue 4 that no other suite pinned (docs/coverage/issue-4.md), through the real
 * server on each test database:
 * - an unknown account is counted and locked exactly like a known one with a wrong password, so
 *   neither the message nor the lockout tells which accounts exist;
 * - a dashboard record is served only through a type-3 menu that opens it (guard rule 5 on the server);
 * - a menu list asked for another app's menus answers nothing of that app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { newId } from '../../server/db/ids';
import { insertAudit } from '../../server/db/tables';
import { ADMIN, TEST_CAPTCHA, startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const PASSWORD = 'Passw0rd!';
const DASHBOARDS = '/api/common/tessera_sys_dashboard';

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

  async function login(account: string, password: string, ip: string) {
    const code = await t.request<{ codeKey: string }>({ url: '/api/auth/getPicCode?identify=demo' });
    return t.request({
      url: '/api/auth/login',
      body: { identify: 'demo', account, password, codeKey: code.body.data.codeKey, code: TEST_CAPTCHA },
      ip,
    });
  }

  describe('sign-in does not tell which accounts exist', () => {
    it('locks an unknown account after 5 failures with the same code and message as a known one', async () => {
      const replies: Record<'known' | 'unknown', { code: string; message: string; data: unknown }[]> = {
        known: [],
        unknown: [],
      };
      for (let i = 0; i < 6; i++) {
        replies.known.push((await login(ADMIN.account, `wrong-${i}`, '10.9.0.1')).body);
        replies.unknown.push((await login('no-such-user', `wrong-${i}`, '10.9.0.2')).body);
      }
      expect(replies.unknown).toEqual(replies.known);
      expect(replies.known.slice(0, 5).every((body) => body.code === ResultCode.AUTH_FAILED)).toBe(true);
      expect(replies.known[0].message).toBe('账号或密码错误');
      expect(replies.known[5]).toEqual({
        code: ResultCode.RATE_LIMITED,
        message: '登录失败次数过多，请 15 分钟后再试',
        data: null,
      });
      // The right password from another address still works: the lock is per account and IP.
      expect((await login(ADMIN.account, ADMIN.password, '10.9.0.3')).body.code).toBe(ResultCode.SUCCESS);
    });
  });

  describe('dashboards on the server (guard rule 5)', () => {
    let dashboardId: string;
    let dashboardMenuId: string;

    beforeAll(async () => {
      const menu = await t.db.db
        .selectFrom(t.tables.menu)
        .select(['id', 'dashboard_id'])
        .where('app_id', '=', t.demoAppId)
        .where('type', '=', 3)
        .executeTakeFirstOrThrow();
      dashboardId = String(menu.dashboard_id);
      dashboardMenuId = String(menu.id);
      // A role with the dashboard's menu only, and one with none of it.
      for (const [identify, menuIds] of [
        ['board', dashboardMenuId],
        ['noboard', ''],
      ] as const) {
        await t.db.db
          .insertInto(t.tables.role)
          .values({
            id: newId(),
            app_id: t.demoAppId,
            ...insertAudit(null, t.clock.now),
            name: identify,
            identify,
            level: 3,
            menu_ids: menuIds,
          })
          .execute();
        await t.addUser(`${identify}-user`, PASSWORD, identify);
      }
    });

    it('serves a dashboard to a user whose type-3 menu opens it, and to admins', async () => {
      const board = await t.signIn('board-user', PASSWORD);
      const one = await t.request({ url: `${DASHBOARDS}/${dashboardId}`, token: board });
      expect(one.body.code).toBe(ResultCode.SUCCESS);
      expect(one.body.data.id).toBe(dashboardId);
      const list = await t.request({
        url: `${DASHBOARDS}/list`,
        token: board,
        body: { showFields: ['id', 'update_at'] },
      });
      expect(list.body.data.list.map((row: { id: string }) => row.id)).toEqual([dashboardId]);
      const admin = await t.signIn();
      expect((await t.request({ url: `${DASHBOARDS}/${dashboardId}`, token: admin })).body.code).toBe(
        ResultCode.SUCCESS,
      );
    });

    it('refuses it to a user without such a menu, and lists them none', async () => {
      const none = await t.signIn('noboard-user', PASSWORD);
      const one = await t.request({ url: `${DASHBOARDS}/${dashboardId}`, token: none });
      expect([ResultCode.FORBIDDEN, ResultCode.NOT_FOUND]).toContain(one.body.code);
      expect(one.body.data).toBeNull();
      const list = await t.request({ url: `${DASHBOARDS}/list`, token: none, body: {} });
      expect(list.body.data?.list ?? []).toEqual([]);
    });
  });

  describe('menus stay in their app', () => {
    it("an admin asking for another app's menus by app_id gets none of them", async () => {
      const otherId = await t.seedApp('othershell');
      const admin = await t.signIn();
      const reply = await t.request({
        url: '/api/common/tessera_sys_menu/list',
        token: admin,
        body: { querys: [{ key: 'app_id', value: otherId, rule: 'EQUAL' }], isPage: false },
      });
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      expect(reply.body.data.list).toEqual([]);
    });
  });
});
