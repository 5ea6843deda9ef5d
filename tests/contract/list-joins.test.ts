/**
 * List joins (left, inner, right), groups with aggregates, tree data (parentKey), INCLUDE_* on
 * whole items, paging bounds and skipCount. Expected values are computed from the rows the suite
 * writes. The `order` module doubles as a test of identifier quoting (ORDER is a keyword).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { newId } from '../../server/db/ids';
import { insertAudit } from '../../server/db/tables';
import { addModule, createRows } from '../bad-input/fixtures';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let token: string;
  let customers: { id: string; name: string }[];
  let strayId: string;

  const ORDERS = [
    { no: 'O1', amount: 100, status: 'paid', tags: 'x,a,y', c: 0 },
    { no: 'O2', amount: 250.5, status: 'paid', tags: 'ab,b', c: 0 },
    { no: 'O3', amount: 40, status: 'open', tags: 'a', c: 1 },
    { no: 'O4', amount: 10, status: 'open', tags: 'b,a', c: -1 },
    { no: 'O5', amount: 5, status: 'void', tags: '', c: -2 },
  ];

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    token = await t.signIn();
    await addModule(t, 'order', {
      no: 'string',
      customer_id: 'string',
      amount: 'double',
      status: 'string',
      tags: 'string',
    });
    await addModule(t, 'node', { title: 'string', parent_id: 'string', sort: 'integer' });
    const list = await t.request({
      url: '/api/common/customer/list',
      token,
      body: { showFields: ['id', 'name'], isPage: true, pageSize: 2 },
    });
    customers = list.body.data.list;
    // A customer row of another app in the same physical table: a join must never reach it.
    strayId = newId();
    await t.db.db
      .insertInto('m_demo_customer')
      .values({
        id: strayId,
        app_id: 'f'.repeat(32),
        ...insertAudit(null, 0),
        name: '别的应用',
        level: 'vip',
        active: 1,
      })
      .execute();
    await createRows(
      t,
      token,
      'order',
      ORDERS.map((o) => ({
        no: o.no,
        amount: o.amount,
        status: o.status,
        tags: o.tags,
        customer_id: o.c >= 0 ? customers[o.c]!.id : o.c === -1 ? strayId : 'missing',
      })),
    );
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const list = (body: unknown, table = 'order') => t.request({ url: `/api/common/${table}/list`, body, token });
  const ok = async (body: unknown, table = 'order') => {
    const reply = await list(body, table);
    expect(reply.body.code, JSON.stringify(reply.body)).toBe(ResultCode.SUCCESS);
    return reply.body.data as { list: Record<string, unknown>[]; total: number };
  };
  const byNo = { sorts: [{ key: 'no', order: 'asc' }] };

  describe('joins', () => {
    it('left-joins a module table and a system table, aliasing joined columns', async () => {
      const data = await ok({
        showFields: ['no'],
        ...byNo,
        leftJoins: [
          { join: 'customer', on: ['customer_id', 'id'], showFields: ['name', 'level'] },
          { join: 'tessera_sys_user', as: 'creator', on: 'create_by = id', showFields: ['account'] },
        ],
      });
      expect(data.total).toBe(5);
      expect(data.list).toEqual(
        ORDERS.map((o) => ({
          no: o.no,
          customer_name: o.c >= 0 ? customers[o.c]!.name : null,
          customer_level: o.c >= 0 ? expect.any(String) : null,
          creator_account: 'admin',
        })),
      );
    });

    it('inner join keeps only matched rows of the app (not the other app’s customer)', async () => {
      const data = await ok({
        showFields: ['no'],
        ...byNo,
        innerJoins: [{ join: 'customer', on: 'customer_id=id', showFields: ['name'] }],
      });
      expect(data.list.map((r) => r.no)).toEqual(['O1', 'O2', 'O3']);
      expect(data.total).toBe(3);
      // Conditions and sorts may not reach a joined table's hidden or unknown columns.
      expect(
        (await list({ innerJoins: [{ join: 'tessera_sys_user', on: 'create_by=id', showFields: ['password_hash'] }] }))
          .body.message,
      ).toBe('不存在的字段：tessera_sys_user.password_hash');
    });

    it('right join lists every live customer of the app, with or without orders', async () => {
      const all = await ok({ showFields: ['id', 'name'], isPage: true, pageSize: 1000 }, 'customer');
      const data = await ok({
        showFields: ['no'],
        sorts: [
          { key: 'customer_name', order: 'asc' },
          { key: 'no', order: 'asc' },
        ],
        rightJoins: [{ join: 'customer', on: ['customer_id', 'id'], showFields: ['name'] }],
        isPage: true,
        pageSize: 1000,
      });
      // One row per order of a live customer of this app, plus one per customer without orders.
      const withOrders = new Map<string, number>();
      for (const o of ORDERS)
        if (o.c >= 0) withOrders.set(customers[o.c]!.name, (withOrders.get(customers[o.c]!.name) ?? 0) + 1);
      const expected = all.list.reduce((n, c) => n + (withOrders.get(String(c.name)) ?? 1), 0);
      expect(data.total).toBe(expected);
      expect(data.list).toHaveLength(expected);
      expect(data.list.some((r) => r.customer_name === '别的应用')).toBe(false);
      expect(
        data.list
          .filter((r) => r.no !== null)
          .map((r) => r.no)
          .sort(),
      ).toEqual(['O1', 'O2', 'O3']);
    });

    it('refuses unknown tables, hidden tables, bad `on`, clashing names and too many joins', async () => {
      const cases: [unknown, string][] = [
        [
          { leftJoins: [{ join: 'tessera_sys_session', on: 'create_by=id' }] },
          '不存在或无权访问的表：tessera_sys_session',
        ],
        [
          { leftJoins: [{ join: 'customer', on: 'customer_id=id OR 1=1' }] },
          'leftJoins.on 必须是两个字段名，如 ["customer_id", "id"] 或 "customer_id=id"',
        ],
        [{ leftJoins: [{ join: 'customer', on: ['nope', 'id'] }] }, '不存在的字段：order.nope'],
        [
          {
            leftJoins: [
              { join: 'customer', on: ['customer_id', 'id'], showFields: ['name'], as: 'x' },
              { join: 'customer', on: ['customer_id', 'id'], showFields: ['name'], as: 'x' },
            ],
          },
          '返回字段名重复：x_name',
        ],
        [{ leftJoins: Array(4).fill({ join: 'customer', on: ['customer_id', 'id'] }) }, 'joins 最多 3 项'],
      ];
      for (const [body, message] of cases)
        expect((await list(body)).body).toMatchObject({ code: ResultCode.BAD_REQUEST, message });
    });
  });

  describe('groups', () => {
    it('groups with count, sum, avg, min and max, sorted by an aggregate', async () => {
      const data = await ok({
        groups: [
          {
            key: 'status',
            aggregates: [
              { fn: 'count', as: 'n' },
              { fn: 'sum', key: 'amount', as: 'total' },
              { fn: 'avg', key: 'amount' },
              { fn: 'min', key: 'no' },
              { fn: 'max', key: 'amount' },
            ],
          },
        ],
        sorts: [{ key: 'total', order: 'desc' }],
      });
      expect(data.total).toBe(3);
      expect(data.list).toEqual([
        { status: 'paid', n: 2, total: 350.5, avg_amount: 175.25, min_no: 'O1', max_amount: 250.5 },
        { status: 'open', n: 2, total: 50, avg_amount: 25, min_no: 'O3', max_amount: 40 },
        { status: 'void', n: 1, total: 5, avg_amount: 5, min_no: 'O5', max_amount: 5 },
      ]);
    });

    it('a bare group key counts rows; conditions apply before grouping; bad aggregates are refused', async () => {
      const data = await ok({ groups: ['status'], querys: [{ key: 'amount', value: 20, rule: 'GT' }] });
      expect(data.list).toEqual([
        { status: 'open', count: 1 },
        { status: 'paid', count: 2 },
      ]);
      expect(
        (await list({ groups: [{ key: 'status', aggregates: [{ fn: 'sleep', key: 'amount' }] }] })).body.message,
      ).toBe('不支持的聚合函数：sleep');
      expect((await list({ groups: [{ key: 'status', aggregates: [{ fn: 'sum', key: 'no' }] }] })).body.code).toBe(
        ResultCode.BAD_REQUEST,
      );
      expect((await list({ groups: ['status', 'no', 'amount', 'tags', 'customer_id', 'id'] })).body.message).toBe(
        'groups 最多 5 项',
      );
    });
  });

  describe('tree data', () => {
    it('nests rows by parentKey under children, pages roots, keeps sibling order', async () => {
      const [root] = await createRows(t, token, 'node', [{ title: 'root', sort: 1 }]);
      const [a, b] = await createRows(t, token, 'node', [
        { title: 'a', parent_id: root, sort: 1 },
        { title: 'b', parent_id: root, sort: 2 },
      ]);
      await createRows(t, token, 'node', [
        { title: 'a1', parent_id: a, sort: 1 },
        { title: 'other', sort: 2 },
      ]);
      const data = await ok(
        { showFields: ['title'], parentKey: 'parent_id', sorts: [{ key: 'sort', order: 'asc' }] },
        'node',
      );
      expect(data.total).toBe(2);
      expect(data.list).toEqual([
        {
          title: 'root',
          id: root,
          parent_id: null,
          children: [
            { title: 'a', id: a, parent_id: root, children: [{ title: 'a1', id: expect.any(String), parent_id: a }] },
            { title: 'b', id: b, parent_id: root },
          ],
        },
        { title: 'other', id: expect.any(String), parent_id: null },
      ]);
      const page = await ok(
        {
          showFields: ['title'],
          parentKey: 'parent_id',
          sorts: [{ key: 'sort', order: 'asc' }],
          isPage: true,
          pageSize: 1,
          current: 2,
        },
        'node',
      );
      expect(page).toEqual({ list: [{ title: 'other', id: expect.any(String), parent_id: null }], total: 2 });
      // Filtered out parent: the child becomes a root.
      const filtered = await ok(
        { showFields: ['title'], parentKey: 'parent_id', querys: [{ key: 'title', value: 'a', rule: 'LIKE' }] },
        'node',
      );
      expect(filtered.list.map((r) => r.title).sort()).toEqual(['a']);
      expect((filtered.list[0]!.children as { title: string }[]).map((r) => r.title)).toEqual(['a1']);
    });
  });

  describe('rules on comma lists, ranges and paging', () => {
    it('INCLUDE_OR / INCLUDE_AND match whole items, never substrings', async () => {
      const nos = async (rule: string | number, value: unknown) =>
        (await ok({ showFields: ['no'], ...byNo, querys: [{ key: 'tags', value, rule }] })).list.map((r) => r.no);
      expect(await nos('INCLUDE_OR', 'a')).toEqual(['O1', 'O3', 'O4']);
      expect(await nos('INCLUDE_OR', 'a,b')).toEqual(['O1', 'O2', 'O3', 'O4']);
      expect(await nos('INCLUDE_AND', ['a', 'b'])).toEqual(['O4']);
      expect(await nos(13, 'a,y')).toEqual(['O1']);
      expect(await nos(12, 'ab')).toEqual(['O2']);
    });

    it('BETWEEN takes [a, b] or "a,b", inclusive', async () => {
      const nos = async (value: unknown) =>
        (await ok({ showFields: ['no'], ...byNo, querys: [{ key: 'amount', value, rule: 'BETWEEN' }] })).list.map(
          (r) => r.no,
        );
      expect(await nos([10, 100])).toEqual(['O1', 'O3', 'O4']);
      expect(await nos('40,250.5')).toEqual(['O1', 'O2', 'O3']);
      expect(await nos(',10')).toEqual(['O4', 'O5']);
    });

    it('skipCount answers offset + rows as total; pages are bounded; nothing runs on a bad page', async () => {
      const full = await ok({ isPage: true, pageSize: 2, ...byNo, showFields: ['no'] });
      expect(full).toEqual({ list: [{ no: 'O1' }, { no: 'O2' }], total: 5 });
      const skipped = await ok({ isPage: true, pageSize: 2, current: 2, skipCount: true, ...byNo, showFields: ['no'] });
      expect(skipped).toEqual({ list: [{ no: 'O3' }, { no: 'O4' }], total: 4 });
      for (const pageSize of [0, -1, 1e9, 1.5, '10; drop table x']) {
        expect((await list({ isPage: true, pageSize })).body).toMatchObject({
          code: ResultCode.BAD_REQUEST,
          message: 'pageSize 必须是 1 到 1000 之间的整数',
        });
      }
      expect((await list({ isPage: true, pageSize: 10, current: 1e9 })).body.code).toBe(ResultCode.BAD_REQUEST);
      expect((await ok({ isPage: true, pageSize: 1000 })).list).toHaveLength(5);
    });
  });
});
