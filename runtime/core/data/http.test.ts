import { describe, expect, it } from 'vitest';
import type { ApiResult, RequestFn, RequestOptions } from '../../../protocol/http';
import { createCommonProvider, createRestProvider, createSqlProvider } from './http';
import { normalizeList } from './wire';
import { createProviderFactory } from './providers';

/** Records calls and answers with the given result. */
function recorder(answer: ApiResult = { code: 200, message: 'ok', data: { list: [], total: 0 } }) {
  const calls: RequestOptions[] = [];
  const request = (async (options: RequestOptions) => {
    calls.push(options);
    return answer;
  }) as RequestFn;
  return { calls, request };
}

describe('COMMON provider', () => {
  it('sends each call with the method, url and body of the common API', async () => {
    const { calls, request } = recorder();
    const p = createCommonProvider(request, { kind: 'COMMON', api: 'common/customer' });
    await p.list({ querys: [{ key: 'name', value: 'a', rule: 'LIKE' }], isPage: true, current: 2, pageSize: 10 });
    await p.get('7');
    await p.create({ name: 'x' });
    await p.update('7', { name: 'y' });
    await p.remove('7');
    await p.removeMany(['1', '2']);
    expect(calls).toEqual([
      {
        method: 'POST',
        url: 'common/customer/list',
        body: { querys: [{ key: 'name', value: 'a', rule: 'LIKE' }], isPage: true, current: 2, pageSize: 10 },
      },
      { method: 'GET', url: 'common/customer/7' },
      { method: 'POST', url: 'common/customer', body: { name: 'x' } },
      { method: 'PUT', url: 'common/customer/7', body: { name: 'y' } },
      { method: 'DELETE', url: 'common/customer/7' },
      { method: 'DELETE', url: 'common/customer', body: { ids: ['1', '2'] } },
    ]);
  });

  it('uses deleteUrl / batchDeleteUrl, encodes ids and drops exportFields', async () => {
    const { calls, request } = recorder();
    const p = createCommonProvider(request, {
      kind: 'COMMON',
      api: '/common/customer/',
      deleteUrl: 'custom/remove',
      batchDeleteUrl: 'custom/removeAll',
    });
    await p.remove('a/../b?c');
    await p.removeMany(['1']);
    await p.list({ exportFields: [{ key: 'a' }] } as never);
    expect(calls.map((c) => c.url)).toEqual(['custom/remove/a%2F..%2Fb%3Fc', 'custom/removeAll', 'common/customer/list']);
    expect(calls[2].body).toEqual({});
  });

  it('turns fixed extraParams into EQUAL conditions after the search ones', async () => {
    const { calls, request } = recorder();
    const p = createCommonProvider(request, { kind: 'COMMON', api: 'common/order', extraParams: { status: 1 } });
    await p.list({ querys: [{ key: 'no', value: 'A', rule: 'LIKE' }], extraParams: { customer_id: 'c1' } });
    expect((calls[0].body as { querys: unknown[] }).querys).toEqual([
      { key: 'no', value: 'A', rule: 'LIKE' },
      { key: 'status', value: 1, rule: 'EQUAL' },
      { key: 'customer_id', value: 'c1', rule: 'EQUAL' },
    ]);
  });

  it('reads both list shapes and keeps the server code and message', async () => {
    const arrayShape = recorder({ code: '200', message: 'ok', data: [{ id: 1 }, { id: 2 }], total: 40 });
    const r1 = await createCommonProvider(arrayShape.request, { kind: 'COMMON', api: 'common/x' }).list({});
    expect(r1.data).toEqual({ list: [{ id: 1 }, { id: 2 }], total: 40 });
    const error = recorder({ code: 'P5003', message: "Table 'x' doesn't exist", data: null });
    const r2 = await createCommonProvider(error.request, { kind: 'COMMON', api: 'common/x' }).list({});
    expect(r2).toEqual({ code: 'P5003', message: "Table 'x' doesn't exist", data: { list: [], total: 0 } });
  });

  it('rejects when the transport fails', async () => {
    const request = (async () => {
      throw new Error('socket hang up');
    }) as RequestFn;
    await expect(createCommonProvider(request, { kind: 'COMMON', api: 'common/x' }).get('1')).rejects.toThrow('socket hang up');
  });
});

