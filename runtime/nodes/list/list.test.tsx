// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customerRows } from '../../../fixtures/data/customers';
import type { ApiResult } from '../../../protocol/http';
import {
  activePage,
  button,
  choose,
  click,
  findConfirm,
  findModal,
  hasButton,
  inputOf,
  message,
  rowOf,
  rowTexts,
  type,
} from './dom-helpers';
import { renderPage } from './test-harness';

const first = '🚀火箭科技'; // c23: the newest row, first under create_at desc
const searchForm = () => screen.getByRole('search');

describe('list node (customer module over the memory provider)', () => {
  it('renders the first page with read-form cells and the pagination', async () => {
    const { lists, calls } = renderPage();
    await screen.findByText(first);
    expect(rowTexts()).toHaveLength(10);
    // level B through the dictionary, whose answer may land just after the rows
    await waitFor(() => expect(rowOf(first).textContent).toContain('普通客户'));
    const row = rowOf(first);
    expect(row.textContent).toContain('金融'); // industry from selectItems
    expect(row.textContent).toContain('2024-01-23'); // signed_at, a stored timestamp
    expect(row.textContent).not.toContain('备注'); // remark is tableHidden
    expect([...document.querySelectorAll('.ant-pagination-item')].map((e) => e.textContent)).toEqual(['1', '2', '3']);
    expect(activePage()).toBe('1');
    expect(lists()[0].body).toMatchObject({
      isPage: true,
      current: 1,
      pageSize: 10,
      sorts: [{ key: 'create_at', order: 'desc' }],
      querys: [],
    });
    expect(calls.filter((c) => c.url === 'dict/customer_level')).toHaveLength(1);
    expect(hasButton('新增') && hasButton('批量删除')).toBe(true);
    expect(screen.queryByText(/已选择/)).toBeNull();
  });

  it('searches with the field rules, going back to page 1, and reset clears the conditions', async () => {
    const { lists } = renderPage();
    await screen.findByText(first);
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(activePage()).toBe('2'));
    type(searchForm(), '客户名称', '零售');
    click('查询', searchForm());
    await waitFor(() => expect(rowTexts()).toEqual(['西湖零售']));
    expect(lists().at(-1)!.body).toMatchObject({ current: 1, querys: [{ key: 'name', value: '零售', rule: 'LIKE' }] });
    expect(activePage()).toBe('1');
    click('重置', searchForm());
    await waitFor(() => expect(rowTexts()).toHaveLength(10));
    expect(lists().at(-1)!.body).toMatchObject({ current: 1, querys: [] });
    expect(inputOf(searchForm(), '客户名称').value).toBe('');
  });

  it('folds the search fields beyond one row behind 展开 / 收起', async () => {
    renderPage();
    await screen.findByText(first);
    expect(() => inputOf(searchForm(), '签约日期')).toThrow();
    click('展开', searchForm());
    await waitFor(() => expect(inputOf(searchForm(), '签约日期')).toBeTruthy());
    expect(hasButton('收起', searchForm())).toBe(true);
  });

  it('shows 已选择 N 项数据 for the selected rows', async () => {
    renderPage();
    await screen.findByText(first);
    fireEvent.click(within(rowOf(first)).getByRole('checkbox'));
    fireEvent.click(within(rowOf('Globex')).getByRole('checkbox'));
    expect(await screen.findByText('已选择 2 项数据')).toBeTruthy();
  });

  it('add: a missing required field warns {title}不能为空; a complete form creates, reports 新增成功 and reloads', async () => {
    const { writes, lists, customers } = renderPage();
    await screen.findByText(first);
    click('新增');
    const modal = await findModal('新增');
    click('确定', modal);
    expect(await message('客户名称不能为空')).toBeTruthy();
    expect(writes()).toHaveLength(0);
    type(modal, '客户名称', '新客户');
    await choose(modal, '客户等级', '重要客户');
    const before = lists().length;
    click('确定', modal);
    expect(await message('新增成功')).toBeTruthy();
    expect(writes()).toEqual([
      {
        method: 'POST',
        url: 'common/customer',
        body: expect.objectContaining({ name: '新客户', level: 'A', active: 1 }),
      },
    ]);
    await waitFor(() => expect(rowTexts()[0]).toBe('新客户'));
    expect(lists().length).toBe(before + 1);
    expect(customers.snapshot()).toHaveLength(24);
    await waitFor(() => expect(document.querySelector('.ant-modal-title')).toBeNull());
  });

  it('allows only one save in flight: a second 确定 warns 正在添加中', async () => {
    let release!: () => void;
    const held = new Promise<void>((go) => (release = go));
    const { writes } = renderPage({
      intercept: async (call) => {
        if (call.method === 'POST' && call.url === 'common/customer') await held;
        return undefined;
      },
    });
    await screen.findByText(first);
    click('新增');
    const modal = await findModal('新增');
    type(modal, '客户名称', '慢客户');
    await choose(modal, '客户等级', '普通客户');
    click('确定', modal);
    await waitFor(() => expect(writes()).toHaveLength(1));
    click('确定', modal);
    expect(await message('正在添加中')).toBeTruthy();
    release();
    expect(await message('新增成功')).toBeTruthy();
    expect(writes()).toHaveLength(1);
  });

  it('edit loads the record, sends an update and reports 编辑成功', async () => {
    const { calls, writes } = renderPage();
    await screen.findByText(first);
    click('编辑', rowOf(first));
    const modal = await findModal('编辑');
    await waitFor(() => expect(inputOf(modal, '客户名称').value).toBe(first));
    expect(calls).toContainEqual({ method: 'GET', url: 'common/customer/c23' });
    type(modal, '客户名称', '火箭公司');
    click('确定', modal);
    expect(await message('编辑成功')).toBeTruthy();
    expect(writes()).toEqual([
      {
        method: 'PUT',
        url: 'common/customer/c23',
        body: expect.objectContaining({ id: 'c23', name: '火箭公司', level: 'B' }),
      },
    ]);
    await waitFor(() => expect(rowTexts()[0]).toBe('火箭公司'));
  });

  it('copy creates a new record without the id and audit fields, keeping copyId', async () => {
    const { writes, customers } = renderPage();
    await screen.findByText(first);
    click('拷贝', rowOf(first));
    const modal = await findModal('拷贝');
    await waitFor(() => expect(inputOf(modal, '客户名称').value).toBe(first));
    type(modal, '客户名称', '火箭二号');
    click('确定', modal);
    expect(await message('新增成功')).toBeTruthy();
    const [create] = writes();
    expect(create).toMatchObject({ method: 'POST', url: 'common/customer' });
    const body = create.body as Record<string, unknown>;
    for (const key of ['id', 'create_by', 'create_at', 'update_by', 'update_at']) expect(body).not.toHaveProperty(key);
    expect(body).toMatchObject({
      copyId: 'c23',
      name: '火箭二号',
      level: 'B',
      industry: 'finance',
      credit_limit: 23000,
    });
    expect(customers.snapshot().filter((r) => r.level === 'B' && r.credit_limit === 23000)).toHaveLength(2);
  });

  it('a duplicate on a unique field (P5003) warns {title}已存在，请更换数据 and keeps the modal open', async () => {
    const { writes, customers } = renderPage();
    await screen.findByText(first);
    click('拷贝', rowOf(first));
    const modal = await findModal('拷贝');
    await waitFor(() => expect(inputOf(modal, '客户名称').value).toBe(first));
    click('确定', modal);
    expect(await message('客户名称已存在，请更换数据')).toBeTruthy();
    expect(writes()).toHaveLength(1);
    expect(customers.snapshot()).toHaveLength(23);
    expect(document.body.contains(modal)).toBe(true);
  });

  it('the modal gives every label one width, so the inputs of both columns line up', async () => {
    renderPage();
    await screen.findByText(first);
    click('编辑', rowOf(first));
    const modal = await findModal('编辑');
    await waitFor(() => expect(inputOf(modal, '客户名称').value).toBe(first));
    const widths = [...modal.querySelectorAll<HTMLElement>('.ant-formily-item-label')].map((l) => l.style.width);
    expect(widths.length).toBeGreaterThan(4);
    // The longest titles are four characters (客户名称): 4 × 14 px plus the mark and colon.
    expect(new Set(widths)).toEqual(new Set(['84px']));
  });

  it('detail shows the record read-only, without 确定', async () => {
    renderPage();
    await screen.findByText(first);
    click('详情', rowOf(first));
    const modal = await findModal('详情');
    await waitFor(() => expect(within(modal).getByText(first)).toBeTruthy());
    expect(modal.querySelectorAll('input:not([type="hidden"]), textarea')).toHaveLength(0);
    expect(await within(modal).findByText('普通客户')).toBeTruthy(); // the select's read-pretty label
    expect(within(modal).getByText('2024-01-23')).toBeTruthy();
    expect(hasButton('确定', modal)).toBe(false);
    click('关闭', modal);
    await waitFor(() => expect(document.querySelector('.ant-modal-title')).toBeNull());
  });

  it('delete asks 确认删除？ and, once confirmed, deletes, reports 删除成功 and reloads', async () => {
    const { writes } = renderPage();
    await screen.findByText(first);
    click('删除', rowOf(first));
    const confirm = await findConfirm();
    expect(confirm.textContent).toContain('确认删除？');
    expect(confirm.textContent).toContain('删除后不可恢复，请谨慎操作');
    click('确定', confirm);
    expect(await message('删除成功')).toBeTruthy();
    expect(writes()).toEqual([{ method: 'DELETE', url: 'common/customer/c23' }]);
    await waitFor(() => expect(rowTexts()[0]).toBe('Globex'));
  });

  it('cancelling the delete confirm changes nothing', async () => {
    const { writes } = renderPage();
    await screen.findByText(first);
    click('删除', rowOf(first));
    click('取消', await findConfirm());
    await new Promise((r) => setTimeout(r, 50));
    expect(writes()).toHaveLength(0);
    expect(rowTexts()[0]).toBe(first);
  });

  it('batch delete warns 请选择要删除的数据 without a selection, else deletes the selection in one call', async () => {
    const { writes, customers } = renderPage();
    await screen.findByText(first);
    click('批量删除');
    expect(await message('请选择要删除的数据')).toBeTruthy();
    expect(document.querySelector('.ant-modal-confirm')).toBeNull();
    fireEvent.click(within(rowOf(first)).getByRole('checkbox'));
    fireEvent.click(within(rowOf('Globex')).getByRole('checkbox'));
    await screen.findByText('已选择 2 项数据');
    click('批量删除');
    click('确定', await findConfirm());
    expect(await message('删除成功')).toBeTruthy();
    expect(writes()).toEqual([{ method: 'DELETE', url: 'common/customer', body: { ids: ['c23', 'c22'] } }]);
    expect(customers.snapshot()).toHaveLength(21);
    await waitFor(() => expect(screen.queryByText('已选择', { exact: false })).toBeNull());
  });

  it('deleting the last row on page 2 goes back to page 1', async () => {
    const { lists } = renderPage({ rows: customerRows.slice(0, 11) });
    await screen.findByText('中原证券');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(rowTexts()).toEqual(['华东机械']));
    click('删除', rowOf('华东机械'));
    click('确定', await findConfirm());
    expect(await message('删除成功')).toBeTruthy();
    await waitFor(() => expect(activePage()).toBe('1'));
    expect(rowTexts()).toHaveLength(10);
    expect(lists().at(-1)!.body).toMatchObject({ current: 1 });
    expect(document.querySelectorAll('.ant-pagination-item')).toHaveLength(1);
  });

  it('shows a failed load as a warning and the empty state', async () => {
    const failure: ApiResult = { code: 'P5003', message: "Table 'demo.customer' doesn't exist", data: null };
    renderPage({ intercept: (call) => (call.url.endsWith('/list') ? failure : undefined) });
    expect(await message('数据表不存在，请联系管理员')).toBeTruthy();
    expect(await screen.findByText('暂无数据')).toBeTruthy();
    expect(button('新增')).toBeTruthy();
  });

  it('speaks English when the runtime language is en', async () => {
    renderPage({ lang: 'en' });
    await screen.findByText(first);
    for (const name of ['Add', 'Delete selected', 'Search', 'Reset', 'Expand']) expect(hasButton(name)).toBe(true);
    expect(document.querySelector('th.ant-table-cell:nth-child(4)')?.textContent).toBe('Level');
    expect(screen.getAllByText('Actions').length).toBeGreaterThan(0);
    click('Delete selected');
    expect(await message('Please select the records to delete')).toBeTruthy();
    click('Edit', rowOf(first));
    expect(await findModal('Edit')).toBeTruthy();
  });
});
