/**
 * A new module reaches its users (server/modules/menu-entry.ts, docs/modules.md "Menu entry"), on
 * every database: create puts a menu entry under the folder holding most modules, granted to the
 * admin role; a chosen folder, title, order and roles are kept, and an operator of a granted role
 * opens the module's records while one without the grant is refused; the 加入菜单 row button adds
 * the entry later, once; a wrong folder or role is refused with nothing created; non-admins refused.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { splitIds } from '../../server/auth/users';
import { tableExists } from '../../server/modules/table-sync';
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

  const create = (body: Record<string, unknown>, token = admin) =>
    t.request({ method: 'POST', url: '/api/modules', token, body });
  const menuOf = (id: string) =>
    t.db.db.selectFrom(t.tables.menu).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const menuByTitle = (title: string) =>
    t.db.db
      .selectFrom(t.tables.menu)
      .selectAll()
      .where('title', '=', title)
      .where('app_id', '=', t.demoAppId)
      .executeTakeFirstOrThrow();
  const role = (identify: string) =>
    t.db.db
      .selectFrom(t.tables.role)
      .selectAll()
      .where('identify', '=', identify)
      .where('app_id', '=', t.demoAppId)
      .executeTakeFirstOrThrow();
  const counts = async () => {
    const n = async (table: string) =>
      Number(
        (
          await t.db.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { modules: await n(t.tables.module), menus: await n(t.tables.menu) };
  };

  it('puts a new module under the folder holding most modules, last, granted to the admin role', async () => {
    const reply = await create({ title: '订单', table_name: 'orders' });
    expect(reply.body).toMatchObject({ code: ResultCode.SUCCESS, data: { version: 1, menu_id: expect.any(String) } });
    const menu = await menuOf(reply.body.data.menu_id);
    const folder = await menuByTitle('客户管理');
    expect(menu).toMatchObject({ title: '订单', type: 1, module_id: reply.body.data.id, parent_id: folder.id });
    const siblings = await t.db.db
      .selectFrom(t.tables.menu)
      .select('sort')
      .where('parent_id', '=', folder.id)
      .execute();
    expect(Number(menu.sort)).toBe(Math.max(...siblings.map((s) => Number(s.sort))));
    expect(splitIds((await role('admin')).menu_ids)).toContain(menu.id);
    expect(splitIds((await role('user')).menu_ids)).not.toContain(menu.id);
    // The admin's own menu answer lists it (the nav reads it after a reload).
    const menus = await t.request({ method: 'POST', url: '/api/common/tessera_sys_menu/list', token: admin, body: {} });
    expect(menus.body.data.list.map((m: { id: string }) => m.id)).toContain(menu.id);
  });

  it("reads the dialog's empty fields as the defaults", async () => {
    const reply = await create({
      title: '退货',
      table_name: 'returns',
      add_menu: true,
      menu_parent_id: '',
      menu_title: '',
      menu_sort: null,
      menu_role_ids: '',
    });
    expect(reply.body.code).toBe(ResultCode.SUCCESS);
    const menu = await menuOf(reply.body.data.menu_id);
    expect(menu).toMatchObject({ title: '退货', parent_id: (await menuByTitle('客户管理')).id });
    expect(splitIds((await role('admin')).menu_ids)).toContain(menu.id);
  });

  it("keeps the chosen folder, title, order and roles; the granted role's operator opens its records", async () => {
    await t.addUser('clerk', 'Clerk@2026x', 'user');
    const clerk = await t.signIn('clerk', 'Clerk@2026x');
    const system = await menuByTitle('系统管理');
    const userRole = await role('user');
    const reply = await create({
      title: '发票',
      table_name: 'invoices',
      menu_parent_id: system.id,
      menu_title: '发票登记',
      menu_sort: 7,
      // As the dialog's multi-select stores it: comma-joined.
      menu_role_ids: `${userRole.id}`,
    });
    expect(reply.body.code).toBe(ResultCode.SUCCESS);
    const menu = await menuOf(reply.body.data.menu_id);
    expect(menu).toMatchObject({ title: '发票登记', parent_id: system.id, type: 1 });
    expect(Number(menu.sort)).toBe(7);
    const granted = splitIds((await role('user')).menu_ids);
    expect(granted).toEqual(expect.arrayContaining([menu.id, system.id]));
    // Only the roles chosen: the admin role was not.
    expect(splitIds((await role('admin')).menu_ids)).not.toContain(menu.id);
    const added = await t.request({
      method: 'POST',
      url: '/api/common/invoices',
      token: clerk,
      body: { name: 'INV-1' },
    });
    expect(added.body.code).toBe(ResultCode.SUCCESS);
    const list = await t.request({ method: 'POST', url: '/api/common/invoices/list', token: clerk, body: {} });
    expect(list.body.data.list.map((r: { name: string }) => r.name)).toEqual(['INV-1']);
    // The orders module of the first test was not granted to this role.
    const refused = await t.request({ method: 'POST', url: '/api/common/orders/list', token: clerk, body: {} });
    expect(refused.body.code).toBe(ResultCode.FORBIDDEN);
  });

  it('refuses a folder that is not one, or a role of nobody, in the user language; nothing is created', async () => {
    const before = await counts();
    const page = await menuByTitle('用户管理'); // a fixed-path page, not a folder
    const cases: [Record<string, unknown>, string, string][] = [
      [{ menu_parent_id: page.id }, '上级菜单不存在或不是目录，请重新选择', 'zh'],
      [{ menu_parent_id: 'nosuchmenu' }, '上级菜单不存在或不是目录，请重新选择', 'zh'],
      [{ menu_role_ids: ['nosuchrole'] }, '所选角色不存在，请刷新后重新选择', 'zh'],
      [{ menu_title: 'x'.repeat(65) }, '菜单名称最多 64 个字符', 'zh'],
      [{ menu_role_ids: 'nosuchrole' }, 'A chosen role does not exist; reload and choose again', 'en'],
    ];
    for (const [extra, message, lang] of cases) {
      const reply = await t.request({
        method: 'POST',
        url: '/api/modules',
        token: admin,
        lang: lang as 'zh' | 'en',
        body: { title: '坏', table_name: 'bad_menu', ...extra },
      });
      expect(reply.body, JSON.stringify(extra)).toMatchObject({ code: ResultCode.BAD_REQUEST, message });
    }
    expect(await counts()).toEqual(before);
    expect(await tableExists(t.db, 'm_demo_bad_menu')).toBe(false);
  });

  it('adds the entry later from the row button, once, and creates none when asked not to', async () => {
    const before = await counts();
    const reply = await create({ title: '合同', table_name: 'contracts', add_menu: 0 });
    expect(reply.body.code).toBe(ResultCode.SUCCESS);
    expect(reply.body.data.menu_id).toBeUndefined();
    expect(await counts()).toEqual({ modules: before.modules + 1, menus: before.menus });
    const id = reply.body.data.id;
    const added = await t.request({ method: 'POST', url: '/api/modules/menu', token: admin, body: { ids: [id] } });
    expect(added.body).toMatchObject({ code: ResultCode.SUCCESS, data: { menu_id: expect.any(String) } });
    const menu = await menuOf(added.body.data.menu_id);
    expect(menu).toMatchObject({ title: '合同', module_id: id, parent_id: (await menuByTitle('客户管理')).id });
    expect(splitIds((await role('admin')).menu_ids)).toContain(menu.id);
    const again = await t.request({ method: 'POST', url: '/api/modules/menu', token: admin, body: { ids: [id] } });
    expect(again.body).toMatchObject({
      code: ResultCode.BAD_REQUEST,
      message: '模块“合同”已在菜单“合同”中，可在菜单管理中调整',
    });
    const missing = await t.request({
      method: 'POST',
      url: '/api/modules/menu',
      token: admin,
      body: { ids: ['nope'] },
    });
    expect(missing.body.code).toBe(ResultCode.NOT_FOUND);
  });

  it('refuses a non-admin on both routes and changes nothing', async () => {
    await t.addUser('plain2', 'Plain@2026x', 'user');
    const user = await t.signIn('plain2', 'Plain@2026x');
    const before = await counts();
    const orders = await t.db.db
      .selectFrom(t.tables.module)
      .select('id')
      .where('table_name', '=', 'orders')
      .executeTakeFirstOrThrow();
    const calls = [
      { url: '/api/modules', body: { title: 'x', table_name: 'sneaky' } },
      { url: '/api/modules/menu', body: { ids: [orders.id] } },
    ];
    for (const call of calls) {
      const reply = await t.request({ method: 'POST', ...call, token: user });
      expect(reply.body.code, call.url).toBe(ResultCode.FORBIDDEN);
    }
    expect(await counts()).toEqual(before);
  });
});
