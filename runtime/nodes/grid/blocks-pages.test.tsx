// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RequestOptions } from '../../../protocol/http';
import type { PageSchema } from '../../../protocol/page-schema';
import layout from '../../../fixtures/pages/blocks-layout.page.json';
import linkage from '../../../fixtures/pages/blocks-linkage.page.json';
import { choose, click, inputOf, message, type } from '../list/dom-helpers';
import { renderPage } from '../list/test-harness';

const dicts: Record<string, (query: RequestOptions['query']) => unknown[]> = {
  'dict/province': () => [
    { value: 'gd', label: '广东' },
    { value: 'zj', label: '浙江' },
  ],
  'dict/city': (q) => (q?.province === 'gd' ? [{ value: 'sz', label: '深圳' }] : [{ value: 'hz', label: '杭州' }]),
  'dict/sales': (q) => [{ value: `s-${String(q?.kw ?? 'all')}`, label: `销售${String(q?.kw ?? '')}` }],
};
const intercept = (call: RequestOptions) =>
  dicts[call.url] ? { code: 200, message: 'success', data: dicts[call.url]!(call.query) } : undefined;

describe('fixtures/pages/blocks-layout: grid and tab in a page body', () => {
  it('renders the form node inside the grid and the tab panes with their fields', async () => {
    const { writes } = renderPage({ schema: layout as unknown as PageSchema, intercept });
    const grid = document.querySelector<HTMLElement>('.tessera-grid[data-node-key="top"]')!;
    expect(grid).toBeTruthy();
    expect(grid.querySelectorAll(':scope > .ant-col-12')).toHaveLength(2);
    expect(await screen.findByText('快速新增')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '基本信息' })).toBeTruthy();
    const tab = document.querySelector<HTMLElement>('.tessera-tab')!;
    // hiddenFn works between the pane's fields: 关闭原因 shows only once 状态 is 已关闭.
    expect(tab.textContent).not.toContain('关闭原因');
    await choose(tab, '状态', '已关闭');
    await waitFor(() => expect(tab.textContent).toContain('关闭原因'));
    fireEvent.click(screen.getByRole('tab', { name: '更多' }));
    expect(await screen.findByText('金额')).toBeTruthy();
    // The form inside the grid still submits on its own.
    const form = document.querySelector<HTMLElement>('.tessera-form')!;
    type(form, '客户名称', '网格客户');
    click('提交', form);
    expect(await message('新增成功')).toBeTruthy();
    expect(writes()).toEqual([
      { method: 'POST', url: 'common/customer', body: expect.objectContaining({ name: '网格客户' }) },
    ]);
  });
});

describe('fixtures/pages/blocks-linkage: linkage and auto-number in the form node', () => {
  it('the city follows the province, the number is generated, and both are saved', async () => {
    const { calls, writes } = renderPage({ schema: linkage as unknown as PageSchema, intercept });
    const form = await waitFor(() => document.querySelector<HTMLElement>('.tessera-form')!);
    await waitFor(() => expect(inputOf(form, '客户编号').value).toMatch(/^KH\d{8}\d{4}$/));
    const number = inputOf(form, '客户编号').value;
    type(form, '客户名称', '联动客户');
    await choose(form, '省份', '浙江');
    await choose(form, '城市', '杭州');
    await choose(form, '省份', '广东'); // clears 城市 and reloads its options for 广东
    await choose(form, '城市', '深圳');
    click('提交', form);
    expect(await message('新增成功')).toBeTruthy();
    expect(writes()[0]!.body).toMatchObject({ name: '联动客户', remark: number, level: 'gd', industry: 'sz' });
    expect(calls.filter((c) => c.url === 'dict/city').map((c) => c.query)).toEqual([
      { province: 'zj' },
      { province: 'gd' },
    ]);
  });

  it('search-as-you-type: a burst of keystrokes sends one keyword request', async () => {
    const { calls } = renderPage({ schema: linkage as unknown as PageSchema, intercept });
    const form = await waitFor(() => document.querySelector<HTMLElement>('.tessera-form')!);
    await waitFor(() => expect(calls.some((c) => c.url === 'dict/sales')).toBe(true));
    const item = [...form.querySelectorAll<HTMLElement>('.ant-formily-item')].find((el) =>
      el.textContent?.includes('销售'),
    )!;
    fireEvent.mouseDown(item.querySelector('.ant-select-selector')!);
    const input = item.querySelector<HTMLInputElement>('input')!;
    for (const text of ['z', 'zh', 'zha']) fireEvent.change(input, { target: { value: text } });
    await waitFor(() => expect(calls.filter((c) => c.url === 'dict/sales' && c.query?.kw)).toHaveLength(1));
    expect(calls.filter((c) => c.url === 'dict/sales').map((c) => c.query)).toEqual([{}, { kw: 'zha' }]);
    expect(await screen.findByText('销售zha')).toBeTruthy();
  });
});
