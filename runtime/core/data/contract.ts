/**
 * The DataProvider contract: one suite that every implementation must pass (DESIGN §2.2). It runs
 * against the memory provider, against the COMMON provider over a RequestFn that serves memory
 * data with the real wire shapes, and (server side) against the COMMON provider over the real
 * HTTP API. What it pins down is the behaviour the UI relies on: server-made ids and audit times,
 * list-query rules, sorting, paging and projection, merge updates, P4004 for unknown ids, P5003
 * "Duplicate entry" on unique columns, all-or-nothing batch deletes, and P4000 for a query naming
 * an unknown column or rule.
 *
 * The table under test has the columns of CONTRACT_COLUMNS; `name` is unique.
 */
import { beforeEach, afterEach, describe, expect, it } from 'vitest';
import { ResultCode, isSuccess } from '../../../protocol/codes';
import type { ListQuery, QueryCondition } from '../../../protocol/list-query';
import type { DataProvider, Row } from './provider';

export const CONTRACT_COLUMNS = ['name', 'level', 'amount', 'tags', 'signed_at', 'remark'] as const;
export const CONTRACT_UNIQUE = ['name'] as const;

export interface ContractTable {
  /** A provider over an EMPTY table with CONTRACT_COLUMNS (name unique). */
  provider: DataProvider;
  cleanup?: () => void | Promise<void>;
}

const named: Row[] = [
  { name: 'Acme', level: 'A', amount: 100, tags: 'x,y', signed_at: 1_700_000_000_000, remark: 'first' },
  { name: 'Beta', level: 'B', amount: 250.5, tags: 'y', signed_at: 1_700_100_000_000, remark: null },
  { name: 'Gamma', level: 'A', amount: 0, tags: 'z', signed_at: 1_700_200_000_000, remark: 'vip' },
  { name: 'Delta', level: 'C', amount: 75, tags: 'x', signed_at: 1_700_300_000_000, remark: null },
  { name: '东方', level: 'B', amount: 1000, tags: 'x,z', signed_at: 1_700_400_000_000, remark: '重点客户 🚀' },
];
const fillers: Row[] = Array.from({ length: 7 }, (_, i) => ({
  name: `Row${String(i + 6).padStart(2, '0')}`,
  level: 'D',
  amount: 500 + i,
  tags: null,
  signed_at: null,
  remark: null,
}));
export const CONTRACT_SEED: readonly Row[] = [...named, ...fillers];
const fillerNames = fillers.map((r) => r.name as string);

/** [title, conditions, expected names] — one row per rule the UI emits. */
const ruleCases: [string, QueryCondition[], string[]][] = [
  ['EQUAL', [{ key: 'level', value: 'A', rule: 'EQUAL' }], ['Acme', 'Gamma']],
  ['a rule by its numeric code (1 = EQUAL)', [{ key: 'level', value: 'A', rule: 1 }], ['Acme', 'Gamma']],
  ['IN', [{ key: 'level', value: ['B', 'C'], rule: 'IN' }], ['Beta', 'Delta', '东方']],
  ['LIKE', [{ key: 'name', value: 'cm', rule: 'LIKE' }], ['Acme']],
  ['LIKE over CJK', [{ key: 'name', value: '东', rule: 'LIKE' }], ['东方']],
  ['GT', [{ key: 'amount', value: 100, rule: 'GT' }], ['Beta', '东方', ...fillerNames]],
  ['GE', [{ key: 'amount', value: 100, rule: 'GE' }], ['Acme', 'Beta', '东方', ...fillerNames]],
  ['LT', [{ key: 'amount', value: 75, rule: 'LT' }], ['Gamma']],
  ['LE', [{ key: 'amount', value: 75, rule: 'LE' }], ['Gamma', 'Delta']],
  ['BETWEEN (inclusive)', [{ key: 'signed_at', value: [1_700_100_000_000, 1_700_300_000_000], rule: 'BETWEEN' }], ['Beta', 'Gamma', 'Delta']],
  ['NO_EQUAL', [{ key: 'level', value: 'D', rule: 'NO_EQUAL' }], ['Acme', 'Beta', 'Gamma', 'Delta', '东方']],
  ['IS_NULL', [{ key: 'remark', rule: 'IS_NULL' }], ['Beta', 'Delta', ...fillerNames]],
  ['IS_NOT_NULL', [{ key: 'remark', rule: 'IS_NOT_NULL' }], ['Acme', 'Gamma', '东方']],
  ['INCLUDE_OR', [{ key: 'tags', value: 'y,z', rule: 'INCLUDE_OR' }], ['Acme', 'Beta', 'Gamma', '东方']],
  ['INCLUDE_AND', [{ key: 'tags', value: 'x,z', rule: 'INCLUDE_AND' }], ['东方']],
  [
    'several conditions (AND)',
    [
      { key: 'level', value: 'A', rule: 'EQUAL' },
      { key: 'amount', value: 50, rule: 'GT' },
    ],
    ['Acme'],
  ],
];

