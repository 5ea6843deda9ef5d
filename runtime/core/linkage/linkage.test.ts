import { afterEach, describe, expect, it, vi } from 'vitest';
import { createForm } from '@formily/core';
import type { DictApi, FieldDefinition } from '../../../protocol/page-schema';
import { attachLinkage } from './effects';
import { debounceSearch } from './debounce';
import { linkedDictApi } from './linked-source';
import { compileDictApi, resolveDictApi, templateKeys } from './params';
import { buildLinkagePlan } from './plan';

const fields: FieldDefinition[] = [
  { key: 'province', title: '省份', type: 'select', linkageKeys: ['city'], dictApi: { url: 'dict/province' } },
  {
    key: 'city',
    title: '城市',
    type: 'select',
    linkageKeys: ['district', 'nope'],
    dictApi: { url: 'dict/city', params: { province: '{{province}}', level: 2 } },
  },
  { key: 'district', title: '区县', type: 'select', linkageApi: { url: 'dict/district' } },
  { key: 'note', title: '备注', type: 'input' },
];

describe('buildLinkagePlan', () => {
  it('clears transitively, drops unknown keys, survives cycles', () => {
    const plan = buildLinkagePlan(fields);
    expect(plan.clears.get('province')).toEqual(['city', 'district']);
    expect(plan.clears.get('city')).toEqual(['district']);
    const cyclic = buildLinkagePlan([
      { key: 'a', title: 'A', type: 'select', linkageKeys: ['b'] },
      { key: 'b', title: 'B', type: 'select', linkageKeys: ['a'] },
    ]);
    expect(cyclic.clears.get('a')).toEqual(['b']);
  });

  it('knows where each dependent loads from and whom it waits for', () => {
    const plan = buildLinkagePlan(fields);
    expect(plan.dependents.get('city')).toMatchObject({
      source: { url: 'dict/city' },
      implicitParams: [],
      parents: [{ key: 'province', title: '省份' }],
    });
    // A linkage API without placeholders receives the parent's value under the parent's key.
    expect(plan.dependents.get('district')).toMatchObject({ implicitParams: ['city'], parents: [{ key: 'city' }] });
    expect(plan.dependents.has('note')).toBe(false);
    expect(plan.dependents.has('province')).toBe(false);
  });
});

describe('resolveDictApi', () => {
  const api: DictApi = { url: 'dict/city', params: { province: '{{province}}', tag: 'p-{{ upper(code) }}', n: 1 } };

  it('substitutes whole and embedded placeholders through the safe evaluator, keeping types', () => {
    expect(resolveDictApi(api, { province: 44, code: 'gd' })).toEqual({
      url: 'dict/city',
      params: { province: 44, tag: 'p-GD', n: 1 },
    });
    expect(templateKeys(api).sort()).toEqual(['code', 'province']);
  });

  it('is undefined while a value it needs is empty (no request for all cities)', () => {
    expect(resolveDictApi(api, { province: '', code: 'x' })).toBeUndefined();
    expect(resolveDictApi(api, { province: 1 })).toBeUndefined();
    expect(resolveDictApi({ url: 'd' }, {}, ['city'])).toBeUndefined();
    expect(resolveDictApi({ url: 'd' }, { city: 'sz' }, ['city'])).toEqual({ url: 'd', params: { city: 'sz' } });
  });

  it('refuses code in a placeholder instead of running it', () => {
    expect(() =>
      resolveDictApi({ url: 'd', params: { x: '{{ constructor.constructor("return 1")() }}' } }, {}),
    ).toThrow();
  });
});

describe('compileDictApi (compiled once per dependent, issue 23)', () => {
  it('sees the new values on every call: several placeholders in one text, types kept, blank → no load', () => {
    const resolve = compileDictApi(
      { url: 'dict/city', params: { province: '{{province}}', tag: '{{ upper(code) }}-{{n}}/x', fixed: 2 } },
      ['level'],
    );
    expect(resolve({ province: 44, code: 'gd', n: 1, level: 3 })).toEqual({
      url: 'dict/city',
      params: { province: 44, tag: 'GD-1/x', fixed: 2, level: 3 },
    });
    expect(resolve({ province: 'zj', code: 'hz', n: 2, level: 1 })?.params).toEqual({
      province: 'zj',
      tag: 'HZ-2/x',
      fixed: 2,
      level: 1,
    });
    expect(resolve({ province: 'zj', code: '', n: 2, level: 1 })).toBeUndefined();
    expect(resolve({ province: 'zj', code: 'hz', n: 2 })).toBeUndefined();
  });
});