describe('REST provider', () => {
  it('lists with GET, paging under currentKey/sizeKey and the search values as parameters', async () => {
    const { calls, request } = recorder({ code: 200, message: 'ok', data: { list: [{ id: 'a' }], total: 1 } });
    const p = createRestProvider(request, {
      kind: 'REST',
      api: 'orders',
      currentKey: 'page',
      sizeKey: 'size',
      extraParams: { scope: 'mine' },
    });
    const result = await p.list({
      querys: [
        { key: 'name', value: 'Ann', rule: 'LIKE' },
        { key: 'created', value: [1, 2], rule: 'BETWEEN' },
        { key: 'empty', value: '', rule: 'EQUAL' },
        { key: 'gone', rule: 'IS_NULL' },
      ],
      isPage: true,
      current: 3,
      pageSize: 20,
    });
    expect(calls[0]).toEqual({
      method: 'GET',
      url: 'orders',
      query: { scope: 'mine', name: 'Ann', created: '1,2', page: 3, size: 20 },
    });
    expect(result.data).toEqual({ list: [{ id: 'a' }], total: 1 });
  });

  it('defaults the paging keys to current and pageSize, and omits them without paging', async () => {
    const { calls, request } = recorder();
    const p = createRestProvider(request, { kind: 'REST', api: 'orders' });
    await p.list({ isPage: true, current: 1, pageSize: 10 });
    await p.list({});
    expect(calls.map((c) => c.query)).toEqual([{ current: 1, pageSize: 10 }, {}]);
  });
});

describe('REST provider over a configured source (the api page)', () => {
  it('reads GET apiData/<name> with the page and search values', async () => {
    const { calls, request } = recorder({ code: 200, message: 'ok', data: { list: [{ id: 1 }], total: 23 } });
    const provider = createProviderFactory({ request, loadDict: async () => [] })({ kind: 'REST', source: 'crm' });
    const result = await provider.list({ querys: [{ key: 'q', value: 'Ann', rule: 'LIKE' }], isPage: true, current: 2, pageSize: 10 });
    expect(calls[0]).toEqual({ method: 'GET', url: 'apiData/crm', query: { q: 'Ann', current: 2, pageSize: 10 } });
    expect(result.data).toEqual({ list: [{ id: 1 }], total: 23 });
  });
});

describe('SQL provider', () => {
  it('lists through common/executeSql and refuses writes', async () => {
    const { calls, request } = recorder({ code: 200, message: 'ok', data: [{ n: 1 }] });
    const p = createSqlProvider(request, { kind: 'SQL', sql: 'select 1 as n' });
    expect((await p.list({})).data).toEqual({ list: [{ n: 1 }], total: 1 });
    expect(calls[0]).toEqual({ method: 'POST', url: 'common/executeSql', body: { sql: 'select 1 as n' } });
    await expect(p.create({})).rejects.toMatchObject({ key: 'runtime.data.unsupported' });
    expect(calls).toHaveLength(1);
  });
});

describe('normalizeList', () => {
  it('falls back to the list length and to an empty list', () => {
    expect(normalizeList({ code: 200, message: '', data: [{ a: 1 }] }).data).toEqual({ list: [{ a: 1 }], total: 1 });
    expect(normalizeList({ code: 200, message: '', data: { list: [{}], total: '7' } }).data.total).toBe(7);
    expect(normalizeList({ code: 200, message: '', data: 'nonsense' }).data).toEqual({ list: [], total: 0 });
  });
});
