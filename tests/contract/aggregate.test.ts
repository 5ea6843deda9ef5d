/**
 * The grouping/aggregate contract (POST common/:table/aggregate, docs/dashboards.md) on every
 * database: each measure, groups by a field, by option and dictionary labels and by each date
 * bucket with rows either side of a time-zone boundary (and a DST change), top-N with "others",
 * the group cap, the viewer's data scope and grants, the time limit and every bad input. Joins,
 * through a reference and back from another table: aggregate-joins.test.ts.
 *
 * sale rows (signed_at in UTC; Asia/Shanghai is UTC+8):
 *   r1 open   vip    100    2025-12-31T18:00Z  (Shanghai 2026-01-01, a Thursday)
 *   r2 paid   vip    250.5  2026-01-31T17:00Z  (Shanghai 2026-02-01, a Sunday)
 *   r3 paid   normal 100    2026-02-01T17:00Z  (Shanghai 2026-02-02, a Monday)
 *   r4 open   normal 50     2026-03-31T20:00Z  (Shanghai 2026-04-01: Q2)
 *   r5 closed —      0      2026-03-09T04:30Z  (New York 00:30 EDT on 03-09, a day after DST began)
 *   r6 paid   vip    300    —
 * r1–r4 are the admin's, r5 and r6 the viewer's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { newId } from '../../server/db/ids';
import { insertAudit } from '../../server/db/tables';
import { addModule, createRows } from '../bad-input/fixtures';
import type { TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';
import { startAppWithViewer } from '../helpers/viewer-app';

const TIMEOUT_MS = 1500;
const at = (iso: string) => Date.parse(iso);

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  let viewer: string;

  beforeAll(async () => {
    database = await makeDatabase();
    ({ t, admin, viewer } = await startAppWithViewer(database, { env: { SQL_TIMEOUT_MS: String(TIMEOUT_MS) } }));
    await addModule(t, 'sale', {
      title: 'string',
      status: {
        type: 'select',
        selectItems: [
          { value: 'open', label: { zh: '未结', en: 'Open' } },
          { value: 'paid', label: { zh: '已付', en: 'Paid' } },
          { value: 'closed', label: { zh: '关闭', en: 'Closed' } },
        ],
      },
      level: { type: 'select', dict: 'cust_level' },
      amount: { type: 'number' },
      qty: 'integer',
      signed_at: { type: 'date' },
      remark: { type: 'textarea' },
    });
    for (const [value, label, label_en, sort] of [
      ['vip', 'VIP客户', 'VIP customer', 1],
      ['normal', '普通客户', 'Regular customer', 2],
    ] as const) {
      await t.db.db
        .insertInto(t.tables.dict)
        .values({
          id: newId(),
          app_id: t.demoAppId,
          ...insertAudit(null, 0),
          dict_code: 'cust_level',
          value,
          label,
          label_en,
          sort,
        })
        .execute();
    }
    await createRows(t, admin, 'sale', [
      { title: 'r1', status: 'open', level: 'vip', amount: 100, qty: 1, signed_at: at('2025-12-31T18:00:00Z') },
      { title: 'r2', status: 'paid', level: 'vip', amount: 250.5, qty: 2, signed_at: at('2026-01-31T17:00:00Z') },
      { title: 'r3', status: 'paid', level: 'normal', amount: 100, qty: 3, signed_at: at('2026-02-01T17:00:00Z') },
      { title: 'r4', status: 'open', level: 'normal', amount: 50, qty: 4, signed_at: at('2026-03-31T20:00:00Z') },
    ]);
    await createRows(t, viewer, 'sale', [
      { title: 'r5', status: 'closed', amount: 0, qty: 5, signed_at: at('2026-03-09T04:30:00Z') },
      { title: 'r6', status: 'paid', level: 'vip', amount: 300, qty: 6 },
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const aggregate = (body: unknown, options: { token?: string; table?: string; lang?: 'zh' | 'en' } = {}) =>
    t.request({
      url: `/api/common/${options.table ?? 'sale'}/aggregate`,
      token: options.token ?? admin,
      body,
      lang: options.lang,
    });

  const data = async (body: unknown, token?: string, table?: string) => {
    const reply = await aggregate(body, { token, table });
    expect(reply.body.code, JSON.stringify(reply.body)).toBe(ResultCode.SUCCESS);
    return reply.body.data;
  };

  /** { bucket label: count } of a date group. */
  const buckets = async (bucket: string, timeZone: string) => {
    const result = await data({ groupBy: [{ key: 'signed_at', bucket, as: 'b' }], timeZone });
    return Object.fromEntries(result.list.map((r: { b: string | null; count: number }) => [String(r.b), r.count]));
  };

  describe('measures', () => {
    it('computes count, countDistinct, sum, avg, min and max over all rows', async () => {
      const result = await data({
        measures: [
          { fn: 'count' },
          { fn: 'count', key: 'signed_at' },
          { fn: 'countDistinct', key: 'status' },
          { fn: 'sum', key: 'amount' },
          { fn: 'avg', key: 'amount' },
          { fn: 'min', key: 'amount' },
          { fn: 'max', key: 'amount', as: 'top' },
          { fn: 'min', key: 'title' },
        ],
      });
      expect(result.list).toHaveLength(1);
      const row = result.list[0];
      expect(row).toMatchObject({
        count: 6,
        count_signed_at: 5,
        countDistinct_status: 3,
        sum_amount: 800.5,
        min_amount: 0,
        top: 300,
        min_title: 'r1',
      });
      expect(row.avg_amount).toBeCloseTo(800.5 / 6, 6);
      expect(result).toMatchObject({ groups: 1, others: null, capped: false });
    });

    it('applies the list filters before grouping', async () => {
      const result = await data({
        querys: [{ key: 'amount', value: 100, rule: 'GE' }],
        measures: [{ fn: 'sum', key: 'qty', as: 'q' }],
      });
      expect(result.list).toEqual([{ q: 1 + 2 + 3 + 6 }]);
    });
  });

  describe('groups', () => {
    it('groups by a field with its option labels in zh and en', async () => {
      const result = await data({ groupBy: ['status'], measures: [{ fn: 'count' }, { fn: 'sum', key: 'amount' }] });
      expect(result.list).toEqual([
        { status: 'closed', status_label: { zh: '关闭', en: 'Closed' }, count: 1, sum_amount: 0 },
        { status: 'open', status_label: { zh: '未结', en: 'Open' }, count: 2, sum_amount: 150 },
        { status: 'paid', status_label: { zh: '已付', en: 'Paid' }, count: 3, sum_amount: 650.5 },
      ]);
      expect(result.groups).toBe(3);
    });

    it('groups by a dictionary field with the dictionary labels; no value is a group sorted last', async () => {
      const result = await data({ groupBy: ['level'], sort: [{ key: 'count', order: 'desc' }] });
      expect(result.list).toEqual([
        { level: 'vip', level_label: { zh: 'VIP客户', en: 'VIP customer' }, count: 3 },
        { level: 'normal', level_label: { zh: '普通客户', en: 'Regular customer' }, count: 2 },
        { level: null, level_label: null, count: 1 },
      ]);
    });

    it('groups by two fields', async () => {
      const result = await data({ groupBy: ['status', 'level'], measures: [{ fn: 'count', as: 'n' }] });
      expect(result.list.map((r: Record<string, unknown>) => [r.status, r.level, r.n])).toEqual([
        ['closed', null, 1],
        ['open', 'normal', 1],
        ['open', 'vip', 1],
        ['paid', 'normal', 1],
        ['paid', 'vip', 2],
      ]);
    });

    it('buckets by day in the time zone asked for, across the date line and a DST change', async () => {
      expect(await buckets('day', 'Asia/Shanghai')).toEqual({
        '2026-01-01': 1,
        '2026-02-01': 1,
        '2026-02-02': 1,
        '2026-03-09': 1,
        '2026-04-01': 1,
        null: 1,
      });
      expect(await buckets('day', 'UTC')).toEqual({
        '2025-12-31': 1,
        '2026-01-31': 1,
        '2026-02-01': 1,
        '2026-03-09': 1,
        '2026-03-31': 1,
        null: 1,
      });
      // r5 is 00:30 EDT (UTC-4) on 03-09; a fixed EST offset would put it on 03-08.
      expect(await buckets('day', 'America/New_York')).toMatchObject({ '2026-03-09': 1, '2025-12-31': 1 });
    });

    it('buckets by week (Monday first), month, quarter and year', async () => {
      expect(await buckets('week', 'Asia/Shanghai')).toEqual({
        '2025-12-29': 1,
        '2026-01-26': 1,
        '2026-02-02': 1,
        '2026-03-09': 1,
        '2026-03-30': 1,
        null: 1,
      });
      expect(await buckets('week', 'UTC')).toEqual({
        '2025-12-29': 1,
        '2026-01-26': 2,
        '2026-03-09': 1,
        '2026-03-30': 1,
        null: 1,
      });
      expect(await buckets('month', 'Asia/Shanghai')).toEqual({
        '2026-01': 1,
        '2026-02': 2,
        '2026-03': 1,
        '2026-04': 1,
        null: 1,
      });
      expect(await buckets('month', 'UTC')).toEqual({
        '2025-12': 1,
        '2026-01': 1,
        '2026-02': 1,
        '2026-03': 2,
        null: 1,
      });
      expect(await buckets('quarter', 'Asia/Shanghai')).toEqual({ '2026-Q1': 4, '2026-Q2': 1, null: 1 });
      expect(await buckets('quarter', 'UTC')).toEqual({ '2025-Q4': 1, '2026-Q1': 4, null: 1 });
      expect(await buckets('year', 'Asia/Shanghai')).toEqual({ '2026': 5, null: 1 });
      expect(await buckets('year', 'UTC')).toEqual({ '2025': 1, '2026': 4, null: 1 });
    });

    it('buckets the standard create_at timestamp too, and names the bucket <key>_<bucket> by default', async () => {
      const result = await data({ groupBy: [{ key: 'create_at', bucket: 'year' }], timeZone: 'UTC' });
      expect(result.list).toEqual([{ create_at_year: String(new Date(t.clock.now).getUTCFullYear()), count: 6 }]);
      expect(result.timeZone).toBe('UTC');
    });
  });

  describe('top-N and others', () => {
    it('returns the N biggest groups and one row for the rest', async () => {
      const result = await data({
        groupBy: ['status'],
        measures: [
          { fn: 'count', as: 'n' },
          { fn: 'sum', key: 'amount', as: 'total' },
          { fn: 'avg', key: 'amount', as: 'mean' },
          { fn: 'max', key: 'amount', as: 'most' },
          { fn: 'countDistinct', key: 'level', as: 'levels' },
        ],
        limit: 1,
        others: true,
      });
      expect(result.list).toEqual([
        {
          status: 'paid',
          status_label: { zh: '已付', en: 'Paid' },
          n: 3,
          total: 650.5,
          mean: 650.5 / 3,
          most: 300,
          levels: 2,
        },
      ]);
      // Distinct counts do not add up across groups: null in the others row.
      expect(result.others).toEqual({ n: 3, total: 150, mean: 50, most: 100, levels: null });
      expect(result).toMatchObject({ groups: 3, capped: false });
    });

    it('sorts by a group or a measure; without others the rest is left out', async () => {
      const result = await data({
        groupBy: ['status'],
        measures: [{ fn: 'sum', key: 'amount', as: 'total' }],
        sort: [{ key: 'total', order: 'asc' }],
        limit: 2,
      });
      expect(result.list.map((r: Record<string, unknown>) => [r.status, r.total])).toEqual([
        ['closed', 0],
        ['open', 150],
      ]);
      expect(result.others).toBeNull();
      const byGroup = await data({ groupBy: ['status'], sort: [{ key: 'status', order: 'desc' }] });
      expect(byGroup.list.map((r: Record<string, unknown>) => r.status)).toEqual(['paid', 'open', 'closed']);
    });

    it('caps the groups at 1,000 and sums the rest into others', async () => {
      const physical = await addModule(t, 'many', { code: 'string', grp: 'integer' });
      const rows = Array.from({ length: 1005 }, (_, i) => ({
        id: newId(),
        app_id: t.demoAppId,
        ...insertAudit(null, t.clock.now),
        code: `c${String(i).padStart(4, '0')}`,
        grp: i % 2,
      }));
      for (let i = 0; i < rows.length; i += 200)
        await t.db.db
          .insertInto(physical)
          .values(rows.slice(i, i + 200))
          .execute();
      const result = await data({ groupBy: ['code'] }, admin, 'many');
      expect(result.list).toHaveLength(1000);
      expect(result.list[999]).toEqual({ code: 'c0999', count: 1 });
      expect(result).toMatchObject({ groups: 1005, capped: true, others: { count: 5 } });
      // A top-N under the cap is not capped.
      const top = await data({ groupBy: ['code'], limit: 10 }, admin, 'many');
      expect(top).toMatchObject({ groups: 1005, capped: false, others: null });
      expect(top.list).toHaveLength(10);
    });
  });

  describe('as the viewer', () => {
    it('counts only the rows the viewer may list (the data scope applies)', async () => {
      expect((await data({ measures: [{ fn: 'count' }] }, viewer)).list).toEqual([{ count: 6 }]);
      const own = await data({ groupBy: ['status'], dataLimitType: 4 }, viewer);
      expect(own.list.map((r: Record<string, unknown>) => [r.status, r.count])).toEqual([
        ['closed', 1],
        ['paid', 1],
      ]);
      const adminOwn = await data({ measures: [{ fn: 'sum', key: 'amount' }], dataLimitType: 4 }, admin);
      expect(adminOwn.list).toEqual([{ sum_amount: 500.5 }]);
    });

    it('applies the data limit the module declares, whatever the body asks', async () => {
      await addModule(t, 'memo', { amount: 'double' });
      // Declared before the table is first read (the registry and its facts are cached per load).
      const row = await t.db.db
        .selectFrom(t.tables.module)
        .select(['id', 'schema'])
        .where('app_id', '=', t.demoAppId)
        .where('table_name', '=', 'memo')
        .executeTakeFirstOrThrow();
      const schema = JSON.parse(String(row.schema));
      schema.body[0].query = { dataLimitType: 4 };
      await t.db.db
        .updateTable(t.tables.module)
        .set({ schema: JSON.stringify(schema) })
        .where('id', '=', row.id)
        .execute();
      await createRows(t, admin, 'memo', [{ amount: 1 }, { amount: 2 }]);
      await createRows(t, viewer, 'memo', [{ amount: 40 }]);
      const body = { measures: [{ fn: 'count' }, { fn: 'sum', key: 'amount' }], dataLimitType: 1 };
      expect((await data(body, viewer, 'memo')).list).toEqual([{ count: 1, sum_amount: 40 }]);
      expect((await data(body, admin, 'memo')).list).toEqual([{ count: 2, sum_amount: 3 }]);
    });

    it('refuses a table the viewer has no grant on', async () => {
      await addModule(t, 'secret', { x: 'string' }, undefined, false);
      const reply = await aggregate({}, { token: viewer, table: 'secret' });
      expect(reply.body.code).toBe(ResultCode.FORBIDDEN);
    });
  });

  describe('bad input', () => {
    const refused = async (body: unknown, message: string, lang: 'zh' | 'en' = 'zh', table?: string) => {
      const reply = await aggregate(body, { lang, table });
      expect(reply.body.message, JSON.stringify(reply.body)).toBe(message);
      expect(reply.body.code).not.toBe(ResultCode.SUCCESS);
      return reply.body.code;
    };

    it('refuses sum and avg over a text field', async () => {
      expect(await refused({ measures: [{ fn: 'sum', key: 'remark' }] }, '字段 remark 不是数字，不能求sum')).toBe(
        ResultCode.BAD_REQUEST,
      );
      await refused(
        { measures: [{ fn: 'avg', key: 'title' }] },
        'Field title is not a number: avg needs a number field',
        'en',
      );
    });

    it('refuses a date bucket over a field that is not a date', async () => {
      await refused({ groupBy: [{ key: 'amount', bucket: 'month' }] }, '字段 amount 不是日期，不能按month分组');
      await refused(
        { groupBy: [{ key: 'qty', bucket: 'day' }] },
        'Field qty is not a date: it cannot be grouped by day',
        'en',
      );
      await refused(
        { groupBy: [{ key: 'signed_at', bucket: 'hour' }] },
        '不支持的日期分组：hour（可用 day、week、month、quarter、year）',
      );
    });

    it('refuses unknown tables, fields, measures, sorts, keys and time zones', async () => {
      const missing = await aggregate({}, { table: 'nope' });
      expect(missing.body.code).not.toBe(ResultCode.SUCCESS);
      expect(missing.body.message).toContain('nope');
      await refused({ groupBy: ['nope'] }, '不存在的字段：groupBy: nope');
      await refused({ measures: [{ fn: 'sum', key: 'nope' }] }, '不存在的字段：measures: nope');
      await refused({ measures: [{ fn: 'median', key: 'amount' }] }, '不支持的统计方式：median');
      await refused({ measures: [{ fn: 'countDistinct' }] }, '统计方式 countDistinct 需要字段 key');
      await refused({ groupBy: ['status'], sort: [{ key: 'amount' }] }, '排序字段 amount 不是分组或统计结果');
      await refused({ timeZone: 'Mars/Olympus' }, '未知的时区：Mars/Olympus');
      await refused({ limit: 0 }, 'limit 必须是 1 到 1000 之间的整数');
      await refused({ limit: 1001 }, 'limit 必须是 1 到 1000 之间的整数');
      await refused({ showFields: ['title'] }, '不存在的字段：showFields');
      await refused({ querys: [{ key: 'amount', value: 'abc' }] }, '字段 amount 的值格式错误');
    });

    it('stops a query that would take minutes at the time limit, with a clear message', async () => {
      // Two self-joins on a two-valued column: about 250 million joined rows.
      const body = {
        innerJoins: [
          { join: 'many', as: 'a', on: ['grp', 'grp'], showFields: ['code'] },
          { join: 'many', as: 'b', on: ['grp', 'grp'], showFields: ['code'] },
        ],
        measures: [
          { fn: 'countDistinct', key: 'b_code' },
          { fn: 'sum', key: 'grp' },
        ],
      };
      const reply = await aggregate(body, { table: 'many' });
      expect(reply.body).toMatchObject({
        code: ResultCode.DATA_ERROR,
        message: `统计查询超时（超过 ${TIMEOUT_MS / 1000} 秒），已被停止，请缩小范围`,
      });
      // The server still answers at once afterwards.
      expect((await data({ measures: [{ fn: 'count' }] })).list).toEqual([{ count: 6 }]);
    }, 60_000);
  });
});
