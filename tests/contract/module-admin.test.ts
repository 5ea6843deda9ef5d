/**
 * The module admin page's API (server/modules/admin-routes.ts, docs/modules.md) on every database:
 * the list's columns, the table-name check and create refusing every bad name with nothing
 * created, soft delete keeping the table and its rows (and hiding the module from everything that
 * reads live modules), restore, the one-step rollback through the store, and non-admins refused.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
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

  const list = async (query = '') => (await t.request({ url: `/api/modules${query}`, token: admin })).body;
  const check = async (table: string) =>
    (await t.request({ url: `/api/modules/check?table_name=${encodeURIComponent(table)}`, token: admin })).body.data;
  const create = (title: string, table: string, token = admin) =>
    t.request({ method: 'POST', url: '/api/modules', token, body: { title, table_name: table } });
  const moduleCount = async () =>
    Number(
      (
        await t.db.db
          .selectFrom(t.tables.module)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('lists the seeded module with title, table, field count, version, author and time', async () => {
    const body = await list();
    expect(body.code).toBe(ResultCode.SUCCESS);
    expect(body.data.total).toBe(1);
    const [customer] = body.data.list;
    expect(customer).toMatchObject({ title: expect.any(String), table_name: 'customer', version: 1, is_deleted: 0 });
    expect(customer.field_count).toBeGreaterThan(3);
    expect(customer.update_at).toBeGreaterThan(0);
    expect((await list('?table_name=cust')).data.total).toBe(1);
    expect((await list('?title=nothing-like-it')).data.total).toBe(0);
  });

  it('refuses every bad table name on check and on create, and creates nothing', async () => {
    const before = await moduleCount();
    const cases: [string, string][] = [
      ['order items', '数据表名只能包含小写字母、数字和下划线，且以小写字母开头'],
      ['select', '数据表名 select 是 SQL 保留字，请换一个名称'],
      ['Orders', '数据表名只能包含小写字母、数字和下划线，且以小写字母开头'],
      ['订单', '数据表名只能包含小写字母、数字和下划线，且以小写字母开头'],
      ['1orders', '数据表名只能包含小写字母、数字和下划线，且以小写字母开头'],
      ['a'.repeat(41), '数据表名最多 40 个字符'],
      ['customer', '数据表 customer 已被模块“客户”使用'],
      ['tessera_sys_user', '数据表名不能以 tessera_sys_ 开头（系统表使用）'],
      ['', '请输入数据表名'],
    ];
    for (const [table, message] of cases) {
      expect(await check(table), table).toMatchObject({ valid: false, message });
      const reply = await create('订单', table);
      expect(reply.body, table).toMatchObject({ code: ResultCode.BAD_REQUEST, message });
    }
    const english = await t.request({ url: '/api/modules/check?table_name=select', token: admin, lang: 'en' });
    expect(english.body.data.message).toBe('The table name "select" is an SQL reserved word; choose another');
    expect(await moduleCount()).toBe(before);
    // A table left in the database (no module owns it) is a clash too.
    await t.db.db.schema.createTable('m_demo_leftover').addColumn('id', 'varchar(32)').execute();
    expect(await check('leftover')).toMatchObject({
      valid: false,
      message: '数据库中已存在数据表 leftover，请换一个名称',
    });
    expect(await check('orders')).toEqual({ valid: true, message: '数据表名可用' });
  });

  let ordersId: string;
  it('creates a minimal module (version 1, provenance designer) whose table takes records', async () => {
    t.clock.now += 1000;
    const reply = await create('订单', 'orders');
    expect(reply.body).toMatchObject({ code: ResultCode.SUCCESS, data: { version: 1 } });
    ordersId = reply.body.data.id;
    expect(await tableExists(t.db, 'm_demo_orders')).toBe(true);
    const detail = (await t.request({ url: `/api/modules/${ordersId}`, token: admin })).body.data;
    expect(detail).toMatchObject({ title: '订单', table_name: 'orders', field_count: 1, version: 1 });
    expect(detail.author_name).toBeTruthy();
    expect(detail.versions).toEqual([expect.objectContaining({ version: 1, provenance: 'designer' })]);
    const saved = await t.request({
      method: 'POST',
      url: '/api/common/orders',
      token: admin,
      body: { name: '第一单' },
    });
    expect(saved.body.code).toBe(ResultCode.SUCCESS);
    expect((await list()).data.list[0]).toMatchObject({ id: ordersId, table_name: 'orders', field_count: 1 });
    expect((await create('又一个', 'orders')).body.message).toBe('数据表 orders 已被模块“订单”使用');
  });

  it('soft-deletes: the table and rows stay, the module leaves the list, its API and the menus', async () => {
    const removed = await t.request({ method: 'DELETE', url: `/api/modules/${ordersId}`, token: admin });
    expect(removed.body).toMatchObject({ code: ResultCode.SUCCESS, data: { count: 1 } });
    expect(await tableExists(t.db, 'm_demo_orders')).toBe(true);
    const rows = await t.db.db.selectFrom('m_demo_orders').select('name').execute();
    expect(rows.map((r) => r.name)).toEqual(['第一单']);
    expect((await list()).data.list.map((m: { id: string }) => m.id)).not.toContain(ordersId);
    expect((await list('?is_deleted=1')).data.list).toEqual([expect.objectContaining({ id: ordersId, is_deleted: 1 })]);
    // Nothing that reads live modules finds it: its records, its schema.
    const records = await t.request({ method: 'POST', url: '/api/common/orders/list', token: admin, body: {} });
    expect(records.body.code).not.toBe(ResultCode.SUCCESS);
    expect((await t.request({ url: `/api/module/${ordersId}`, token: admin })).body.code).toBe(ResultCode.NOT_FOUND);
    // Its table cannot be taken by a new module while it can be restored.
    expect(await check('orders')).toMatchObject({ valid: false, message: expect.stringContaining('已删除的模块') });
  });

  it('restores a deleted module with its records', async () => {
    const restored = await t.request({
      method: 'POST',
      url: '/api/modules/restore',
      token: admin,
      body: { ids: [ordersId] },
    });
    expect(restored.body).toMatchObject({ code: ResultCode.SUCCESS, data: { count: 1 } });
    expect((await list('?is_deleted=1')).data.total).toBe(0);
    const records = await t.request({ method: 'POST', url: '/api/common/orders/list', token: admin, body: {} });
    expect(records.body.data.list.map((r: { name: string }) => r.name)).toEqual(['第一单']);
  });

  it('rolls back one step through the history, as a new version', async () => {
    const one = await t.request({
      method: 'POST',
      url: '/api/modules/rollback',
      token: admin,
      body: { ids: [ordersId] },
    });
    expect(one.body).toMatchObject({
      code: ResultCode.BAD_REQUEST,
      message: '模块“订单”只有一个版本，没有可回滚的版本',
    });
    const first = (await t.request({ url: `/api/module/${ordersId}/versions/1`, token: admin })).body.data.schema;
    const second = structuredClone(first);
    second.body[0].fields.push({ id: 'f_amountfield', key: 'amount', title: '金额', type: 'number' });
    t.clock.now += 1000;
    const saved = await t.request({
      method: 'PUT',
      url: `/api/module/${ordersId}`,
      token: admin,
      body: { schema: second },
    });
    expect(saved.body).toMatchObject({ code: ResultCode.SUCCESS, data: { version: 2 } });
    expect((await list()).data.list.find((m: { id: string }) => m.id === ordersId).field_count).toBe(2);
    t.clock.now += 1000;
    const back = await t.request({
      method: 'POST',
      url: '/api/modules/rollback',
      token: admin,
      body: { ids: [ordersId] },
    });
    expect(back.body).toMatchObject({ code: ResultCode.SUCCESS, data: { version: 3 } });
    const detail = (await t.request({ url: `/api/modules/${ordersId}`, token: admin })).body.data;
    expect(detail.field_count).toBe(1);
    expect(detail.versions.map((v: { version: number; provenance: string }) => [v.version, v.provenance])).toEqual([
      [3, 'rollback'],
      [2, 'designer'],
      [1, 'designer'],
    ]);
    const schema = (await t.request({ url: `/api/module/${ordersId}`, token: admin })).body.data.schema;
    expect(schema).toEqual(first);
  });

  it('exports a module as a file the import route takes', async () => {
    const reply = await t.request({ url: `/api/modules/${ordersId}/export`, token: admin });
    expect(reply.headers['content-disposition']).toContain('orders.tessera-module.json');
    expect(reply.headers['content-type']).toBe('application/octet-stream');
    const file = reply.body as unknown; // the file's text is JSON: the helper parsed it
    expect(file).toMatchObject({ format: 'tessera-module', module: { table_name: 'orders' } });
    const imported = await t.request({
      method: 'POST',
      url: '/api/module/import',
      token: admin,
      body: { file, table_name: 'orders_copy' },
    });
    expect(imported.body.code).toBe(ResultCode.SUCCESS);
  });

  it('refuses every route to a non-admin and changes nothing', async () => {
    await t.addUser('plainuser', 'Plain@2026x', 'user');
    const user = await t.signIn('plainuser', 'Plain@2026x');
    const before = await moduleCount();
    const calls = [
      { url: '/api/modules' },
      { url: '/api/modules/check?table_name=ok_name' },
      { url: `/api/modules/${ordersId}` },
      { url: `/api/modules/${ordersId}/export` },
      { method: 'POST' as const, url: '/api/modules', body: { title: 'x', table_name: 'sneaky' } },
      { method: 'DELETE' as const, url: `/api/modules/${ordersId}` },
      { method: 'DELETE' as const, url: '/api/modules', body: { ids: [ordersId] } },
      { method: 'POST' as const, url: '/api/modules/restore', body: { ids: [ordersId] } },
      { method: 'POST' as const, url: '/api/modules/rollback', body: { ids: [ordersId] } },
    ];
    for (const call of calls) {
      const reply = await t.request({ ...call, token: user });
      expect(reply.body.code, call.url).toBe(ResultCode.FORBIDDEN);
    }
    expect(await moduleCount()).toBe(before);
    expect((await list()).data.list.map((m: { id: string }) => m.id)).toContain(ordersId);
  });
});
