// @vitest-environment happy-dom
/**
 * fixtures/pages/blocks-list.page.json through the real runtime (issue 5 coverage): what a list
 * does when the schema leaves things out (3 search columns, page 1 of 10, a 50% modal), the
 * schema's own sorts, each widget's default search rule, fields hidden by condition or by role,
 * the §5 submit warnings and the §8 server-error messages — asserted on the requests sent.
 */
import '../../../tests/dom-setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import fixture from '../../../fixtures/pages/blocks-list.page.json';
import queryFixture from '../../../fixtures/pages/blocks-list-query.page.json';
import type { ApiResult } from '../../../protocol/http';
import type { PageSchema } from '../../../protocol/page-schema';
import { validatePage } from '../../core/schema/ajv';
import {
  activePage,
  button,
  choose,
  click,
  findModal,
  hasButton,
  inputOf,
  message,
  rowOf,
  rowTexts,
  type,
} from './dom-helpers';
import { renderPage } from './test-harness';
// Bound and registered as the shell does (the adapter and core import no node or widget).
import '../../definitions';

const schema = fixture as unknown as PageSchema;
const first = '华东机械'; // c01: the smallest credit limit, first under the fixture's sort
const searchForm = () => screen.getByRole('search');
const labels = (root: HTMLElement) =>
  [...root.querySelectorAll('.ant-formily-item-label')].map((l) => (l.textContent ?? '').replace(/[\s:：*]/g, ''));
/** The control inside the form item labelled `label`, once its widget has loaded (widgets load on first use). */
const control = (root: HTMLElement, label: string, selector: string) =>
  waitFor(() => {
    const item = [...root.querySelectorAll<HTMLElement>('.ant-formily-item')].find((el) =>
      (el.querySelector('.ant-formily-item-label')?.textContent ?? '').replace(/\s/g, '').includes(label),
    );
    const found = item?.querySelector(selector);
    if (!found) throw new Error(`"${label}" has no ${selector} yet`);
    return found;
  });
async function fill(root: HTMLElement, label: string, value: string) {
  await control(root, label, 'input, textarea');
  type(root, label, value);
}
async function pick(root: HTMLElement, label: string, option: string) {
  await control(root, label, '.ant-select-selector');
  await choose(root, label, option);
}
const headers = () => [...document.querySelectorAll('.tessera-list-table thead th')].map((th) => th.textContent ?? '');
const createBodies = (writes: () => { method: string; url: string; body?: unknown }[]) =>
  writes()
    .filter((w) => w.method === 'POST' && w.url === 'common/customer')
    .map((w) => w.body as Record<string, unknown>);