describe('attachLinkage on a Formily form', () => {
  // The dictionary a dependent loads from (its options in the UI: runtime/react/FormBody.linkage.test.tsx).
  const source = (field: Parameters<typeof linkedDictApi>[0]) => linkedDictApi(field)?.dictApi;

  function setup(initialValues: Record<string, unknown> = {}) {
    const warnings: string[] = [];
    const form = createForm({ initialValues });
    const detach = attachLinkage(form, buildLinkagePlan(fields), { lang: 'zh', warn: (t) => warnings.push(t) });
    const make = (name: string) => form.createField({ name });
    const [province, city, district] = ['province', 'city', 'district'].map(make);
    return { form, warnings, province: province!, city: city!, district: district!, detach };
  }

  it('loads nothing for a dependent until its parent has a value, then the resolved dictApi', () => {
    const { city, district, province } = setup();
    expect(source(city)).toBeUndefined();
    province.setValue('gd');
    expect(source(city)).toEqual({ url: 'dict/city', params: { province: 'gd', level: 2 } });
    city.setValue('sz');
    expect(source(district)).toEqual({ url: 'dict/district', params: { city: 'sz' } });
  });

  it('an edit-mode record keeps its values and gets its options', () => {
    const { form, city } = setup({ province: 'gd', city: 'sz', district: 'ns' });
    expect(form.values).toMatchObject({ province: 'gd', city: 'sz', district: 'ns' });
    expect(source(city)).toMatchObject({ params: { province: 'gd' } });
  });

  it('operator input on a parent clears the dependents transitively', async () => {
    const { form, province } = setup({ province: 'gd', city: 'sz', district: 'ns' });
    await province.onInput('zj');
    expect(form.values).toMatchObject({ province: 'zj', city: undefined, district: undefined });
  });

  it('clearing a parent warns 请先选择{title}; opening a dependent of an empty parent warns too', async () => {
    const { warnings, province, city, district } = setup({ province: 'gd' });
    (city.componentProps.onOpenChange as (open: boolean) => void)(true);
    expect(warnings).toEqual([]);
    await province.onInput(undefined);
    expect(warnings).toEqual(['请先选择省份']);
    (district.componentProps.onOpenChange as (open: boolean) => void)(true);
    expect(warnings).toEqual(['请先选择省份', '请先选择城市']);
  });

  it('detached: no more clearing', async () => {
    const { form, province, detach } = setup({ province: 'gd', city: 'sz' });
    detach();
    await province.onInput('zj');
    expect(form.values.city).toBe('sz');
    // Nor following: the dependent keeps the source it had (parents are mirrored per attachment, issue 23).
    expect(source(form.query('city').take())).toMatchObject({ params: { province: 'gd' } });
  });

  it('follows its parent through a record loaded later and through a change inside an array value', () => {
    const { form, city } = setup();
    form.setValues({ province: 'zj' });
    expect(source(city)).toMatchObject({ params: { province: 'zj' } });
    form.setValues({ province: ['gd'] });
    expect(source(city)).toMatchObject({ params: { province: ['gd'] } });
    (form.values.province as string[]).push('zj');
    expect(source(city)).toMatchObject({ params: { province: ['gd', 'zj'] } });
  });

  it('twenty dependents of one parent all follow it, and stop when detached', () => {
    const dependents = Array.from({ length: 20 }, (_, i) => ({
      key: `d${i}`,
      title: `从${i}`,
      type: 'select' as const,
      dictApi: { url: 'dict/d', params: { p: '{{parent}}' } },
    }));
    const plan = buildLinkagePlan([
      { key: 'parent', title: '父', type: 'input', linkageKeys: dependents.map((d) => d.key) },
      ...dependents,
    ]);
    const form = createForm();
    const detach = attachLinkage(form, plan, { lang: 'zh', warn: () => undefined });
    const parent = form.createField({ name: 'parent' });
    const made = dependents.map((d) => form.createField({ name: d.key }));
    parent.setValue('a');
    expect(made.map((f) => source(f)?.params)).toEqual(made.map(() => ({ p: 'a' })));
    detach();
    parent.setValue('b');
    expect(made.map((f) => source(f)?.params)).toEqual(made.map(() => ({ p: 'a' })));
  });
});

describe('debounceSearch', () => {
  afterEach(() => vi.useRealTimers());

  it('collapses keystrokes into one request with the last keyword; plain loads pass through', async () => {
    vi.useFakeTimers();
    const calls: (string | undefined)[] = [];
    const loader = async (_api: DictApi, keyword?: string) => {
      calls.push(keyword);
      return [{ value: keyword ?? '', label: keyword ?? '' }];
    };
    const search = debounceSearch(loader, 300);
    const api = { url: 'dict/user', kwKey: 'kw' };
    const a = search(api, 'z');
    const b = search(api, 'zh');
    const c = search(api, 'zha');
    await search(api);
    expect(calls).toEqual([undefined]);
    await vi.advanceTimersByTimeAsync(300);
    expect(calls).toEqual([undefined, 'zha']);
    expect(await a).toEqual([{ value: 'zha', label: 'zha' }]);
    expect(await b).toEqual(await c);
  });
});
