// @vitest-environment happy-dom
import '../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, waitFor } from '@testing-library/react';
import type { SchemaNode } from '../../protocol/page-schema';
import { choose, message } from '../nodes/list/dom-helpers';
import { renderForm } from './widget-helpers/testing';

const nodes = [
  {
    type: 'grid',
    key: 'place',
    children: [
      { key: 'province', title: '省份', type: 'select', linkageKeys: ['city'], dictApi: { url: 'dict/province' } },
      {
        key: 'city',
        title: '城市',
        type: 'select',
        dictApi: { url: 'dict/city', params: { province: '{{province}}' } },
      },
    ],
  },
] as unknown as SchemaNode[];

const dicts = {
  'dict/province': () => [
    { value: 'gd', label: '广东' },
    { value: 'zj', label: '浙江' },
  ],
  'dict/city': (query: Record<string, unknown> | undefined) =>
    query?.province === 'gd'
      ? [{ value: 'sz', label: '深圳' }]
      : query?.province === 'zj'
        ? [{ value: 'hz', label: '杭州' }]
        : [{ value: 'all', label: '全部城市' }],
};

const cityCalls = (calls: { url: string; query?: unknown }[]) => calls.filter((c) => c.url === 'dict/city');

describe('<FormBody> linkage (building-blocks §4)', () => {
  it('a dependent loads its options with the parent value; changing the parent clears it and reloads', async () => {
    const { form, calls, container } = renderForm(nodes, { dicts });
    await waitFor(() => expect(calls.some((c) => c.url === 'dict/province')).toBe(true));
    expect(cityCalls(calls)).toEqual([]); // no request for every city while no province is chosen
    await choose(container, '省份', '广东');
    await waitFor(() =>
      expect(cityCalls(calls)).toEqual([{ method: 'GET', url: 'dict/city', query: { province: 'gd' } }]),
    );
    await choose(container, '城市', '深圳');
    expect(form.values).toMatchObject({ province: 'gd', city: 'sz' });
    await choose(container, '省份', '浙江');
    await waitFor(() => expect(form.values.city).toBeUndefined());
    expect(form.values.province).toBe('zj');
    await waitFor(() => expect(cityCalls(calls).map((c) => c.query)).toEqual([{ province: 'gd' }, { province: 'zj' }]));
    await choose(container, '城市', '杭州');
    expect(form.values.city).toBe('hz');
  });

  it('opening the dependent while the parent is empty warns 请先选择{title}', async () => {
    const { container } = renderForm(nodes, { dicts });
    const item = [...container.querySelectorAll<HTMLElement>('.ant-formily-item')].find((el) =>
      el.textContent?.includes('城市'),
    )!;
    fireEvent.mouseDown(item.querySelector('.ant-select-selector')!);
    expect(await message('请先选择省份')).toBeTruthy();
  });

  it('edit mode: the loaded record keeps its city and shows its label', async () => {
    const { form, container, calls } = renderForm(nodes, { dicts, initialValues: { province: 'gd', city: 'sz' } });
    await waitFor(() => expect(container.textContent).toContain('深圳'));
    expect(form.values).toMatchObject({ province: 'gd', city: 'sz' });
    expect(cityCalls(calls).map((c) => c.query)).toEqual([{ province: 'gd' }]);
  });
});
