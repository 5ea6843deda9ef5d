/**
 * The server-side guard (docs/auth.md, server/access): a non-admin sees only their roles' menus,
 * roles, modules and own user row, is refused (P4003) on a module table and a module schema their
 * menus do not grant, may change only their own name; a trial account may only read the protected
 * areas (P4016). Through the real server on each test database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { newId } from '../../server/db/ids';
import { insertAudit } from '../../server/db/tables';
import { SmsCodes } from '../../server/sms/codes';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const PASSWORD = 'Passw0rd!';
const MENU = '/api/common/tessera_sys_menu/list';
const ROLE = '/api/common/tessera_sys_role/list';

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  let operator: string;
  let viewer: string;
  let trial: string;
  let operatorId: string;
  let adminId: string;
  let trialId: string;
  let moduleId: string;
  const menus: Record<string, string> = {};

  async function addRole(identify: string, menuIds: string[]): Promise<void> {
    await t.db.db
      .insertInto(t.tables.role)
      .values({
        id: newId(),
        app_id: t.demoAppId,
        ...insertAudit(null, t.clock.now),
        name: identify,
        identify,
        level: 3,
        menu_ids: menuIds.join(','),
      })
      .execute();
  }

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    const rows = await t.db.db
      .selectFrom(t.tables.menu)
      .select(['id', 'title'])
      .where('app_id', '=', t.demoAppId)
      .execute();
    for (const row of rows) menus[row.title as string] = row.id as string;
    const module = await t.db.db
      .selectFrom(t.tables.module)
      .select('id')
      .where('table_name', '=', 'customer')
      .executeTakeFirstOrThrow();
    moduleId = module.id as string;
    // viewer: the group menu only, no module; trial: the same menus as the user role.
    await addRole('viewer', [menus['客户管理']]);
    await addRole('trial', [menus['客户管理'], menus['客户']]);
    admin = await t.signIn();
    adminId = (await t.request({ url: '/api/auth/userInfo', token: admin })).body.data.id;
    operatorId = await t.addUser('operator', PASSWORD, 'user');
    await t.addUser('viewer', PASSWORD, 'viewer');
    trialId = await t.addUser('trialist', PASSWORD, 'trial');
    await t.db.db.updateTable(t.tables.user).set({ mobile: '13900000099' }).where('id', '=', trialId).execute();
    operator = await t.signIn('operator', PASSWORD);
    viewer = await t.signIn('viewer', PASSWORD);
    trial = await t.signIn('trialist', PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const ids = (reply: { body: { data: { list: { id: string }[] } } }) => reply.body.data.list.map((r) => r.id).sort();

  describe('what a non-admin sees', () => {
    it("lists only their roles' menus, whatever the query asks", async () => {
      expect(ids(await t.request({ url: MENU, token: operator, body: {} }))).toEqual(
        [menus['客户管理'], menus['客户']].sort(),
      );
      expect(ids(await t.request({ url: MENU, token: viewer, body: {} }))).toEqual([menus['客户管理']]);
      const all = await t.request({ url: MENU, token: admin, body: {} });
      expect(all.body.data.list.length).toBeGreaterThanOrEqual(2);
      const asked = await t.request({
        url: MENU,
        token: viewer,
        body: { querys: [{ key: 'id', value: [menus['客户']], rule: 'IN' }] },
      });
      expect(asked.body.data.list).toEqual([]);
    });

    it('lists only their own roles, and the modules their menus open', async () => {
      const roles = await t.request({ url: ROLE, token: viewer, body: {} });
      expect(roles.body.data.list.map((r: { identify: string }) => r.identify)).toEqual(['viewer']);
      const modules = '/api/common/tessera_sys_module/list';
      expect(ids(await t.request({ url: modules, token: operator, body: {} }))).toEqual([moduleId]);
      expect(ids(await t.request({ url: modules, token: viewer, body: {} }))).toEqual([]);
    });
  });

  describe('module tables and schemas', () => {
    it('refuses every data call on a module table the menus do not grant, changing nothing', async () => {
      const list = await t.request({ url: '/api/common/customer/list', token: viewer, body: {} });
      expect(list.body).toEqual({ code: ResultCode.FORBIDDEN, message: '没有权限访问该资源', data: null });
      const create = await t.request({ url: '/api/common/customer', token: viewer, body: { name: 'x' }, lang: 'en' });
      expect(create.body).toMatchObject({
        code: ResultCode.FORBIDDEN,
        message: 'You do not have access to this resource',
      });
      const seeded = await t.request({ url: '/api/common/customer/list', token: operator, body: {} });
      expect(seeded.body.code).toBe('200');
      const someId = seeded.body.data.list[0].id as string;
      for (const call of [
        { method: 'GET' as const, url: `/api/common/customer/${someId}` },
        { method: 'PUT' as const, url: `/api/common/customer/${someId}`, body: { name: 'hacked' } },
        { method: 'DELETE' as const, url: `/api/common/customer/${someId}` },
      ]) {
        expect((await t.request({ ...call, token: viewer })).body.code).toBe(ResultCode.FORBIDDEN);
      }
      const after = await t.request({ url: `/api/common/customer/${someId}`, token: operator });
      expect(after.body.data.name).toBe(seeded.body.data.list[0].name);
    });

    it('serves a module schema only when a menu grants it', async () => {
      expect((await t.request({ url: `/api/module/${moduleId}`, token: operator })).body.code).toBe('200');
      expect((await t.request({ url: `/api/module/${moduleId}`, token: viewer })).body.code).toBe(ResultCode.FORBIDDEN);
      expect((await t.request({ url: `/api/module/${moduleId}`, token: admin })).body.code).toBe('200');
    });
  });

  describe('own user row', () => {
    const put = (token: string, id: string, body: unknown) =>
      t.request({ method: 'PUT', url: `/api/common/tessera_sys_user/${id}`, token, body });

    it('lets a user change their own name, and nothing else', async () => {
      const reply = await put(operator, operatorId, { id: operatorId, name: '新名字', update_at: 1 });
      expect(reply.body.code).toBe('200');
      const row = await t.db.db
        .selectFrom(t.tables.user)
        .selectAll()
        .where('id', '=', operatorId)
        .executeTakeFirstOrThrow();
      expect(row.name).toBe('新名字');
      expect((await put(operator, adminId, { name: 'pwned' })).body.code).toBe(ResultCode.FORBIDDEN);
      const roleIds = row.role_ids;
      expect((await put(operator, operatorId, { role_ids: 'x' })).body.code).toBe(ResultCode.FORBIDDEN);
      expect((await put(operator, operatorId, { name: 'a', status: 0 })).body.code).toBe(ResultCode.FORBIDDEN);
      const del = await t.request({
        method: 'DELETE',
        url: `/api/common/tessera_sys_user/${operatorId}`,
        token: operator,
      });
      expect(del.body.code).toBe(ResultCode.FORBIDDEN);
      const after = await t.db.db
        .selectFrom(t.tables.user)
        .selectAll()
        .where('id', '=', operatorId)
        .executeTakeFirstOrThrow();
      expect(after).toMatchObject({ name: '新名字', role_ids: roleIds, status: 1, is_deleted: 0 });
      expect((await put(admin, operatorId, { name: '管理员改名' })).body.code).toBe('200');
    });
  });

  describe('trial accounts', () => {
    const TRIAL = { code: ResultCode.TRIAL_FORBIDDEN, message: '试用账号不允许对该业务进行操作', data: null };

    it('may read and list the system tables but not write them', async () => {
      expect((await t.request({ url: MENU, token: trial, body: {} })).body.code).toBe('200');
      expect((await t.request({ url: `/api/common/tessera_sys_user/${trialId}`, token: trial })).body.code).toBe('200');
      const create = await t.request({ url: '/api/common/tessera_sys_role', token: trial, body: { name: 'r' } });
      expect(create.body).toEqual(TRIAL);
      const own = await t.request({
        method: 'PUT',
        url: `/api/common/tessera_sys_user/${trialId}`,
        token: trial,
        body: { name: 'x' },
      });
      expect(own.body).toEqual(TRIAL);
      const row = await t.db.db
        .selectFrom(t.tables.user)
        .select('name')
        .where('id', '=', trialId)
        .executeTakeFirstOrThrow();
      expect(row.name).toBe('trialist');
    });

    it('may not change the password, by the old one or by SMS', async () => {
      const change = await t.request({
        url: '/api/auth/changePwd',
        token: trial,
        body: { oldPassword: PASSWORD, newPassword: 'Other1234' },
      });
      expect(change.body).toEqual(TRIAL);
      // Percent-encoded paths reach the same routes and the same rule.
      const encoded = await t.request({
        url: '/api/auth/change%50wd',
        token: trial,
        body: { oldPassword: PASSWORD, newPassword: 'Other1234' },
      });
      expect(encoded.body).toEqual(TRIAL);
      const encodedTable = await t.request({
        url: '/api/common/tessera%5Fsys_dept',
        token: trial,
        body: { name: 'd' },
      });
      expect(encodedTable.body).toEqual(TRIAL);
      const codes = new SmsCodes(t.db.db, 'tessera_sys_sms_code', () => t.clock.now);
      const { code } = await codes.issue(t.demoAppId, '13900000099', 'forget', '127.0.0.9');
      const forget = await t.request({
        url: '/api/auth/forgetPwd',
        body: { identify: 'demo', mobile: '13900000099', code, password: 'Other1234' },
      });
      expect(forget.body).toEqual(TRIAL);
      expect(await t.signIn('trialist', PASSWORD)).toBeTruthy();
    });

    it('may still work on the business module its menus grant (not a protected area)', async () => {
      const reply = await t.request({ url: '/api/common/customer/list', token: trial, body: {} });
      expect(reply.body.code).toBe('200');
    });

    it('leaves admins free to write system tables', async () => {
      const reply = await t.request({ url: '/api/common/tessera_sys_dept', token: admin, body: { name: '研发部' } });
      expect(reply.body.code).toBe('200');
    });
  });
});