describe('fixtures/pages/blocks-list: the list page with its defaults', () => {
  it('shows the title bar, 3 search columns folded behind 展开, page 1 of 10 in the schema’s sort order', async () => {
    const { lists } = renderPage({ schema });
    await screen.findByText(first);
    expect(screen.getByText('客户台账')).toBeTruthy();
    expect(hasButton('新增') && hasButton('批量删除') && hasButton('导入')).toBe(true);
    expect(labels(searchForm())).toEqual(['客户名称', '客户等级', '手机号']);
    click('展开', searchForm());
    await waitFor(() =>
      expect(labels(searchForm())).toEqual(['客户名称', '客户等级', '手机号', '所属行业', '授信额度', '签约日期']),
    );
    expect(hasButton('收起', searchForm())).toBe(true);
    expect(rowTexts()).toHaveLength(10);
    expect(rowTexts()[0]).toBe(first);
    expect(lists()[0].body).toMatchObject({
      isPage: true,
      current: 1,
      pageSize: 10,
      relate: 'AND',
      querys: [],
      sorts: [{ key: 'credit_limit', order: 'asc' }],
    });
    expect(activePage()).toBe('1');
    // visibleRoleIds "r9" (the user has r1 only) and tableHidden keep these columns out of the table.
    expect(headers()).toContain('客户名称');
    expect(headers()).not.toContain('是否启用');
    expect(headers()).not.toContain('流失原因');
  });

  it('searches with each widget’s default rule (input LIKE, select EQUAL) and goes back to page 1', async () => {
    const { lists } = renderPage({ schema });
    await screen.findByText(first);
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(activePage()).toBe('2'));
    await fill(searchForm(), '客户名称', '零售');
    await pick(searchForm(), '客户等级', '普通客户');
    click('查询', searchForm());
    await waitFor(() => expect(rowTexts()).toEqual(['西湖零售']));
    expect(lists().at(-1)!.body).toMatchObject({
      current: 1,
      querys: [
        { key: 'name', value: '零售', rule: 'LIKE' },
        { key: 'level', value: 'B', rule: 'EQUAL' },
      ],
    });
    expect(activePage()).toBe('1');
  });

  it('keeps the selection by key, and a page change clears it', async () => {
    renderPage({ schema });
    await screen.findByText(first);
    fireEvent.click(within(rowOf(first)).getByRole('checkbox'));
    fireEvent.click(within(rowOf('西湖零售')).getByRole('checkbox'));
    expect(await screen.findByText('已选择 2 项数据')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(rowTexts()).not.toContain(first));
    await waitFor(() => expect(screen.queryByText(/已选择/)).toBeNull());
    fireEvent.click(screen.getByTitle('1'));
    await waitFor(() => expect(rowTexts()[0]).toBe(first));
    expect((within(rowOf(first)).getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
  });
});

describe('fixtures/pages/blocks-list: import (导入{title})', () => {
  it('shows the tips, a progress indicator while the server works (closing blocked), then reports and reloads', async () => {
    let release!: () => void;
    const held = new Promise<void>((go) => (release = go));
    const { calls, lists } = renderPage({
      schema,
      intercept: async (call) => {
        if (call.url !== 'common/customer/import') return undefined;
        await held;
        return { code: '200', message: '操作成功', data: { imported: 1, errors: [] } };
      },
    });
    await screen.findByText(first);
    click('导入');
    const dialog = await findModal('导入客户台账');
    for (const tip of ['仅支持 .xlsx、.xls 格式的文件', '每次最多导入 200 条数据', '请先下载模版，按模版填写后再导入'])
      expect(within(dialog).getByText(tip)).toBeTruthy();
    expect(dialog.querySelector('.ant-progress')).toBeNull();
    fireEvent.change(dialog.querySelector('input[type=file]')!, { target: { files: [new File(['x'], '客户.xlsx')] } });
    click('开始导入', dialog);
    await waitFor(() => expect(dialog.querySelector('.ant-progress[aria-label="正在导入中"]')).not.toBeNull());
    expect(button('关闭', dialog).disabled).toBe(true);
    // Without importTemplateId the server gets the field descriptors as a JSON string.
    const upload = calls.find((c) => c.url === 'common/customer/import')!;
    const descriptors = JSON.parse((upload.body as FormData).get('fields') as string) as Record<string, unknown>[];
    expect(descriptors.find((d) => d.key === 'name')).toEqual({ key: 'name', title: '客户名称', required: true });
    expect(descriptors.find((d) => d.key === 'level')).toMatchObject({
      selectItems: [
        { value: 'A', label: '重要客户' },
        { value: 'B', label: '普通客户' },
        { value: 'C', label: '潜在客户' },
      ],
    });
    const before = lists().length;
    release();
    expect(await message('成功导入 1 条数据')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.ant-progress')).toBeNull());
    await waitFor(() => expect(lists().length).toBe(before + 1));
  });
});

describe('fixtures/pages/blocks-list: the detail modal', () => {
  it('add: 50% wide by default; a field hidden by condition is neither validated nor sent, a role-restricted one never shown', async () => {
    const { writes } = renderPage({ schema });
    await screen.findByText(first);
    click('新增');
    const modal = await findModal('新增');
    expect(modal.style.width).toBe('50%');
    expect(labels(modal)).not.toContain('是否启用');
    expect(labels(modal)).not.toContain('流失原因'); // hiddenFn: level is not C
    await fill(modal, '客户名称', '新客户甲');
    await pick(modal, '客户等级', '重要客户');
    click('确定', modal);
    expect(await message('新增成功')).toBeTruthy();
    const [created] = createBodies(writes);
    expect(created).toMatchObject({ name: '新客户甲', level: 'A' });
    expect(created).not.toHaveProperty('remark');
    expect(created).not.toHaveProperty('active'); // its default never applies to a field the user may not see
  });

  it('add: once its condition shows it, the same field is required and sent', async () => {
    const { writes } = renderPage({ schema });
    await screen.findByText(first);
    click('新增');
    const modal = await findModal('新增');
    await fill(modal, '客户名称', '新客户乙');
    await pick(modal, '客户等级', '潜在客户');
    await waitFor(() => expect(labels(modal)).toContain('流失原因'));
    click('确定', modal);
    expect(await message('流失原因不能为空')).toBeTruthy();
    expect(createBodies(writes)).toHaveLength(0);
    await fill(modal, '流失原因', '预算不足');
    click('确定', modal);
    expect(await message('新增成功')).toBeTruthy();
    expect(createBodies(writes)).toEqual([
      expect.objectContaining({ name: '新客户乙', level: 'C', remark: '预算不足' }),
    ]);
  });

  it('edit allows one save in flight: a second 确定 warns 正在编辑中, one PUT is sent, then 编辑成功', async () => {
    let release!: () => void;
    const held = new Promise<void>((go) => (release = go));
    const { writes } = renderPage({
      schema,
      intercept: async (call) => {
        if (call.method === 'PUT') await held;
        return undefined;
      },
    });
    await screen.findByText(first);
    click('编辑', rowOf(first));
    const modal = await findModal('编辑');
    await waitFor(() => expect(inputOf(modal, '客户名称').value).toBe(first));
    await fill(modal, '客户名称', '华东机械集团');
    click('确定', modal);
    await waitFor(() => expect(writes()).toHaveLength(1));
    click('确定', modal);
    expect(await message('正在编辑中')).toBeTruthy();
    release();
    expect(await message('编辑成功')).toBeTruthy();
    expect(writes()).toEqual([
      { method: 'PUT', url: 'common/customer/c01', body: expect.objectContaining({ name: '华东机械集团' }) },
    ]);
    await waitFor(() => expect(rowTexts()[0]).toBe('华东机械集团'));
  });

  it('required on change; at submit a pattern warns {title}数据格式错误, sending nothing; illegal characters are stripped as typed with 请勿输入非法字符！', async () => {
    const { writes } = renderPage({ schema });
    await screen.findByText(first);
    click('新增');
    const modal = await findModal('新增');
    // Required is checked on change, before any 确定: typing then clearing shows the message.
    await fill(modal, '客户名称', '新');
    await fill(modal, '客户名称', '');
    expect(await within(modal).findByText('客户名称不能为空')).toBeTruthy();
    await fill(modal, '客户名称', '新客户');
    await waitFor(() => expect(within(modal).queryByText('客户名称不能为空')).toBeNull());
    await pick(modal, '客户等级', '重要客户');
    await fill(modal, '手机号', '12345');
    click('确定', modal);
    expect(await message('手机号数据格式错误')).toBeTruthy();
    expect(writes()).toHaveLength(0);
    // Typed illegal characters never reach the form: stripped, with the reason (§5).
    await fill(modal, '客户名称', '新<客户>');
    expect(inputOf(modal, '客户名称').value).toBe('新客户');
    expect(await message('请勿输入非法字符！')).toBeTruthy();
  });

  it('maps server errors (§8): another duplicate, other P5003, any other code; the modal stays open', async () => {
    const answers: ApiResult[] = [
      { code: 'P5003', message: "Duplicate entry '13800138000' for key 'customer.idx_mobile'", data: null },
      { code: 'P5003', message: 'Data truncated for column credit_limit', data: null },
      { code: 'P4031', message: '该客户已被冻结', data: null },
    ];
    const { writes } = renderPage({
      schema,
      intercept: (call) => (call.method === 'POST' && call.url === 'common/customer' ? answers.shift() : undefined),
    });
    await screen.findByText(first);
    click('新增');
    const modal = await findModal('新增');
    await fill(modal, '客户名称', '新客户');
    await pick(modal, '客户等级', '重要客户');
    await fill(modal, '手机号', '13800138000');
    click('确定', modal);
    expect(await message('数据13800138000重复，请检查数据')).toBeTruthy();
    click('确定', modal);
    expect(await message('数据操作错误，请联系管理员')).toBeTruthy();
    click('确定', modal);
    expect(await message('该客户已被冻结')).toBeTruthy();
    expect(createBodies(writes)).toHaveLength(3);
    expect(document.body.contains(modal)).toBe(true);
    expect(inputOf(modal, '客户名称').value).toBe('新客户');
  });
});

describe('fixtures/pages/blocks-list-query: joins and data scoping from the schema (§7)', () => {
  const order = { id: 'o1', order_no: 'SO-001', customer_name: '华东机械', creator_account: 'admin', amount: 1200 };

  it('sends the declared joins, relate and data-limit keys with every list query, search included', async () => {
    const { lists } = renderPage({
      schema: queryFixture as unknown as PageSchema,
      intercept: (call) =>
        call.url === 'common/sales_order/list'
          ? { code: '200', message: 'success', data: { list: [order], total: 1 } }
          : undefined,
    });
    const row = rowOf(await screen.findByText('SO-001').then((cell) => cell.textContent!));
    expect(row.textContent).toContain('华东机械'); // the joined column, shown as it came back
    expect(row.textContent).toContain('admin');
    const declared = {
      leftJoins: [{ join: 'customer', on: ['customer_id', 'id'], showFields: ['name', 'level'] }],
      innerJoins: [{ join: 'tessera_sys_user', as: 'creator', on: 'create_by = id', showFields: ['account'] }],
      relate: 'AND',
      dataLimitType: 3,
      dataLimitUnRoleIds: 'r-admin',
      dataLimitUnDepeAdmin: true,
    };
    expect(lists()[0].body).toEqual({
      ...declared,
      showFields: ['id', 'order_no', 'amount'], // not_sql_field columns come from the joins
      querys: [],
      sorts: [{ key: 'create_at', order: 'desc' }],
      isPage: true,
      current: 1,
      pageSize: 20,
    });
    expect(labels(searchForm())).toEqual(['订单号', '金额']); // 2 columns, no fold: every search field
    expect(hasButton('展开', searchForm())).toBe(false);
    await fill(searchForm(), '订单号', 'SO');
    click('查询', searchForm());
    await waitFor(() => expect(lists()).toHaveLength(2));
    expect(lists()[1].body).toMatchObject({ ...declared, querys: [{ key: 'order_no', value: 'SO', rule: 'LIKE' }] });
  });

  it('the list schema refuses join expressions, unknown scoping types and unknown query keys', () => {
    expect(validatePage(queryFixture).valid).toBe(true);
    const bad = structuredClone(queryFixture) as unknown as { body: { query: Record<string, unknown> }[] };
    bad.body[0].query = {
      leftJoins: [{ join: 'customer', on: 'customer_id = id OR 1=1' }],
      dataLimitType: 9,
      sql: 'select 1',
    };
    expect(validatePage(bad).errors.map((e) => e.path)).toEqual([
      '/body/0/query/sql',
      '/body/0/query/leftJoins/0/on',
      '/body/0/query/dataLimitType',
    ]);
  });
});
