/**
 * The module API's writes: saving a schema adds columns and unique indexes (never drops one),
 * keeps versions with a diff and rolls back; invalid schemas and non-admins change nothing; a
 * failure after the table work leaves no trace (transaction, or compensation on MySQL). Also the
 * server's auto-numbers on create and import, on the field such a save adds.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { xlsxOf } from '../../fixtures/workbooks/build';
import { saveModule } from '../../server/modules/save';
import { tableExists } from '../../server/modules/table-sync';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const BASE = JSON.parse(readFileSync('schemas/apps/demo/modules/customer.json', 'utf8'));
const CODE_FIELD = {
  id: 'f_code',
  key: 'code',
  title: { zh: '客户编号', en: 'Code' },
  type: 'input',
  unique: true,
  auto_no_rule: [
    { type: 'text', value: 'C' },
    { type: 'random', digits: 4 },
  ],
};

function withFields(change: (fields: any[]) => any[]) {
  const schema = structuredClone(BASE);
  schema.body[0].fields = change(schema.body[0].fields);
  return schema;
}

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  let moduleId: string;
  const physical = 'm_demo_customer';

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    admin = await t.signIn();
    const row = await t.db.db
      .selectFrom(t.tables.module)
      .select('id')
      .where('table_name', '=', 'customer')
      .executeTakeFirstOrThrow();
    moduleId = row.id as string;
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const columnsOf = async (table: string) =>
    (await t.db.db.introspection.getTables()).find((x) => x.name === table)?.columns.map((c) => c.name.toLowerCase()) ??
    [];
  const versions = () => t.request({ url: `/api/module/${moduleId}/versions`, token: admin });
  const save = (schema: unknown, token = admin) =>
    t.request({ method: 'PUT', url: `/api/module/${moduleId}`, token, body: { schema } });

  it("adds a column and its unique index, keeps removed fields' columns and data, records a version", async () => {
    const kept = await t.request({
      url: '/api/common/customer',
      token: admin,
      body: { name: '留存客户', level: 'vip', remark: '保留的备注' },
    });
    expect(kept.body.code).toBe(ResultCode.SUCCESS);
    const seeded = (await versions()).body.data.length;
    t.clock.now += 5000;
    const schema = withFields((fields) => [...fields.filter((f) => f.key !== 'remark'), CODE_FIELD]);
    // Removing a field retires its column: a destructive step the save must confirm.
    const unconfirmed = await save(schema);
    expect(unconfirmed.body).toMatchObject({ code: ResultCode.BAD_REQUEST, data: { plan: expect.any(Array) } });
    expect(unconfirmed.body.message).toContain('remark');
    expect((await versions()).body.data).toHaveLength(seeded);
    const reply = await t.request({
      method: 'PUT',
      url: `/api/module/${moduleId}`,
      token: admin,
      body: { schema, confirm: true },
    });
    expect(reply.body.code).toBe(ResultCode.SUCCESS);
    expect(reply.body.data.diff).toEqual({
      tableCreated: false,
      columnsAdded: ['code'],
      fieldsAdded: ['code'],
      fieldsRemoved: ['remark'],
      fieldsChanged: [],
      uniqueAdded: ['code'],
      titleChanged: false,
    });
    const columns = await columnsOf(physical);
    expect(columns).toContain('code');
    // The removed field's column is kept under a retired name, its data intact.
    const retired = `zr${reply.body.data.version}_remark`;
    expect(columns).toContain(retired);
    expect(columns).not.toContain('remark');
    const stored = await t.db.db
      .selectFrom(physical)
      .select(retired)
      .where('id', '=', kept.body.data.id)
      .executeTakeFirstOrThrow();
    expect(stored[retired]).toBe('保留的备注');

    const module = await t.request({ url: `/api/module/${moduleId}`, token: admin });
    expect(module.body.data.schema).toEqual(schema);
    expect(module.body.data.update_at).toBe(t.clock.now);
    const list = await versions();
    expect(list.body.data).toHaveLength(seeded + 1);
    expect(list.body.data[0]).toMatchObject({
      id: reply.body.data.versionId,
      created_at: t.clock.now,
      ai_generated: false,
      schema,
    });
  });

  it('fills auto-numbers on create and import, and the new unique index refuses a taken number', async () => {
    const created = await t.request({
      url: '/api/common/customer',
      token: admin,
      body: { name: '自动编号甲', level: 'vip' },
    });
    expect(created.body.code).toBe(ResultCode.SUCCESS);
    expect(created.body.data.code).toMatch(/^C\d{4}$/);
    const typed = await t.request({
      url: '/api/common/customer',
      token: admin,
      body: { name: '自动编号乙', level: 'vip', code: 'KEEP-1' },
    });
    expect(typed.body.data.code).toBe('KEEP-1');
    const dup = await t.request({
      url: '/api/common/customer',
      token: admin,
      body: { name: '自动编号丙', level: 'vip', code: 'KEEP-1' },
    });
    expect(dup.body).toMatchObject({ code: ResultCode.DATA_ERROR, message: "Duplicate entry 'KEEP-1' for key 'code'" });

    const boundary = 'tesseraboundary';
    const file = await xlsxOf([
      ['客户名称', '客户等级'],
      ['导入编号一', 'VIP'],
      ['导入编号二', 'VIP'],
    ]);
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="fields"\r\n\r\n${JSON.stringify([
          { key: 'name', title: '客户名称' },
          { key: 'level', title: '客户等级' },
        ])}\r\n`,
      ),
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/common/customer/import',
      headers: { authorization: admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(imported.json()).toMatchObject({ code: ResultCode.SUCCESS, data: { imported: 2 } });
    const codes = await t.db.db.selectFrom(physical).select('code').where('name', 'like', '导入编号%').execute();
    expect(codes.map((r) => r.code)).toEqual([expect.stringMatching(/^C\d{4}$/), expect.stringMatching(/^C\d{4}$/)]);
    expect(codes[0]!.code).not.toBe(codes[1]!.code);
  });

  it('refuses an invalid schema with JSON paths and reasons, changing nothing', async () => {
    const before = (await versions()).body.data.length;
    const bad = withFields((fields) => [
      ...fields,
      { id: 'f_broken', key: 'broken', title: 'x', type: 'no-such-widget' },
    ]);
    const reply = await save(bad);
    expect(reply.body.code).toBe(ResultCode.BAD_REQUEST);
    expect(reply.body.message).toMatch(/^页面配置有误：.*\/body\/0\/fields\/\d+\/type/);
    expect(await columnsOf(physical)).not.toContain('broken');
    expect((await versions()).body.data).toHaveLength(before);
    const badKey = await save(
      withFields((fields) => [...fields, { id: 'f_dropx', key: 'drop table x', title: 'x', type: 'input' }]),
    );
    expect(badKey.body.code).toBe(ResultCode.BAD_REQUEST);
  });

  it('is admin-only', async () => {
    await t.addUser('plainuser', 'Plain@2026x', 'user');
    const user = await t.signIn('plainuser', 'Plain@2026x');
    const reply = await save(BASE, user);
    expect(reply.body.code).toBe(ResultCode.FORBIDDEN);
    const list = await t.request({ url: `/api/module/${moduleId}/versions`, token: user });
    expect(list.body.code).toBe(ResultCode.FORBIDDEN);
  });

  it('rolls back to a version by saving its schema again, never dropping later columns', async () => {
    const first = (await versions()).body.data.at(-1);
    t.clock.now += 1000;
    const reply = await t.request({
      method: 'POST',
      url: `/api/module/${moduleId}/rollback/${first.id}`,
      token: admin,
    });
    expect(reply.body.code).toBe(ResultCode.SUCCESS);
    expect(reply.body.data.diff).toMatchObject({ rollbackOf: first.id, columnsAdded: [] });
    const module = await t.request({ url: `/api/module/${moduleId}`, token: admin });
    expect(module.body.data.schema).toEqual(first.schema);
    // The retired remark column is back under its own name; the code column is retired, not dropped.
    const columns = await columnsOf(physical);
    expect(columns).toContain('remark');
    expect(columns).toContain(`zr${reply.body.data.version}_code`);
    const missing = await t.request({ method: 'POST', url: `/api/module/${moduleId}/rollback/nope`, token: admin });
    expect(missing.body).toMatchObject({ code: ResultCode.BAD_REQUEST, message: '该版本不存在' });
  });

  it('creates a new module with its table, and refuses a table name already used', async () => {
    const schema = structuredClone(BASE);
    schema.title = { zh: '订单', en: 'Orders' };
    schema.body[0].table = 'orders';
    schema.body[0].dataSource = { kind: 'COMMON', api: 'common/orders' };
    const reply = await t.request({
      method: 'POST',
      url: '/api/module',
      token: admin,
      body: { title: '订单', table_name: 'orders', schema },
    });
    expect(reply.body.code).toBe(ResultCode.SUCCESS);
    expect(reply.body.data.diff).toMatchObject({ tableCreated: true });
    expect(await tableExists(t.db, 'm_demo_orders')).toBe(true);
    const created = await t.request({
      url: '/api/common/orders',
      token: admin,
      body: { name: '第一单', level: 'vip' },
    });
    expect(created.body.code).toBe(ResultCode.SUCCESS);
    const again = await t.request({
      method: 'POST',
      url: '/api/module',
      token: admin,
      body: { table_name: 'orders', schema },
    });
    expect(again.body).toMatchObject({ code: ResultCode.BAD_REQUEST, message: '数据表 orders 已被其他模块使用' });
  });

  describe('a failure after the table work leaves nothing behind', () => {
    const fail = { beforeCommit: () => Promise.reject(new Error('injected failure')) };
    const adminAuth = async () => {
      const userRow = await t.db.db
        .selectFrom(t.tables.user)
        .selectAll()
        .where('account', '=', 'admin')
        .executeTakeFirstOrThrow();
      const app = await t.db.db
        .selectFrom(t.tables.app)
        .selectAll()
        .where('id', '=', t.demoAppId)
        .executeTakeFirstOrThrow();
      return { user: userRow, app, roles: [], isAdmin: true, session: {} } as never;
    };

    it('for a new module: no table, no module row', async () => {
      const schema = structuredClone(BASE);
      schema.body[0].table = 'ghost';
      await expect(
        saveModule(t.app.tessera, await adminAuth(), { tableName: 'ghost', schema }, fail),
      ).rejects.toMatchObject({ code: ResultCode.DATA_ERROR });
      expect(await tableExists(t.db, 'm_demo_ghost')).toBe(false);
      const row = await t.db.db
        .selectFrom(t.tables.module)
        .select('id')
        .where('table_name', '=', 'ghost')
        .executeTakeFirst();
      expect(row).toBeUndefined();
    });

    it('for an existing module: the added column and unique index are gone, older columns stay', async () => {
      const before = (await versions()).body.data.length;
      const columnsBefore = await columnsOf(physical);
      const schema = withFields((fields) => [
        ...fields,
        CODE_FIELD,
        { id: 'f_extra', key: 'extra_no', title: 'x', type: 'input', unique: true },
      ]);
      await expect(saveModule(t.app.tessera, await adminAuth(), { id: moduleId, schema }, fail)).rejects.toMatchObject({
        code: ResultCode.DATA_ERROR,
      });
      const columns = await columnsOf(physical);
      expect(columns).not.toContain('extra_no');
      // The retired code column that this save restored is retired again: the table is as it was.
      expect(columns).toEqual(columnsBefore);
      expect((await versions()).body.data).toHaveLength(before);
      // The table still works as before: creating a record succeeds.
      const created = await t.request({
        url: '/api/common/customer',
        token: admin,
        body: { name: '失败之后', level: 'vip' },
      });
      expect(created.body.code).toBe(ResultCode.SUCCESS);
    });
  });
});
