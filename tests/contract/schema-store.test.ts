/**
 * The schema store's module pipeline, on every database: fields keep their column across a key
 * rename (bound by id), a dry run shows the table sync plan and changes nothing, widening keeps
 * values, a unique index over duplicates is refused with sample values, a save based on an old
 * version gets CONFLICT naming the other author, two racing saves end with exactly one winner,
 * versions are listed, shown and diffed readably, a rollback renames columns back, a failure
 * midway leaves table and schema at the old version, and a module exported from one app imports
 * into another with its field ids.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { saveModule } from '../../server/modules/save';
import { tableExists } from '../../server/modules/table-sync';
import { adminAuthOf, startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const BASE = JSON.parse(readFileSync('schemas/apps/demo/modules/customer.json', 'utf8'));

const NAME = { id: 'f_dealname', key: 'name', title: { zh: '客户名称', en: 'Customer' }, type: 'input' };
const AMOUNT = {
  id: 'f_dealamount',
  key: 'amount',
  title: { zh: '金额', en: 'Amount' },
  type: 'input',
  dataType: 'integer',
};
const NO = { id: 'f_dealno', key: 'no', title: { zh: '编号', en: 'No.' }, type: 'input' };

function dealPage(fields: object[]) {
  const schema = structuredClone(BASE);
  schema.title = { zh: '交易', en: 'Deals' };
  const list = schema.body[0];
  list.table = 'deal';
  list.dataSource = { kind: 'COMMON', api: 'common/deal' };
  delete list.gantt;
  list.views = ['table'];
  list.fields = fields;
  return schema;
}

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  let dealId: string;
  const physical = 'm_demo_deal';

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    admin = await t.signIn();
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const columnsOf = async (table: string) =>
    (await t.db.db.introspection.getTables()).find((x) => x.name === table)?.columns.map((c) => c.name.toLowerCase()) ??
    [];
  const versions = async () => (await t.request({ url: `/api/module/${dealId}/versions`, token: admin })).body.data;
  const put = (body: object) => t.request({ method: 'PUT', url: `/api/module/${dealId}`, token: admin, body });
  // Both rows share the test clock's create_at: callers sort what they compare.
  const rows = async () => t.db.db.selectFrom(physical).selectAll().execute();

  it('records a seeded module as version 1 from its committed file, with hash and model', async () => {
    const seeded = await t.db.db
      .selectFrom('tessera_sys_module')
      .select('id')
      .where('table_name', '=', 'customer')
      .executeTakeFirstOrThrow();
    const list = (await t.request({ url: `/api/module/${seeded.id}/versions`, token: admin })).body.data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ version: 1, provenance: 'file', hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const shown = await t.request({ url: `/api/module/${seeded.id}/versions/1`, token: admin });
    expect(shown.body.code).toBe(ResultCode.SUCCESS);
    expect(JSON.stringify(shown.body.data)).toContain('f_');
  });

  it('creates a module as version 1 with a content hash, provenance and the create plan', async () => {
    const reply = await t.request({
      method: 'POST',
      url: '/api/module',
      token: admin,
      body: { title: '交易', table_name: 'deal', schema: dealPage([NAME, AMOUNT, NO]) },
    });
    expect(reply.body.code).toBe(ResultCode.SUCCESS);
    dealId = reply.body.data.id;
    expect(reply.body.data).toMatchObject({ version: 1, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(reply.body.data.plan[0]).toMatchObject({ op: 'createTable' });
    expect(await tableExists(t.db, physical)).toBe(true);
    for (const body of [
      { name: '甲', amount: 5, no: 'X1' },
      { name: '乙', amount: 7, no: 'X1' },
    ]) {
      const created = await t.request({ url: '/api/common/deal', token: admin, body });
      expect(created.body.code).toBe(ResultCode.SUCCESS);
    }
    const [first] = await versions();
    expect(first).toMatchObject({
      version: 1,
      provenance: 'designer',
      author: expect.any(String),
      hash: reply.body.data.hash,
    });
  });

  it('renames a field key as a column rename: a dry run shows the plan, the save keeps the data', async () => {
    const renamed = { ...NAME, key: 'customer_name' };
    const schema = dealPage([renamed, { ...AMOUNT, required: true }, NO]);
    const dry = await put({ schema, base_version: 1, dry_run: true });
    expect(dry.body.code).toBe(ResultCode.SUCCESS);
    expect(dry.body.data).toMatchObject({ dryRun: true, version: 2, versionId: null });
    expect(dry.body.data.plan).toEqual([
      { op: 'renameColumn', fieldId: 'f_dealname', from: 'name', to: 'customer_name' },
    ]);
    expect(await columnsOf(physical)).toContain('name');
    expect(await versions()).toHaveLength(1);

    t.clock.now += 1000;
    const reply = await put({ schema, base_version: 1 });
    expect(reply.body.code).toBe(ResultCode.SUCCESS);
    expect(reply.body.data.version).toBe(2);
    const columns = await columnsOf(physical);
    expect(columns).toContain('customer_name');
    expect(columns).not.toContain('name');
    const list = await t.request({ url: '/api/common/deal/list', token: admin, body: { isPage: false } });
    expect(list.body.data.list.map((r: { customer_name: string }) => r.customer_name).sort()).toEqual(['乙', '甲']);

    const diff = await t.request({ url: `/api/module/${dealId}/diff?from=1&to=2`, token: admin });
    expect(diff.body.code).toBe(ResultCode.SUCCESS);
    const english = diff.body.data.changes.map((c: { message: { en: string } }) => c.message.en);
    const chinese = diff.body.data.changes.map((c: { message: { zh: string } }) => c.message.zh);
    expect(english).toContain('field 客户名称 renamed key name → customer_name');
    expect(english).toContain('field 金额 required added');
    expect(chinese).toContain('字段 金额：新增必填');
    expect(diff.body.data.changes[0].pointer).toBe('/body/0/fields/0');

    const shown = await t.request({ url: `/api/module/${dealId}/versions/2`, token: admin });
    expect(shown.body.data).toMatchObject({ version: 2, schema, hash: reply.body.data.hash });
  });

  it('refuses a save based on an older version with CONFLICT naming the other author, writing nothing', async () => {
    const before = await columnsOf(physical);
    const reply = await put({
      schema: dealPage([NAME, AMOUNT, NO, { id: 'f_late', key: 'late', title: 'x', type: 'input' }]),
      base_version: 1,
    });
    expect(reply.body.code).toBe(ResultCode.CONFLICT);
    expect(reply.body.data).toMatchObject({ version: 2, at: t.clock.now, authorName: expect.any(String) });
    expect(reply.body.message).toContain(new Date(t.clock.now).toISOString());
    expect(await columnsOf(physical)).toEqual(before);
    expect(await versions()).toHaveLength(2);
  });

  it('of two saves racing from the same version exactly one wins', async () => {
    const current = (await versions())[0];
    const renamed = { ...NAME, key: 'customer_name' };
    const base = [renamed, { ...AMOUNT, required: true }, NO];
    const [a, b] = await Promise.all([
      put({
        schema: dealPage([...base, { id: 'f_racea', key: 'race_a', title: 'a', type: 'input' }]),
        base_version: current.version,
      }),
      put({
        schema: dealPage([...base, { id: 'f_raceb', key: 'race_b', title: 'b', type: 'input' }]),
        base_version: current.version,
      }),
    ]);
    const codes = [a.body.code, b.body.code].sort();
    expect(codes).toEqual([ResultCode.SUCCESS, ResultCode.CONFLICT].sort());
    const winner = a.body.code === ResultCode.SUCCESS ? 'race_a' : 'race_b';
    const loser = winner === 'race_a' ? 'race_b' : 'race_a';
    const columns = await columnsOf(physical);
    expect(columns).toContain(winner);
    expect(columns).not.toContain(loser);
    expect(await versions()).toHaveLength(3);
  });

  it('widens a column in place, keeping its values', async () => {
    const current = (await versions())[0];
    const schema = dealPage([{ ...NAME, key: 'customer_name' }, { ...AMOUNT, dataType: 'long', required: true }, NO]);
    const reply = await put({ schema, base_version: current.version, confirm: true });
    expect(reply.body.code).toBe(ResultCode.SUCCESS);
    expect(reply.body.data.plan).toContainEqual({
      op: 'widenColumn',
      fieldId: 'f_dealamount',
      column: 'amount',
      from: 'integer',
      to: 'long',
    });
    expect((await rows()).map((r) => Number(r.amount)).sort()).toEqual([5, 7]);
  });

  it('refuses a unique index over duplicate values, listing them, changing nothing', async () => {
    const current = (await versions())[0];
    const schema = dealPage([
      { ...NAME, key: 'customer_name' },
      { ...AMOUNT, dataType: 'long', required: true },
      { ...NO, unique: true },
    ]);
    const reply = await put({ schema, base_version: current.version });
    expect(reply.body.code).toBe(ResultCode.BAD_REQUEST);
    expect(reply.body.message).toContain('X1');
    expect(reply.body.message).toContain('no');
    expect(await versions()).toHaveLength(current.version);
    // Once the duplicate is gone the same save succeeds and the index holds.
    await t.db.db.updateTable(physical).set({ no: 'X2' }).where('customer_name', '=', '乙').execute();
    const again = await put({ schema, base_version: current.version });
    expect(again.body.code).toBe(ResultCode.SUCCESS);
    const dup = await t.request({
      url: '/api/common/deal',
      token: admin,
      body: { customer_name: '丙', amount: 1, no: 'X2' },
    });
    expect(dup.body.code).toBe(ResultCode.DATA_ERROR);
  });

  it('a failure midway leaves the table and the stored schema at the old version', async () => {
    const auth = await adminAuthOf(t);
    const head = (await versions())[0];
    const columns = await columnsOf(physical);
    const schema = dealPage([
      { ...NAME, key: 'renamed_again' },
      { ...AMOUNT, dataType: 'long' },
      { ...NO, key: 'number', unique: true },
    ]);
    await expect(
      saveModule(
        t.app.tessera,
        auth,
        { id: dealId, schema, baseVersion: head.version },
        { beforeCommit: () => Promise.reject(new Error('injected')) },
      ),
    ).rejects.toMatchObject({ code: ResultCode.DATA_ERROR });
    expect(await columnsOf(physical)).toEqual(columns);
    expect((await versions())[0].version).toBe(head.version);
    const module = await t.request({ url: `/api/module/${dealId}`, token: admin });
    expect(module.body.data.schema.body[0].fields[0].key).toBe('customer_name');
    // The unique index on `no` survived the undo.
    const dup = await t.request({
      url: '/api/common/deal',
      token: admin,
      body: { customer_name: '丁', amount: 1, no: 'X1' },
    });
    expect(dup.body.code).toBe(ResultCode.DATA_ERROR);
  });

  it('rolls back to version 1: the column gets its old name back, data intact, as a new version', async () => {
    const head = (await versions())[0];
    const reply = await t.request({ method: 'POST', url: `/api/module/${dealId}/rollback/1`, token: admin, body: {} });
    expect(reply.body.code).toBe(ResultCode.SUCCESS);
    expect(reply.body.data.version).toBe(head.version + 1);
    const columns = await columnsOf(physical);
    expect(columns).toContain('name');
    expect(columns).not.toContain('customer_name');
    expect((await rows()).map((r) => String(r.name)).sort()).toEqual(['乙', '甲']);
    const [latest] = await versions();
    expect(latest).toMatchObject({ provenance: 'rollback', version: head.version + 1 });
  });

  it('swaps two keys through temporary names: each column keeps its own field', async () => {
    const head = (await versions())[0];
    const schema = dealPage([{ ...NAME, key: 'no' }, AMOUNT, { ...NO, key: 'name' }]);
    const reply = await put({ schema, base_version: head.version });
    expect(reply.body.code).toBe(ResultCode.SUCCESS);
    const pairs = (await rows()).map((r) => `${String(r.no)}:${String(r.name)}`).sort();
    expect(pairs).toEqual(['乙:X2', '甲:X1']);
    const columns = await columnsOf(physical);
    expect(columns.filter((c) => c.startsWith('zt_'))).toEqual([]);
  });

  it('exports a module and imports it into another app through the same pipeline, ids kept', async () => {
    const exported = await t.request({ url: `/api/module/${dealId}/export`, token: admin });
    expect(exported.body.data).toMatchObject({ format: 'tessera-module', module: { table_name: 'deal' } });
    await t.seedApp('other');
    const otherAdmin = await t.signIn('admin', 'Tessera@2026', 'other');
    const imported = await t.request({
      method: 'POST',
      url: '/api/module/import',
      token: otherAdmin,
      body: { file: JSON.stringify(exported.body.data) },
    });
    expect(imported.body.code).toBe(ResultCode.SUCCESS);
    expect(imported.body.data).toMatchObject({ version: 1 });
    expect(await tableExists(t.db, 'm_other_deal')).toBe(true);
    const module = await t.request({ url: `/api/module/${imported.body.data.id}`, token: otherAdmin });
    expect(module.body.data.schema.body[0].fields.map((f: { id: string }) => f.id)).toEqual([
      'f_dealname',
      'f_dealamount',
      'f_dealno',
    ]);
    const history = await t.request({ url: `/api/module/${imported.body.data.id}/versions`, token: otherAdmin });
    expect(history.body.data[0]).toMatchObject({ provenance: 'import', version: 1 });
    const bad = await t.request({
      method: 'POST',
      url: '/api/module/import',
      token: otherAdmin,
      body: { file: { format: 'x' } },
    });
    expect(bad.body.code).toBe(ResultCode.BAD_REQUEST);
  });
});
