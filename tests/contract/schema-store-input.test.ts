/**
 * Bad schemas at the store, on every database: text that is not JSON, a meta-schema violation,
 * 10 MB, 10,000 levels of nesting (as text and as a parsed body), a table or column named by an
 * SQL keyword, another module's table, a duplicate key and a reference to a missing field each get
 * one clear error listing every issue with its JSON pointer — and nothing is written: no version,
 * no head change, no table created or altered. An old schemaVersion is migrated on the way in.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { tableExists } from '../../server/modules/table-sync';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const BASE = JSON.parse(readFileSync('schemas/apps/demo/modules/customer.json', 'utf8'));
const withFields = (change: (fields: any[]) => any[], edit: (list: any) => void = () => undefined) => {
  const schema = structuredClone(BASE);
  schema.body[0].fields = change(schema.body[0].fields);
  edit(schema.body[0]);
  return schema;
};
const field = (id: string, key: string) => ({ id, key, title: key, type: 'input' });

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
    moduleId = String(
      (
        await t.db.db
          .selectFrom(t.tables.module)
          .select('id')
          .where('table_name', '=', 'customer')
          .executeTakeFirstOrThrow()
      ).id,
    );
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  /** Everything a save could have changed: head row, versions, the table's columns, all tables. */
  const snapshot = async () => {
    const tables = await t.db.db.introspection.getTables();
    const head = await t.db.db
      .selectFrom(t.tables.module)
      .select(['schema', 'version', 'update_at'])
      .where('id', '=', moduleId)
      .executeTakeFirstOrThrow();
    const versions = await t.db.db.selectFrom(t.tables.module_version).select('id').execute();
    return {
      head,
      versions: versions.length,
      tables: tables.map((x) => x.name).sort(),
      columns: tables.find((x) => x.name === physical)?.columns.map((c) => c.name),
    };
  };
  const put = (schema: unknown) =>
    t.request({ method: 'PUT', url: `/api/module/${moduleId}`, token: admin, body: { schema, confirm: true } });

  async function refused(reply: Promise<{ body: { code: string; message: string; data: any } }>, before: unknown) {
    const { body } = await reply;
    expect(body.code).toBe(ResultCode.BAD_REQUEST);
    expect(await snapshot()).toEqual(before);
    return body;
  }

  it('refuses text that is not JSON, with one issue at the root', async () => {
    const before = await snapshot();
    const body = await refused(put('{"type": "page", '), before);
    expect(body.data.issues).toEqual([expect.objectContaining({ pointer: '', code: 'schema.notJson' })]);
  });

  it('lists every meta-schema violation with its pointer and zh/en text', async () => {
    const before = await snapshot();
    const schema = withFields((fields) => [
      ...fields,
      { id: 'f_bad1', key: 'bad_one', title: 'x', type: 'no-such-widget' },
      { id: 'f_bad2', key: 'bad_two', type: 'input' },
    ]);
    const body = await refused(put(schema), before);
    const pointers = body.data.issues.map((i: { pointer: string }) => i.pointer);
    const n = BASE.body[0].fields.length;
    expect(pointers).toEqual(expect.arrayContaining([`/body/0/fields/${n}/type`, `/body/0/fields/${n + 1}/title`]));
    for (const issue of body.data.issues) {
      expect(issue).toMatchObject({
        code: expect.any(String),
        message: { zh: expect.any(String), en: expect.any(String) },
      });
    }
  });

  it('refuses 10 MB and 10,000 levels of nesting, as text and as a parsed body', async () => {
    const before = await snapshot();
    const huge = await put(JSON.stringify({ ...BASE, padding: 'x'.repeat(10 * 1024 * 1024) }));
    expect(huge.body.code).toBe(ResultCode.BAD_REQUEST);
    const deepText = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const asText = await refused(put(deepText), before);
    expect(asText.data.issues[0]).toMatchObject({ code: 'schema.tooDeep' });
    const asBody = await t.app.inject({
      method: 'PUT',
      url: `/api/module/${moduleId}`,
      headers: { authorization: admin, 'content-type': 'application/json' },
      payload: `{"schema":${deepText}}`,
    });
    expect(asBody.json()).toMatchObject({ code: ResultCode.BAD_REQUEST });
    expect(asBody.json().data.issues[0]).toMatchObject({ code: 'schema.tooDeep' });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a table or a column named by an SQL keyword', async () => {
    const before = await snapshot();
    const table = withFields(
      (fields) => fields,
      (list) => {
        list.table = 'select';
        list.dataSource = { kind: 'COMMON', api: 'common/select' };
      },
    );
    const created = await t.request({
      method: 'POST',
      url: '/api/module',
      token: admin,
      body: { table_name: 'select', schema: table },
    });
    expect(created.body.code).toBe(ResultCode.BAD_REQUEST);
    expect(created.body.data.issues).toContainEqual(
      expect.objectContaining({ pointer: '/table_name', code: 'schema.reservedTable' }),
    );
    expect(await tableExists(t.db, 'm_demo_select')).toBe(false);
    const n = BASE.body[0].fields.length;
    const body = await refused(put(withFields((fields) => [...fields, field('f_order', 'order')])), before);
    expect(body.data.issues).toContainEqual(
      expect.objectContaining({ pointer: `/body/0/fields/${n}/key`, code: 'schema.keyReserved' }),
    );
  });

  it("refuses another module's table, for a new module and inside an existing one", async () => {
    const before = await snapshot();
    const taken = await t.request({
      method: 'POST',
      url: '/api/module',
      token: admin,
      body: { table_name: 'customer', schema: BASE },
    });
    expect(taken.body).toMatchObject({ code: ResultCode.BAD_REQUEST, message: '数据表 customer 已被其他模块使用' });
    const other = withFields(
      (fields) => fields,
      (list) => {
        list.table = 'orders';
      },
    );
    const body = await refused(put(other), before);
    expect(body.data.issues).toContainEqual(expect.objectContaining({ code: 'schema.noList' }));
  });

  it('refuses a duplicate key and a reference to a missing field, each at its pointer', async () => {
    const before = await snapshot();
    const n = BASE.body[0].fields.length;
    const schema = withFields(
      (fields) => [...fields, field('f_dupname', 'name')],
      (list) => {
        list.gantt = { text: 'no_such_field', start: 'signed_at' };
      },
    );
    const body = await refused(put(schema), before);
    expect(body.data.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ pointer: `/body/0/fields/${n}/key`, code: 'schema.duplicateKey' }),
        expect.objectContaining({ pointer: '/body/0/gantt/text', code: 'schema.unknownField' }),
      ]),
    );
    expect(body.message).toMatch(/^页面配置有误：/);
  });

  it('migrates a schema of an older schemaVersion on the way in (fields get stable ids)', async () => {
    const old = structuredClone(BASE);
    old.schemaVersion = 1;
    for (const f of old.body[0].fields) delete f.id;
    const reply = await put(old);
    expect(reply.body.code).toBe(ResultCode.SUCCESS);
    const module = await t.request({ url: `/api/module/${moduleId}`, token: admin });
    expect(module.body.data.schema.schemaVersion).toBe(BASE.schemaVersion);
    expect(module.body.data.schema.body[0].fields.every((f: { id?: string }) => /^f_/.test(f.id ?? ''))).toBe(true);
    // Ids derived from the keys by the migration equal the committed ones: no column moved.
    expect(reply.body.data.plan).toEqual([]);
  });

  it('reads a head stored before versions and ids (no schemaVersion) through migrate: its fields match, nothing retires', async () => {
    const legacy = structuredClone(BASE);
    delete legacy.schemaVersion;
    for (const f of legacy.body[0].fields) delete f.id;
    await t.db.db
      .updateTable(t.tables.module)
      .set({ schema: JSON.stringify(legacy) })
      .where('id', '=', moduleId)
      .execute();
    // Its stored model is gone too, as for a version written before models.
    await t.db.db.updateTable(t.tables.module_version).set({ model: null }).where('module_id', '=', moduleId).execute();
    t.app.tessera.registry.invalidate(t.demoAppId);
    const listed = await t.request({ url: '/api/common/customer/list', token: admin, body: { isPage: false } });
    expect(listed.body.code).toBe(ResultCode.SUCCESS);
    const renamed = withFields((fields) => fields.map((f) => (f.key === 'mobile' ? { ...f, key: 'phone' } : f)));
    const reply = await put(renamed);
    expect(reply.body.code).toBe(ResultCode.SUCCESS);
    expect(reply.body.data.plan).toEqual([
      expect.objectContaining({ op: 'renameColumn', from: 'mobile', to: 'phone' }),
    ]);
  });
});
