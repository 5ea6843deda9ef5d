import { describe, expect, it } from 'vitest';
import type { ApiResult, RequestFn, RequestOptions } from '../../../protocol/http';
import { createDictLoader, forgetDictionaries } from './dict';

function server(answer: (call: RequestOptions) => ApiResult) {
  const calls: RequestOptions[] = [];
  const pending: (() => void)[] = [];
  let hold = false;
  const request = ((call: RequestOptions) => {
    calls.push(call);
    const result = answer(call);
    if (!hold) return Promise.resolve(result) as Promise<any>;
    return new Promise<any>((resolve) => pending.push(() => resolve(result)));
  }) as RequestFn;
  return {
    calls,
    request,
    hold: () => (hold = true),
    release: () => {
      hold = false;
      pending.splice(0).forEach((go) => go());
    },
  };
}

const levels = [
  { code: 'A', name: '重要', children: [{ code: 'A1', name: '重要-1' }] },
  { code: 'B', name: '普通' },
];

describe('createDictLoader', () => {
  it('shows an item\'s English label to an English reader, the Chinese one otherwise (children too)', async () => {
    const items = [
      { value: 'normal', label: '普通', label_en: 'Normal', children: [{ value: 'n1', label: '普通-1', label_en: 'Normal 1' }] },
      { value: 'vip', label: 'VIP' },
      { value: 'blank', label: '空', label_en: '' },
    ];
    const s = server(() => ({ code: 200, message: 'ok', data: items }));
    const labels = async (lang?: 'zh' | 'en') =>
      (await createDictLoader(s.request, { lang })({ url: 'dict/level' })).map((o) => [
        o.label,
        ...(o.children ?? []).map((c) => c.label),
      ]);
    expect(await labels('en')).toEqual([['Normal', 'Normal 1'], ['VIP'], ['空']]);
    expect(await labels('zh')).toEqual([['普通', '普通-1'], ['VIP'], ['空']]);
    expect(await labels()).toEqual([['普通', '普通-1'], ['VIP'], ['空']]);
  });

  it('GETs the url with params and the keyword under kwKey, mapping valueKey/labelKey (children too)', async () => {
    const s = server(() => ({ code: 200, message: 'ok', data: levels }));
    const load = createDictLoader(s.request);
    const options = await load(
      { url: '/dict/level', params: { type: 1 }, valueKey: 'code', labelKey: 'name', kwKey: 'kw' },
      '重',
    );
    expect(s.calls).toEqual([{ method: 'GET', url: 'dict/level', query: { type: 1, kw: '重' } }]);
    expect(options.map((o) => [o.value, o.label])).toEqual([
      ['A', '重要'],
      ['B', '普通'],
    ]);
    expect(options[0].children?.map((o) => [o.value, o.label])).toEqual([['A1', '重要-1']]);
  });

  it('shares one request among identical in-flight calls and answers repeats from the cache', async () => {
    const s = server(() => ({ code: 200, message: 'ok', data: { list: [{ value: 1, label: 'one' }] } }));
    const load = createDictLoader(s.request);
    s.hold();
    const api = { url: 'dict/a', params: { x: 1, y: 2 } };
    const both = Promise.all([load(api), load({ url: 'dict/a', params: { y: 2, x: 1 } })]);
    s.release();
    const [a, b] = await both;
    expect(a).toEqual([{ value: 1, label: 'one' }]);
    expect(b).toBe(a);
    await load(api);
    expect(s.calls).toHaveLength(1);
    await load(api, 'kw-ignored-without-kwKey');
    expect(s.calls).toHaveLength(1);
    await load({ url: 'dict/a', params: { x: 2 } });
    expect(s.calls).toHaveLength(2);
    load.clear();
    await load(api);
    expect(s.calls).toHaveLength(3);
  });

  it('does not cache failures, and rejects with the server message', async () => {
    let code = 'P5000';
    const s = server(() => ({ code, message: 'boom', data: null }));
    const load = createDictLoader(s.request);
    await expect(load({ url: 'dict/a' })).rejects.toThrow('boom');
    code = '200';
    await expect(load({ url: 'dict/a' })).resolves.toEqual([]);
    expect(s.calls).toHaveLength(2);
  });

  it('expires entries after the ttl and keeps at most maxEntries', async () => {
    let t = 0;
    const s = server((call) => ({ code: 200, message: 'ok', data: [{ value: call.url, label: call.url }] }));
    const load = createDictLoader(s.request, { ttlMs: 100, maxEntries: 2, now: () => t });
    await load({ url: 'a' });
    t = 150;
    await load({ url: 'a' });
    expect(s.calls).toHaveLength(2);
    await load({ url: 'b' });
    await load({ url: 'c' });
    await load({ url: 'a' }); // evicted by b and c
    expect(s.calls.map((c) => c.url)).toEqual(['a', 'a', 'b', 'c', 'a']);
  });

  it('passes parentKey through to the REST list and maps the nested answer for a tree-select', async () => {
    const s = server(() => ({
      code: 200,
      message: 'ok',
      data: {
        total: 1,
        list: [
          {
            id: 'd1',
            name: '总部',
            parent_id: null,
            children: [{ id: 'd2', name: '研发部', parent_id: 'd1', children: [{ id: 'd3', name: '前端组', parent_id: 'd2' }] }],
          },
        ],
      },
    }));
    const load = createDictLoader(s.request);
    const options = await load({
      url: 'common/tessera_sys_dept',
      params: { pageSize: 1000, parentKey: 'parent_id' },
      valueKey: 'id',
      labelKey: 'name',
    });
    expect(s.calls).toEqual([
      { method: 'GET', url: 'common/tessera_sys_dept', query: { pageSize: 1000, parentKey: 'parent_id' } },
    ]);
    const outline = (list: typeof options): unknown[] =>
      list.map((o) => (o.children ? [o.value, o.label, outline(o.children)] : [o.value, o.label]));
    expect(outline(options)).toEqual([['d1', '总部', [['d2', '研发部', [['d3', '前端组']]]]]]);
    expect(options[0]!.children![0]!.children![0]).not.toHaveProperty('children');
  });

  it('forgetDictionaries clears a caching loader (the next call asks again) and ignores plain loaders', async () => {
    const s = server(() => ({ code: 200, message: 'ok', data: [{ value: 1, label: 'one' }] }));
    const load = createDictLoader(s.request);
    await load({ url: 'dict/a' });
    await load({ url: 'dict/a' });
    expect(s.calls).toHaveLength(1);
    forgetDictionaries(load);
    await load({ url: 'dict/a' });
    expect(s.calls).toHaveLength(2);
    const plain = async () => [];
    expect(() => forgetDictionaries(plain)).not.toThrow();
  });
});
