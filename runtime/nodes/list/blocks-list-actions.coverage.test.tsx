// @vitest-environment happy-dom
/**
 * fixtures/pages/blocks-list-actions.page.json through the real runtime (issue 5 coverage, line F1):
 * the row and header actions edit / copy / detail / delete / batchDelete / export / columns and the
 * card and gantt views, each asserted on the request it sends or on what it renders; and the search
 * form's inline layout (line L4). Same harness as blocks-list.coverage.test.tsx: the memory provider
 * behind the real wire shapes, every request recorded.
 */
import '../../../tests/dom-setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import fixture from '../../../fixtures/pages/blocks-list-actions.page.json';
import searchFixture from '../../../fixtures/pages/blocks-list.page.json';
import type { ApiResult, RequestOptions } from '../../../protocol/http';
import type { PageSchema } from '../../../protocol/page-schema';
import {
  click,
  findConfirm,
  findModal,
  hasButton,
  inputOf,
  message,
  rowOf,
  rowTexts,
  type,
  trackDownloads,
} from './dom-helpers';
import { renderPage } from './test-harness';

// vtable-gantt draws on a canvas, which happy-dom lacks: record what the lazy chart asks it to draw.
const drawn = vi.hoisted(() => ({ options: [] as { records: { text: string }[] }[] }));
vi.mock('@visactor/vtable-gantt', () => ({
  Gantt: class {
    constructor(_host: HTMLElement, options: { records: { text: string }[] }) {
      drawn.options.push(options);
    }
    getXByTime() {
      return 0;
    }
    set scrollLeft(_value: number) {}
    release() {}
  },
}));

const schema = fixture as unknown as PageSchema;
const searchSchema = searchFixture as unknown as PageSchema;
const first = '华东机械'; // c01: the smallest credit limit, first under the fixture's sort
const second = '西湖零售'; // c02
const headers = () => [...document.querySelectorAll('.tessera-list-table thead th')].map((th) => th.textContent ?? '');
const xls = () => new Blob([new Uint8Array([0xd0, 0xcf, 0x11, 0xe0])], { type: 'application/vnd.ms-excel' });
const answerXls = (call: RequestOptions): ApiResult | undefined =>
  call.url.endsWith('/export') ? { code: '200', message: '', data: xls() } : undefined;

/** File names the page saved (anchor downloads). */
const saved = trackDownloads();

describe('fixtures/pages/blocks-list-actions: row actions', () => {
  it('edit sends a PUT with the changed value and reports 编辑成功', async () => {
    const { writes } = renderPage({ schema });
    await screen.findByText(first);
    click('编辑', rowOf(first));
    const modal = await findModal('编辑');
    await waitFor(() => expect(inputOf(modal, '客户名称').value).toBe(first));
    type(modal, '客户名称', '华东重机');
    click('确定', modal);
    expect(await message('编辑成功')).toBeTruthy();
    expect(writes()).toEqual([
      {
        method: 'PUT',
        url: 'common/customer/c01',
        body: expect.objectContaining({ id: 'c01', name: '华东重机', level: 'A' }),
      },
    ]);
    await waitFor(() => expect(rowTexts()[0]).toBe('华东重机'));
  });

  it('copy sends a POST with copyId and without the id and audit fields', async () => {
    const { writes } = renderPage({ schema });
    await screen.findByText(first);
    click('拷贝', rowOf(first));
    const modal = await findModal('拷贝');
    await waitFor(() => expect(inputOf(modal, '客户名称').value).toBe(first));
    type(modal, '客户名称', '华东二厂');
    click('确定', modal);
    expect(await message('新增成功')).toBeTruthy();
    const [create] = writes();
    expect(create).toMatchObject({ method: 'POST', url: 'common/customer' });
    const body = create.body as Record<string, unknown>;
    for (const key of ['id', 'create_by', 'create_at', 'update_by', 'update_at']) expect(body).not.toHaveProperty(key);
    expect(body).toMatchObject({ copyId: 'c01', name: '华东二厂', level: 'A', credit_limit: 1000 });
  });

  it('detail shows the record read-only, with 关闭 and no 确定, and sends nothing', async () => {
    const { writes } = renderPage({ schema });
    await screen.findByText(first);
    click('详情', rowOf(first));
    const modal = await findModal('详情');
    await waitFor(() => expect(within(modal).getByText(first)).toBeTruthy());
    expect(await within(modal).findByText('重要客户')).toBeTruthy();
    expect(modal.querySelectorAll('input:not([type="hidden"]), textarea')).toHaveLength(0);
    expect(hasButton('确定', modal)).toBe(false);
    click('关闭', modal);
    await waitFor(() => expect(document.querySelector('.ant-modal-title')).toBeNull());
    expect(writes()).toEqual([]);
  });

  it('delete asks 确认删除？ and, once confirmed, sends the row id', async () => {
    const { writes } = renderPage({ schema });
    await screen.findByText(first);
    click('删除', rowOf(first));
    const confirm = await findConfirm();
    expect(confirm.textContent).toContain('确认删除？');
    expect(confirm.textContent).toContain('删除后不可恢复，请谨慎操作');
    click('确定', confirm);
    expect(await message('删除成功')).toBeTruthy();
    expect(writes()).toEqual([{ method: 'DELETE', url: 'common/customer/c01' }]);
    await waitFor(() => expect(rowTexts()[0]).toBe(second));
  });
});

