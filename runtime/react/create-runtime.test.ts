import { describe, expect, it } from 'vitest';
import type { RequestOptions } from '../../protocol/http';
import { createMemoryProvider } from '../core/data/memory';
import { createMemoryRequest } from '../core/data/memory-request';
import { createRuntimeValue } from './create-runtime';

describe('createRuntimeValue', () => {
  it('builds providers by kind over the given request and shares one dictionary loader', async () => {
    const customers = createMemoryProvider({ rows: [{ id: 'a', name: 'A' }] });
    const { request, calls } = createMemoryRequest({
      tables: { customer: customers },
      dicts: { 'dict/x': [{ value: 1, label: 'one' }] },
    });
    const runtime = createRuntimeValue({ request, user: { id: 'u1', roleIds: ['r1'] } });
    expect(runtime.lang).toBe('zh');
    expect(runtime.user).toEqual({ id: 'u1', roleIds: ['r1'] });
    const list = await runtime.providerFor({ kind: 'COMMON', api: 'common/customer' }).list({});
    expect(list.data.list.map((r) => r.name)).toEqual(['A']);
    await runtime.loadDict({ url: 'dict/x' });
    await runtime.loadDict({ url: 'dict/x' });
    expect(calls.map((c: RequestOptions) => `${c.method} ${c.url}`)).toEqual([
      'POST common/customer/list',
      'GET dict/x',
    ]);
  });

  it('lets the host replace a provider, falling back to the built-in ones', async () => {
    const local = createMemoryProvider({ rows: [{ id: 'z' }] });
    const { request, calls } = createMemoryRequest({ tables: {} });
    const runtime = createRuntimeValue({
      request,
      lang: 'en',
      overrideProvider: (source) => (source.api === 'local' ? local : undefined),
    });
    expect((await runtime.providerFor({ kind: 'COMMON', api: 'local' }).list({})).data.total).toBe(1);
    expect(calls).toHaveLength(0);
    await runtime.providerFor({ kind: 'COMMON', api: 'common/other' }).list({});
    expect(calls).toHaveLength(1);
  });
});
