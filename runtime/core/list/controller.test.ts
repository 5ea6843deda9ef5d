import { describe, expect, it } from 'vitest';
import { CUSTOMER_COLUMNS, customerRows } from '../../../fixtures/data/customers';
import customerPage from '../../../schemas/apps/demo/modules/customer.json';
import type { ListQuery } from '../../../protocol/list-query';
import type { FieldDefinition } from '../../../protocol/page-schema';
import { createMemoryProvider } from '../data/memory';
import type { DataProvider } from '../data/provider';
import { createListController } from './controller';

const fields = customerPage.body[0].fields as FieldDefinition[];

/** The memory provider, recording each list body and optionally holding answers. */
function setup(rows = customerRows) {
  const memory = createMemoryProvider({ rows, columns: CUSTOMER_COLUMNS });
  const queries: ListQuery[] = [];
  const provider: DataProvider = {
    ...memory,
    list: (q) => {
      queries.push(structuredClone(q));
      return memory.list(q);
    },
  };
  return { memory, provider, queries };
}

describe('list controller', () => {
  it('loads page 1 of 10 with the default sort and showFields', async () => {
    const { provider, queries } = setup();
    const c = createListController({ provider, fields });
    await c.load();
    const s = c.getState();
    expect(s.rows.map((r) => r.id)).toEqual(['c23', 'c22', 'c21', 'c20', 'c19', 'c18', 'c17', 'c16', 'c15', 'c14']);
    expect(s.total).toBe(23);
    expect(s.loading).toBe(false);
    expect(queries[0]).toEqual({
      showFields: ['id', ...CUSTOMER_COLUMNS],
      querys: [],
      sorts: [{ key: 'create_at', order: 'desc' }],
      relate: 'AND',
      isPage: true,
      current: 1,
      pageSize: 10,
    });
  });

  it('searches with each field rule, skips blanks, shapes ranges and goes to page 1', async () => {
    const { provider, queries } = setup();
    const c = createListController({ provider, fields });
    await c.setPage(3);
    expect(c.getState().rows.map((r) => r.id)).toEqual(['c03', 'c02', 'c01']);
    const from = customerRows[1].signed_at as number;
    const to = customerRows[10].signed_at as number;
    await c.search({
      name: '  零售 ',
      mobile: '',
      level: 'B',
      signed_at: `${from},${to}`,
      remark: 'not a search field',
    });
    expect(queries.at(-1)).toMatchObject({
      current: 1,
      querys: [
        { key: 'name', value: '零售', rule: 'LIKE' },
        { key: 'level', value: 'B', rule: 'EQUAL' },
        { key: 'signed_at', value: [from, to], rule: 'BETWEEN' },
      ],
    });
    const s = c.getState();
    expect(s.current).toBe(1);
    expect(s.rows.map((r) => r.name)).toEqual(['西湖零售']);
    expect(s.total).toBe(1);
  });

  it('sends an open-ended range with null for the blank end', async () => {
    const { provider, queries } = setup();
    const c = createListController({ provider, fields });
    await c.search({ signed_at: `,${customerRows[1].signed_at}` });
    expect(queries.at(-1)!.querys).toEqual([
      { key: 'signed_at', value: [null, customerRows[1].signed_at], rule: 'BETWEEN' },
    ]);
    expect(
      c
        .getState()
        .rows.map((r) => r.id)
        .sort(),
    ).toEqual(['c01', 'c02']);
  });

  it('reset clears the search values and goes to page 1', async () => {
    const { provider, queries } = setup();
    const c = createListController({ provider, fields });
    await c.search({ mobile: '1380000' });
    await c.setPage(2);
    expect(c.getState().current).toBe(2);
    await c.reset();
    expect(c.getState()).toMatchObject({ current: 1, searchValues: {}, total: 23 });
    expect(queries.at(-1)!.querys).toEqual([]);
  });

  it('keeps the selection by key, and a page change clears it by default', async () => {
    const { provider } = setup();
    const c = createListController({ provider, fields });
    await c.load();
    const [a, b] = c.getState().rows;
    c.setSelection([a.id as string, b.id as string], [a, b]);
    expect(c.getState().selectedKeys).toEqual(['c23', 'c22']);
    expect(c.getState().selectedRows.map((r) => r.name)).toEqual([a.name, b.name]);
    await c.load(); // a reload keeps it
    expect(c.getState().selectedKeys).toEqual(['c23', 'c22']);
    await c.setPage(2);
    expect(c.getState().selectedKeys).toEqual([]);
  });

  it('can keep the selection across pages', async () => {
    const { provider } = setup();
    const c = createListController({ provider, fields, keepSelectionOnPageChange: true });
    await c.load();
    c.setSelection(['c23'], [c.getState().rows[0]]);
    await c.setPage(2);
    c.setSelection(['c23', 'c13'], [c.getState().rows[0]]);
    expect(c.getState().selectedKeys).toEqual(['c23', 'c13']);
    expect(c.getState().selectedRows.map((r) => r.id)).toEqual(['c23', 'c13']);
  });

  it('goes back one page when the last rows of a page above 1 are deleted', async () => {
    const { provider, memory } = setup();
    const c = createListController({ provider, fields });
    await c.setPage(3);
    const ids = c.getState().rows.map((r) => r.id as string);
    c.setSelection(ids, c.getState().rows);
    await memory.removeMany(ids);
    await c.afterRemove(ids);
    expect(c.getState()).toMatchObject({ current: 2, total: 20, selectedKeys: [] });
    expect(c.getState().rows).toHaveLength(10);
  });

  it('stays on the page when rows remain, and on page 1 when it empties', async () => {
    const { provider, memory } = setup(customerRows.slice(0, 12));
    const c = createListController({ provider, fields });
    await c.setPage(2);
    await memory.remove('c01');
    await c.afterRemove(['c01']);
    expect(c.getState()).toMatchObject({ current: 2, total: 11 });
    const page1 = createListController({ provider, fields, pageSize: 5 });
    await page1.search({ name: '华东' });
    await memory.remove('c01');
    await page1.afterRemove(['c01']);
    expect(page1.getState()).toMatchObject({ current: 1, total: 0, rows: [] });
  });

  it('steps back to the last page when the page emptied elsewhere', async () => {
    const { provider, memory } = setup();
    const c = createListController({ provider, fields });
    await c.setPage(3);
    await memory.removeMany(['c01', 'c02', 'c03', 'c04']);
    await c.load();
    expect(c.getState()).toMatchObject({ current: 2, total: 19 });
  });

  it('applies only the newest answer when loads overlap', async () => {
    const { memory } = setup();
    const gates: (() => void)[] = [];
    const provider: DataProvider = {
      ...memory,
      list: async (q) => {
        await new Promise<void>((go) => gates.push(go));
        return memory.list(q);
      },
    };
    const c = createListController({ provider, fields });
    const first = c.search({ level: 'A' });
    const second = c.search({ level: 'B' });
    gates[1]();
    await second;
    gates[0]();
    await first;
    expect(c.getState().rows.every((r) => r.level === 'B')).toBe(true);
    expect(c.getState().loading).toBe(false);
  });

  it('reports a failed load and empties the table', async () => {
    const { memory } = setup();
    const errors: unknown[] = [];
    let fail = false;
    const provider: DataProvider = {
      ...memory,
      list: async (q) =>
        fail
          ? { code: 'P5003', message: "Table 'customer' doesn't exist", data: { list: [], total: 0 } }
          : memory.list(q),
    };
    const c = createListController({ provider, fields, onError: (e) => errors.push(e) });
    await c.load();
    fail = true;
    await c.load();
    expect(c.getState()).toMatchObject({ rows: [], total: 0, loading: false, error: { code: 'P5003' } });
    expect(errors).toEqual([{ code: 'P5003', message: "Table 'customer' doesn't exist" }]);
    const thrower = createListController({
      provider: { ...memory, list: () => Promise.reject(new Error('offline')) },
      fields,
      onError: (e) => errors.push(e),
    });
    await thrower.load();
    expect(errors.at(-1)).toEqual({ message: 'offline' });
  });

  it('sends every row in one request without pagination, with the extra query parts', async () => {
    const { provider, queries } = setup();
    const c = createListController({
      provider,
      fields,
      paginate: false,
      sorts: [{ key: 'credit_limit', order: 'asc' }],
      extraQuery: { querys: [{ key: 'active', value: true, rule: 'EQUAL' }], dataLimitType: 1 },
    });
    await c.load();
    expect(queries[0]).not.toHaveProperty('isPage');
    expect(queries[0]).toMatchObject({ dataLimitType: 1, sorts: [{ key: 'credit_limit', order: 'asc' }] });
    expect(queries[0].querys).toEqual([{ key: 'active', value: true, rule: 'EQUAL' }]);
  });

  it('sends parentKey and keeps nested (tree) rows selectable: their rows are known by key', async () => {
    const { provider: base } = setup();
    const queries: ListQuery[] = [];
    const tree = [{ id: 'p', name: 'P', children: [{ id: 'k', name: 'K', parent_id: 'p' }] }];
    const provider: DataProvider = {
      ...base,
      list: async (q) => {
        queries.push(structuredClone(q));
        return { code: 200, message: 'success', data: { list: tree, total: 1 } };
      },
    };
    const c = createListController({ provider, fields, extraQuery: { parentKey: 'parent_id' } });
    await c.load();
    expect(queries[0]).toMatchObject({ parentKey: 'parent_id', isPage: true });
    c.setSelection(['k']);
    expect(c.getState().selectedRows).toEqual([tree[0]!.children[0]]);
  });

  it('takes the first page from a source that answers at once: rows in the first state, start() sends nothing', async () => {
    const { provider, queries } = setup();
    const c = createListController({ provider, fields });
    // Before any load: the first render already has page 1, not an empty loading table.
    expect(c.getState()).toMatchObject({ loading: false, total: 23 });
    expect(
      c
        .getState()
        .rows.map((r) => r.id)
        .slice(0, 3),
    ).toEqual(['c23', 'c22', 'c21']);
    await c.start();
    expect(queries).toHaveLength(0);
    // The rows are known for selection, and later loads still ask the provider.
    c.setSelection(['c22']);
    expect(c.getState().selectedRows.map((r) => r.id)).toEqual(['c22']);
    await c.setPage(2);
    expect(queries).toHaveLength(1);
    expect(c.getState().rows[0]?.id).toBe('c13');
  });

  it('leaves a refused at-once answer to the first load, which reports it through onError', async () => {
    const { memory } = setup();
    const errors: unknown[] = [];
    // A join the in-memory source refuses (P4000): nothing in the first state, the error on start().
    const c = createListController({
      provider: memory,
      fields,
      extraQuery: { leftJoins: [{ table: 'x', on: [] }] } as never,
      onError: (e) => errors.push(e),
    });
    expect(c.getState().rows).toEqual([]);
    expect(errors).toHaveLength(0);
    await c.start();
    expect(errors).toEqual([{ code: 'P4000', message: expect.stringContaining('joins') }]);
  });

  it('starts with a load when the source has no at-once answer (a server)', async () => {
    const { provider: base, queries } = setup();
    const { listNow: _none, ...provider } = base;
    const c = createListController({ provider, fields });
    expect(c.getState().rows).toEqual([]);
    await c.start();
    expect(queries).toHaveLength(1);
    expect(c.getState().rows).toHaveLength(10);
  });
});