describe('fixtures/pages/blocks-list-actions: header actions', () => {
  it('batchDelete warns 请选择要删除的数据 with nothing selected, then sends both selected keys', async () => {
    const { writes } = renderPage({ schema });
    await screen.findByText(first);
    click('批量删除');
    expect(await message('请选择要删除的数据')).toBeTruthy();
    expect(document.querySelector('.ant-modal-confirm')).toBeNull();
    expect(writes()).toEqual([]);
    fireEvent.click(within(rowOf(first)).getByRole('checkbox'));
    fireEvent.click(within(rowOf(second)).getByRole('checkbox'));
    await screen.findByText('已选择 2 项数据');
    click('批量删除');
    click('确定', await findConfirm());
    expect(await message('删除成功')).toBeTruthy();
    expect(writes()).toEqual([{ method: 'DELETE', url: 'common/customer', body: { ids: ['c01', 'c02'] } }]);
  });

  it('export opens 选择导出列 and sends the chosen columns in the chosen order', async () => {
    const { calls } = renderPage({ schema, intercept: answerXls });
    await screen.findByText(first);
    click('导出');
    const dialog = await findModal('选择导出列');
    expect([...dialog.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '客户名称',
      '客户等级',
      '手机号',
      '授信额度',
      '签约日期',
    ]);
    for (const name of ['手机号', '签约日期']) fireEvent.click(within(dialog).getByText(name));
    // 授信额度 moves up past 手机号 (unchosen), 客户等级 and 客户名称.
    for (let step = 0; step < 3; step++) fireEvent.click(within(dialog).getByLabelText('上移 授信额度'));
    click('确定', dialog);
    const exports = () => calls.filter((c) => c.url === 'common/customer/export');
    await waitFor(() => expect(exports()).toHaveLength(1));
    const body = exports()[0].body as Record<string, unknown>;
    expect(body.exportFields).toEqual([
      { key: 'credit_limit', title: '授信额度' },
      { key: 'name', title: '客户名称' },
      { key: 'level', title: '客户等级' },
    ]);
    expect(body).toMatchObject({ sorts: [{ key: 'credit_limit', order: 'asc' }] });
    expect(body).not.toHaveProperty('current');
    await waitFor(() => expect(saved).toEqual(['客户账户导出.xlsx']));
  });

  it('column settings 显隐列设置 hides a column and saves it for the user', async () => {
    const { calls } = renderPage({ schema });
    await screen.findByText(first);
    expect(headers()).toContain('手机号');
    fireEvent.click(screen.getByLabelText('显隐列设置'));
    const dialog = await findModal('显隐列设置');
    fireEvent.click(within(dialog).getByLabelText('手机号'));
    await waitFor(() => expect(headers()).not.toContain('手机号'));
    expect(headers()).toContain('客户名称');
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: 'prefs/columns%3Aaccounts',
      body: { value: { hidden: ['mobile'] } },
    });
  });
});

describe('fixtures/pages/blocks-list-actions: views', () => {
  it('switches to the card view: one card per row of the page, with labels, values and row actions, no new query', async () => {
    const { lists } = renderPage({ schema });
    await screen.findByText(first);
    const sent = lists().length;
    fireEvent.click(screen.getByText('卡片'));
    await waitFor(() => expect(document.querySelectorAll('.tessera-list-card')).toHaveLength(10));
    const card = [...document.querySelectorAll<HTMLElement>('.tessera-list-card')].find((c) =>
      c.querySelector('.ant-card-head')?.textContent?.includes(first),
    )!;
    expect(card.textContent).toContain('客户等级');
    expect(card.textContent).toContain('重要客户');
    expect(hasButton('编辑', card)).toBe(true);
    expect(document.querySelector('tr.ant-table-row')).toBeNull();
    expect(lists().length).toBe(sent); // same rows, no new query
  });

  it('switches to the gantt view: the lazy chart mounts and is given every row of the query (issue 22)', async () => {
    drawn.options.length = 0;
    renderPage({ schema });
    await screen.findByText(first);
    expect(drawn.options).toHaveLength(0); // the table view draws no chart
    fireEvent.click(screen.getByText('甘特图'));
    // happy-dom has no canvas: what can be asserted is the container and what the chart is asked to draw.
    await waitFor(() => expect(document.querySelector('.tessera-list-gantt')).not.toBeNull());
    await waitFor(() => expect(drawn.options.length).toBeGreaterThan(0), { timeout: 10_000 });
    const tasks = drawn.options.at(-1)!.records.map((r) => r.text);
    // All 23 fixture customers, not the table's page of 10.
    expect(tasks).toHaveLength(23);
    expect(tasks).toEqual(expect.arrayContaining([first, second]));
  });
});

describe('the search form: inline layout (fixtures/pages/blocks-list, 6 search fields)', () => {
  it('lays each item out horizontally (label and control on one row) in a 3-column grid', async () => {
    renderPage({ schema: searchSchema });
    await screen.findByText(first);
    const form = screen.getByRole('search');
    click('展开', form);
    await waitFor(() => expect(form.querySelectorAll('.ant-formily-item')).toHaveLength(6));
    const grid = form.querySelector<HTMLElement>('.tessera-grid-layout')!;
    expect(grid.style.display).toBe('grid');
    expect(grid.style.gridTemplateColumns).toBe('repeat(3, minmax(0, 1fr))');
    for (const item of form.querySelectorAll<HTMLElement>('.ant-formily-item')) {
      // Formily's horizontal layout puts the label and the control side by side in one flex row.
      expect(item.classList.contains('ant-formily-item-layout-horizontal')).toBe(true);
      expect(item.classList.contains('ant-formily-item-layout-vertical')).toBe(false);
      expect(item.parentElement).toBe(grid); // a grid cell of its own, one column wide
      expect(item.style.gridColumn).toMatch(/^span 1\b/);
      const [label, control] = [...item.children].map((child) => child.className);
      expect([label, control]).toEqual(['ant-formily-item-label', 'ant-formily-item-control']);
    }
  });
});