const sorted = (names: unknown[]) => [...names].map(String).sort();

export function dataProviderContract(label: string, open: () => ContractTable | Promise<ContractTable>): void {
  describe(`DataProvider contract: ${label}`, () => {
    let table: ContractTable;
    let p: DataProvider;
    const ids = new Map<string, string>();

    const names = async (query: ListQuery) => {
      const result = await p.list(query);
      expect(result.code, result.message).toSatisfy(isSuccess);
      return result.data.list.map((r) => r.name);
    };

    beforeEach(async () => {
      table = await open();
      p = table.provider;
      ids.clear();
      for (const row of CONTRACT_SEED) {
        const result = await p.create(row);
        expect(result.code, result.message).toSatisfy(isSuccess);
        ids.set(row.name as string, String(result.data.id));
      }
    });
    afterEach(async () => {
      await table.cleanup?.();
    });

    it('create answers the stored row with a server-made id and audit times', async () => {
      const before = Date.now();
      const result = await p.create({ name: 'Zeta', level: 'A', amount: 1.25 });
      expect(result.code).toSatisfy(isSuccess);
      expect(typeof result.data.id).toBe('string');
      expect(result.data).toMatchObject({ name: 'Zeta', level: 'A', amount: 1.25 });
      expect(Number(result.data.create_at)).toBeGreaterThanOrEqual(before - 1000);
      expect(new Set(ids.values()).has(String(result.data.id))).toBe(false);
    });

    it('create ignores a client-sent id and audit fields', async () => {
      const result = await p.create({ id: 'chosen-by-client', name: 'Eta', create_at: 1, create_by: 'mallory' });
      expect(result.code).toSatisfy(isSuccess);
      expect(result.data.id).not.toBe('chosen-by-client');
      expect(result.data.create_at).not.toBe(1);
      expect(result.data.create_by).not.toBe('mallory');
    });

    it('get answers the row; an unknown id answers P4004', async () => {
      const found = await p.get(ids.get('东方')!);
      expect(found.code).toSatisfy(isSuccess);
      expect(found.data).toMatchObject(named[4]);
      expect((await p.get('no-such-id')).code).toBe(ResultCode.NOT_FOUND);
    });

    it('pages: total counts every match, current/pageSize take a slice', async () => {
      const pages = await Promise.all([1, 2, 3].map((current) => p.list({ isPage: true, current, pageSize: 5 })));
      expect(pages.map((r) => r.data.list.length)).toEqual([5, 5, 2]);
      expect(pages.every((r) => r.data.total === 12)).toBe(true);
      const seen = pages.flatMap((r) => r.data.list.map((row) => row.id));
      expect(new Set(seen).size).toBe(12);
      const all = await p.list({ isPage: false });
      expect(all.data.list).toHaveLength(12);
      expect(all.data.total).toBe(12);
    });

    it('sorts by create_at desc by default, and by the given keys otherwise', async () => {
      const all = (await p.list({})).data.list.map((r) => Number(r.create_at));
      expect(all).toEqual([...all].sort((a, b) => b - a));
      const ab = [{ key: 'level', value: ['A', 'B'], rule: 'IN' as const }];
      expect(await names({ querys: ab, sorts: [{ key: 'amount', order: 'asc' }] })).toEqual(['Gamma', 'Acme', 'Beta', '东方']);
      expect(await names({ querys: ab, sorts: [{ key: 'amount', order: 'desc' }] })).toEqual(['东方', 'Beta', 'Acme', 'Gamma']);
      const two = [{ key: 'level', order: 'asc' as const }, { key: 'amount', order: 'desc' as const }];
      expect(await names({ querys: [{ key: 'level', value: 'D', rule: 'NO_EQUAL' }], sorts: two })).toEqual(['Acme', 'Gamma', '东方', 'Beta', 'Delta']);
    });

    it('showFields limits the columns, keeping the id', async () => {
      const result = await p.list({ showFields: ['name'], isPage: true, current: 1, pageSize: 3 });
      expect(result.data.list).toHaveLength(3);
      for (const row of result.data.list) expect(Object.keys(row).sort()).toEqual(['id', 'name']);
    });

    it.each(ruleCases)('rule %s', async (_title, querys, expected) => {
      expect(sorted(await names({ querys }))).toEqual(sorted(expected));
    });

    it('relate OR joins conditions with OR', async () => {
      const querys: QueryCondition[] = [
        { key: 'level', value: 'C', rule: 'EQUAL' },
        { key: 'name', value: 'Acme', rule: 'EQUAL' },
      ];
      expect(sorted(await names({ querys, relate: 'OR' }))).toEqual(['Acme', 'Delta']);
    });

    it('update merges the values, keeps create_at and moves update_at', async () => {
      const id = ids.get('Acme')!;
      const before = (await p.get(id)).data;
      const result = await p.update(id, { amount: 123.5, remark: 'changed 改' });
      expect(result.code).toSatisfy(isSuccess);
      const after = (await p.get(id)).data;
      expect(after).toMatchObject({ name: 'Acme', level: 'A', amount: 123.5, remark: 'changed 改' });
      expect(after.create_at).toBe(before.create_at);
      expect(Number(after.update_at)).toBeGreaterThan(Number(before.update_at));
      expect((await p.update('no-such-id', { amount: 1 })).code).toBe(ResultCode.NOT_FOUND);
    });

    it('remove deletes one row; an unknown id answers P4004', async () => {
      const id = ids.get('Beta')!;
      expect((await p.remove(id)).code).toSatisfy(isSuccess);
      expect((await p.get(id)).code).toBe(ResultCode.NOT_FOUND);
      expect((await p.list({})).data.total).toBe(11);
      expect((await p.remove('no-such-id')).code).toBe(ResultCode.NOT_FOUND);
    });

    it('removeMany deletes all the ids, or none when one is unknown', async () => {
      const failed = await p.removeMany([ids.get('Acme')!, 'no-such-id']);
      expect(failed.code).not.toSatisfy(isSuccess);
      expect((await p.list({})).data.total).toBe(12);
      expect((await p.removeMany([ids.get('Acme')!, ids.get('Gamma')!])).code).toSatisfy(isSuccess);
      expect(sorted(await names({ querys: [{ key: 'level', value: 'A', rule: 'EQUAL' }] }))).toEqual([]);
      expect((await p.list({})).data.total).toBe(10);
    });

    it('a unique column answers P5003 "Duplicate entry" naming it, and stores nothing', async () => {
      const created = await p.create({ name: 'Acme', level: 'C' });
      expect(created.code).toBe(ResultCode.DATA_ERROR);
      expect(created.message).toContain('Duplicate entry');
      expect(created.message).toMatch(/\bname\b/);
      const updated = await p.update(ids.get('Beta')!, { name: 'Acme' });
      expect(updated.code).toBe(ResultCode.DATA_ERROR);
      expect((await p.get(ids.get('Beta')!)).data.name).toBe('Beta');
      expect((await p.list({})).data.total).toBe(12);
    });

    it('a query naming an unknown column, rule or sort key answers P4000', async () => {
      const bad: ListQuery[] = [
        { querys: [{ key: 'password', value: 'x', rule: 'EQUAL' }] },
        { querys: [{ key: 'name', value: 'x', rule: 'DROP' as never }] },
        { sorts: [{ key: 'name; DROP TABLE x', order: 'asc' }] },
        { showFields: ['name', 'nope'] },
      ];
      for (const query of bad) expect((await p.list(query)).code, JSON.stringify(query)).toBe(ResultCode.BAD_REQUEST);
    });
  });
}
