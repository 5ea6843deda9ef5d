/**
 * Joins in the grouping/aggregate contract (POST common/:table/aggregate, docs/dashboards.md
 * "Aggregate queries") on every database: a join through a reference field of the listed table
 * (as the query builder writes it), a join back from a table whose reference points at the listed
 * one (purchases per buyer: `on` the other way round), and what guards both — the joined table is
 * read as the viewer (its declared data scope applies), resolved in the registry, and a table
 * without a grant or a column it lacks is refused with nothing run.
 *
 *   buyer     A, B, C (C has no purchases)
 *   purchase  declares dataLimitType 4 (each user reads only their own purchases)
 *             admin: A 100, A 50, B 10    viewer: B 7, A 3
 *   store / visit: visits through a reference to a store (one visit without a store)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { addModule, createRows } from '../bad-input/fixtures';
import type { TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';
import { startAppWithViewer } from '../helpers/viewer-app';

const REF = (table: string) => ({
  type: 'select',
  dictApi: { url: `common/${table}`, valueKey: 'id', labelKey: 'name' },
});

/** Sets the data limit a module's stored list declares (before the table is first read: the registry caches it). */
async function declareLimit(t: TestApp, table: string, dataLimitType: number): Promise<void> {
  const row = await t.db.db
    .selectFrom(t.tables.module)
    .select(['id', 'schema'])
    .where('app_id', '=', t.demoAppId)
    .where('table_name', '=', table)
    .executeTakeFirstOrThrow();
  const schema = JSON.parse(String(row.schema));
  schema.body[0].query = { dataLimitType };
  await t.db.db
    .updateTable(t.tables.module)
    .set({ schema: JSON.stringify(schema) })
    .where('id', '=', row.id)
    .execute();
}

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  let viewer: string;

  beforeAll(async () => {
    database = await makeDatabase();
    ({ t, admin, viewer } = await startAppWithViewer(database));
    await addModule(t, 'buyer', { name: 'string', credit: { type: 'number' } });
    await addModule(t, 'purchase', { buyer_id: REF('buyer'), amount: { type: 'number' }, no: 'string' });
    await declareLimit(t, 'purchase', 4);
    const [a, b] = await createRows(t, admin, 'buyer', [
      { name: 'A', credit: 1000 },
      { name: 'B', credit: 500 },
      { name: 'C', credit: 10 },
    ]);
    await createRows(t, admin, 'purchase', [
      { buyer_id: a, amount: 100, no: 'o1' },
      { buyer_id: a, amount: 50, no: 'o2' },
      { buyer_id: b, amount: 10, no: 'o3' },
    ]);
    await createRows(t, viewer, 'purchase', [
      { buyer_id: b, amount: 7, no: 'o4' },
      { buyer_id: a, amount: 3, no: 'o5' },
    ]);
    await addModule(t, 'store', { name: 'string', size: { type: 'number' } });
    await addModule(t, 'visit', { store_id: REF('store'), minutes: 'integer' });
    const [north, south] = await createRows(t, admin, 'store', [
      { name: 'A-north', size: 100 },
      { name: 'B-south', size: 300 },
    ]);
    await createRows(t, admin, 'visit', [
      { store_id: north, minutes: 10 },
      { store_id: north, minutes: 20 },
      { store_id: south, minutes: 5 },
      { minutes: 7 },
    ]);
    await createRows(t, viewer, 'visit', [{ store_id: south, minutes: 1 }]);
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const aggregate = (table: string, body: unknown, token = admin) =>
    t.request({ url: `/api/common/${table}/aggregate`, token, body });

  const data = async (table: string, body: unknown, token = admin) => {
    const reply = await aggregate(table, body, token);
    expect(reply.body.code, JSON.stringify(reply.body)).toBe(ResultCode.SUCCESS);
    return reply.body.data;
  };

  describe('a join through a reference field', () => {
    it('groups and measures over the related table, as the query builder writes it', async () => {
      const body = {
        leftJoins: [{ join: 'store', as: 'store_id', on: ['store_id', 'id'], showFields: ['name', 'size'] }],
        groupBy: ['store_id_name'],
        measures: [
          { fn: 'count', as: 'n' },
          { fn: 'sum', key: 'minutes', as: 'm' },
          { fn: 'max', key: 'store_id_size', as: 'size' },
        ],
      };
      const rows = (result: { list: Record<string, unknown>[] }) =>
        result.list.map((r) => [r.store_id_name, r.n, r.m, r.size === null ? null : Number(r.size)]);
      // A visit without a store is kept (a left join) and groups as empty, last.
      expect(rows(await data('visit', body))).toEqual([
        ['A-north', 2, 30, 100],
        ['B-south', 2, 6, 300],
        [null, 1, 7, null],
      ]);
      // The same binding over a related column that is not shown is refused: only picked columns join.
      const hidden = await aggregate('visit', { ...body, groupBy: ['store_id_secret'], measures: [{ fn: 'count' }] });
      expect(hidden.body.code).toBe(ResultCode.BAD_REQUEST);
    });

    it('groups by a joined column of the same table', async () => {
      const result = await data('visit', {
        innerJoins: [{ join: 'visit', as: 'same', on: ['id', 'id'], showFields: ['store_id'] }],
        groupBy: ['same_store_id'],
        measures: [{ fn: 'sum', key: 'minutes', as: 'total' }],
        sort: [{ key: 'total', order: 'desc' }],
      });
      expect(result.list.map((r: Record<string, unknown>) => r.total)).toEqual([30, 7, 6]);
    });
  });

  describe('a join back from a table whose reference points here', () => {
    const perCustomer = {
      leftJoins: [{ join: 'purchase', as: 'orders', on: ['id', 'buyer_id'], showFields: ['id', 'amount'] }],
      groupBy: ['name'],
      measures: [
        { fn: 'count', key: 'orders_id', as: 'n' },
        { fn: 'sum', key: 'orders_amount', as: 'total' },
      ],
    };
    const rows = (result: { list: Record<string, unknown>[] }) =>
      result.list.map((r) => [r.name, r.n, r.total === null ? null : Number(r.total)]);

    it('counts and sums the other table per row of this one; a buyer without purchases counts 0', async () => {
      // The admin reads only the admin's purchases (purchase declares "own rows").
      expect(rows(await data('buyer', perCustomer))).toEqual([
        ['A', 2, 150],
        ['B', 1, 10],
        ['C', 0, null],
      ]);
    });

    it("applies the viewer's data scope on the joined table: only purchases the viewer could list count", async () => {
      expect(rows(await data('buyer', perCustomer, viewer))).toEqual([
        ['A', 1, 3],
        ['B', 1, 7],
        ['C', 0, null],
      ]);
      // The body cannot widen it: dataLimitType 1 (all) narrows the listed table, never the joined one.
      expect(rows(await data('buyer', { ...perCustomer, dataLimitType: 1 }, viewer))).toEqual([
        ['A', 1, 3],
        ['B', 1, 7],
        ['C', 0, null],
      ]);
    });

    it('groups by a column of the joined table and filters the own one with bound values', async () => {
      const result = await data('buyer', {
        leftJoins: [{ join: 'purchase', as: 'orders', on: 'id = buyer_id', showFields: ['no'] }],
        querys: [{ key: 'name', value: "A' OR '1'='1", rule: 'EQUAL' }],
        groupBy: ['orders_no'],
      });
      // The quote is a value, not SQL: no buyer is named that, so nothing groups.
      expect(result.list).toEqual([]);
      const a = await data('buyer', {
        leftJoins: [{ join: 'purchase', as: 'orders', on: 'id = buyer_id', showFields: ['no'] }],
        querys: [{ key: 'name', value: 'A' }],
        groupBy: ['orders_no'],
      });
      expect(a.list.map((r: Record<string, unknown>) => [r.orders_no, r.count])).toEqual([
        ['o1', 1],
        ['o2', 1],
      ]);
    });

    it('refuses a join to a table without a grant, a column it lacks, and an expression in on', async () => {
      await addModule(t, 'secret', { buyer_id: REF('buyer') }, undefined, false);
      const hidden = await aggregate(
        'buyer',
        { leftJoins: [{ join: 'secret', on: ['id', 'buyer_id'], showFields: ['buyer_id'] }] },
        viewer,
      );
      expect(hidden.body).toMatchObject({ code: ResultCode.BAD_REQUEST, message: '不存在或无权访问的表：secret' });
      const missing = await aggregate('buyer', {
        leftJoins: [{ join: 'purchase', on: ['id', 'buyer_ref'], showFields: ['id'] }],
      });
      expect(missing.body).toMatchObject({ code: ResultCode.BAD_REQUEST, message: '不存在的字段：purchase.buyer_ref' });
      const injected = await aggregate('buyer', {
        leftJoins: [{ join: 'purchase', on: 'id = buyer_id OR 1=1', showFields: ['id'] }],
      });
      expect(injected.body.code).toBe(ResultCode.BAD_REQUEST);
    });
  });
});
