import { describe, expect, it } from 'vitest';
import type { ApiResult, RequestFn, RequestOptions } from '../../../protocol/http';
import { createDictLoader } from './dict';
import { createProviderFactory } from './providers';
import { applyListQuery, QueryError } from './query-engine';

function deps(answer: ApiResult = { code: 200, message: 'ok', data: [] }) {
  const calls: RequestOptions[] = [];
  const request = (async (call: RequestOptions) => {
    calls.push(call);
    return answer;
  }) as RequestFn;
  return { calls, request, loadDict: createDictLoader(request) };
}

describe('providerFor', () => {
  it('STATIC filters, sorts and pages the given rows in memory', async () => {
    const d = deps();
    const rows = Array.from({ length: 25 }, (_, i) => ({ id: String(i + 1), n: i + 1, even: (i + 1) % 2 === 0 ? 'y' : 'n' }));
    const p = createProviderFactory(d)({ kind: 'STATIC', data: rows });
    const result = await p.list({ querys: [{ key: 'even', value: 'y', rule: 'EQUAL' }], sorts: [{ key: 'n', order: 'desc' }], isPage: true, current: 2, pageSize: 5 });
    expect(result.data.total).toBe(12);
    expect(result.data.list.map((r) => r.n)).toEqual([14, 12, 10, 8, 6]);
    expect(d.calls).toHaveLength(0);
  });

  it('STATIC keeps the given order without sorts', async () => {
    const p = createProviderFactory(deps())({ kind: 'STATIC', data: [{ id: 'b' }, { id: 'a' }, { id: 'c' }] });
    expect((await p.list({})).data.list.map((r) => r.id)).toEqual(['b', 'a', 'c']);
  });

  it('STATIC answers share nothing with the schema rows, and writes never change them', async () => {
    const data = [
      { id: 'a', tags: ['x'], n: 1 },
      { id: 'b', tags: ['y'], n: 2 },
    ];
    const before = structuredClone(data);
    const p = createProviderFactory(deps())({ kind: 'STATIC', data });
    const listed = (await p.list({})).data.list;
    (listed[0].tags as string[]).push('changed');
    listed[0].n = 99;
    expect(data).toEqual(before);
    expect((await p.list({})).data.list.find((r) => r.id === 'a')).toEqual({ id: 'a', tags: ['x'], n: 1 });

    expect((await p.update('a', { n: 5 })).code).toBe('200');
    expect((await p.remove('b')).code).toBe('200');
    expect((await p.create({ n: 7 })).code).toBe('200');
    expect(data).toEqual(before);
    const after = (await p.list({ sorts: [{ key: 'n', order: 'asc' }] })).data.list;
    expect(after.map((r) => r.n)).toEqual([5, 7]);
    // The updated row's nested value is the provider's own copy, not the schema's array.
    data[0].tags.push('late');
    expect(after[0].tags).toEqual(['x']);
    expect((await p.get('a')).data.tags).toEqual(['x']);
  });

  it('USER, DEPT and ROLE are COMMON providers over the prefixed system tables', async () => {
    const d = deps();
    const factory = createProviderFactory({ ...d, tablePrefix: 'acme_sys_' });
    await factory({ kind: 'USER' }).list({});
    await factory({ kind: 'DEPT' }).get('1');
    await createProviderFactory(d)({ kind: 'ROLE' }).list({});
    expect(d.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST common/acme_sys_user/list',
      'GET common/acme_sys_dept/1',
      'POST common/tessera_sys_role/list',
    ]);
  });

  it('DICT lists the dictionary items through the shared loader and refuses changes', async () => {
    const d = deps({ code: 200, message: 'ok', data: [{ value: 'a', label: 'Alpha' }, { value: 'b', label: 'Beta' }] });
    const p = createProviderFactory(d)({ kind: 'DICT', api: 'dict/x' });
    const result = await p.list({ querys: [{ key: 'label', value: 'alp', rule: 'LIKE' }] });
    expect(result.data).toEqual({ list: [{ value: 'a', label: 'Alpha' }], total: 1 });
    await p.list({});
    expect(d.calls).toHaveLength(1);
    await expect(p.remove('a')).rejects.toMatchObject({ key: 'runtime.data.unsupported' });
  });

  it('refuses an unknown kind, including inherited property names', () => {
    const factory = createProviderFactory(deps());
    expect(() => factory({ kind: 'GRAPHQL' as never })).toThrow('Unknown data source kind');
    expect(() => factory({ kind: 'constructor' as never })).toThrow('Unknown data source kind');
  });
});

describe('applyListQuery', () => {
  const rows = [{ id: '1', a: 1 }];
  it('refuses joins, groups, bad relate, bad paging and bad sort orders', () => {
    const bad = [
      { leftJoins: [{ join: 't', on: 'a=b' }] },
      { groups: ['a'] },
      { relate: 'XOR' as never },
      { isPage: true, current: 0, pageSize: 10 },
      { isPage: true, current: 1, pageSize: 1001 },
      { sorts: [{ key: 'a', order: 'up' as never }] },
    ];
    for (const q of bad) expect(() => applyListQuery(rows, q), JSON.stringify(q)).toThrow(QueryError);
  });
  it('does not change the rows it is given', () => {
    const input = [{ id: '1', n: 2 }, { id: '2', n: 1 }];
    const out = applyListQuery(input, { sorts: [{ key: 'n', order: 'asc' }] });
    out.list[0].n = 99;
    expect(input).toEqual([{ id: '1', n: 2 }, { id: '2', n: 1 }]);
  });
});
