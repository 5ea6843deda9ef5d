/**
 * Narrowing a field's type keeps what converts, on every database: the old column is retired with
 * the originals, the field's new column gets every value that converts (numeric text → number,
 * whole numbers in range → integer, short text → varchar, numbers → text), and the plan — the dry
 * run as much as the save — says per field how many rows did not convert. A unique field whose values
 * collide once converted is refused and changes nothing (MySQL included).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const BASE = JSON.parse(readFileSync('schemas/apps/demo/modules/customer.json', 'utf8'));

const field = (key: string, dataType: string) => ({
  id: `f_lot${key}`,
  key,
  title: { zh: key, en: key },
  type: 'input',
  dataType,
});

function lotPage(types: Record<string, string>, table = 'lot', unique: string[] = []) {
  const schema = structuredClone(BASE);
  schema.title = { zh: '批次', en: 'Lots' };
  const list = schema.body[0];
  list.table = table;
  list.dataSource = { kind: 'COMMON', api: `common/${table}` };
  delete list.gantt;
  list.views = ['table'];
  list.fields = Object.entries(types).map(([key, type]) => ({
    ...field(key, type),
    ...(unique.includes(key) ? { unique: true } : {}),
  }));
  return schema;
}

const BEFORE = { label: 'string', code: 'string', price: 'string', ratio: 'double', qty: 'long', memo: 'text' };
const AFTER = { label: 'string', code: 'integer', price: 'double', ratio: 'integer', qty: 'string', memo: 'string' };

const LONG_MEMO = '长'.repeat(300);
const ROWS = [
  { label: 'r1', code: '42', price: '1.25', ratio: 3, qty: 12345678901, memo: 'short' },
  { label: 'r2', code: ' -7 ', price: '-.5', ratio: 2.5, qty: -3, memo: LONG_MEMO },
  { label: 'r3', code: 'abc', price: '1e3', ratio: 1e10, qty: 0 },
  { label: 'r4', code: '99999999999', price: 'x', ratio: -4 },
  { label: 'r5', price: '+7.' },
];

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  let lotId: string;

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    admin = await t.signIn();
    const created = await t.request({
      method: 'POST',
      url: '/api/module',
      token: admin,
      body: { title: '批次', table_name: 'lot', schema: lotPage(BEFORE) },
    });
    expect(created.body.code).toBe(ResultCode.SUCCESS);
    lotId = created.body.data.id;
    for (const body of ROWS) {
      const row = await t.request({ url: '/api/common/lot', token: admin, body });
      expect(row.body.code, row.body.message).toBe(ResultCode.SUCCESS);
    }
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const put = (body: object) => t.request({ method: 'PUT', url: `/api/module/${lotId}`, token: admin, body });
  const copies = (plan: { op: string; to?: string; unconverted?: number }[]) =>
    Object.fromEntries(plan.filter((s) => s.op === 'copyConverted').map((s) => [s.to, s.unconverted]));

  it('reports in the dry run how many rows of each narrowed field will not convert, changing nothing', async () => {
    const dry = await put({ schema: lotPage(AFTER), base_version: 1, dry_run: true });
    expect(dry.body.code).toBe(ResultCode.SUCCESS);
    // code: abc, 99999999999 (past integer); price: 1e3 (no exponent form), x; ratio: 2.5, 1e10;
    // memo: 300 characters; every number converts to text.
    expect(copies(dry.body.data.plan)).toEqual({ code: 2, price: 2, ratio: 2, qty: 0, memo: 1 });
    const refused = await put({ schema: lotPage(AFTER), base_version: 1 });
    expect(refused.body.code).toBe(ResultCode.BAD_REQUEST);
    expect(refused.body.data.plan.some((s: { op: string }) => s.op === 'copyConverted')).toBe(true);
  });

  it('after confirm copies every value that converts, keeping the originals in the retired columns', async () => {
    const reply = await put({ schema: lotPage(AFTER), base_version: 1, confirm: true });
    expect(reply.body.code, reply.body.message).toBe(ResultCode.SUCCESS);
    expect(copies(reply.body.data.plan)).toEqual({ code: 2, price: 2, ratio: 2, qty: 0, memo: 1 });

    const rows = await t.db.db.selectFrom('m_demo_lot').selectAll().orderBy('label').execute();
    const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
    expect(rows.map((r) => num(r.code))).toEqual([42, -7, null, null, null]);
    expect(rows.map((r) => num(r.price))).toEqual([1.25, -0.5, null, null, 7]);
    expect(rows.map((r) => num(r.ratio))).toEqual([3, null, null, -4, null]);
    expect(rows.map((r) => r.qty)).toEqual(['12345678901', '-3', '0', null, null]);
    expect(rows.map((r) => r.memo)).toEqual(['short', null, null, null, null]);

    // The originals, untouched, in the retired columns (zr2_<key>).
    expect(rows.map((r) => r.zr2_code)).toEqual(['42', ' -7 ', 'abc', '99999999999', null]);
    expect(rows.map((r) => num(r.zr2_ratio))).toEqual([3, 2.5, 1e10, -4, null]);
    expect(rows[1].zr2_memo).toBe(LONG_MEMO);

    // The page reads the converted values through the common API.
    const list = await t.request({ url: '/api/common/lot/list', token: admin, body: { isPage: false } });
    const r1 = list.body.data.list.find((r: { label: string }) => r.label === 'r1');
    expect(num(r1.code)).toBe(42);
  });

  it('a unique field whose values collide once converted is refused, the table and schema left as they were', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/module',
      token: admin,
      body: { title: '标签', table_name: 'tag', schema: lotPage({ sku: 'string' }, 'tag', ['sku']) },
    });
    expect(created.body.code).toBe(ResultCode.SUCCESS);
    for (const sku of ['1', '01']) {
      const row = await t.request({ url: '/api/common/tag', token: admin, body: { sku } });
      expect(row.body.code, row.body.message).toBe(ResultCode.SUCCESS);
    }
    const id = created.body.data.id;
    const reply = await t.request({
      method: 'PUT',
      url: `/api/module/${id}`,
      token: admin,
      body: { schema: lotPage({ sku: 'integer' }, 'tag', ['sku']), base_version: 1, confirm: true },
    });
    expect(reply.body.code).not.toBe(ResultCode.SUCCESS);
    const columns = (await t.db.db.introspection.getTables())
      .find((x) => x.name === 'm_demo_tag')!
      .columns.map((c) => c.name.toLowerCase());
    expect(columns).toContain('sku');
    expect(columns.some((c) => c.startsWith('zr'))).toBe(false);
    const rows = await t.db.db.selectFrom('m_demo_tag').select('sku').orderBy('sku').execute();
    expect(rows.map((r) => r.sku)).toEqual(['01', '1']);
    const versions = await t.request({ url: `/api/module/${id}/versions`, token: admin });
    expect(versions.body.data).toHaveLength(1);
  });
});
