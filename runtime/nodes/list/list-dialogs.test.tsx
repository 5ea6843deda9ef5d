// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiResult, RequestOptions } from '../../../protocol/http';
import type { PageSchema } from '../../../protocol/page-schema';
import { button, click, findModal, hasButton, message, rowOf, type, trackDownloads } from './dom-helpers';
import { customerSchema, renderPage } from './test-harness';

const first = '🚀火箭科技';
const withActions = (patch: Record<string, unknown> = {}): PageSchema => {
  const page = structuredClone(customerSchema) as unknown as { body: Record<string, unknown>[] };
  Object.assign(page.body[0], {
    actions: ['add', 'edit', 'copy', 'detail', 'delete', 'batchDelete', 'export', 'import', 'columns'],
    views: ['table', 'card', 'gantt'],
    ...patch,
  });
  return page as unknown as PageSchema;
};
const headers = () => [...document.querySelectorAll('.tessera-list-table thead th')].map((th) => th.textContent ?? '');
const xls = () => new Blob([new Uint8Array([0xd0, 0xcf, 0x11, 0xe0])], { type: 'application/vnd.ms-excel' });

/** File names the page saved (anchor downloads). */
const saved = trackDownloads();

describe('column show/hide (显隐列设置)', () => {
  it('hides a column, saves it per user on the server, and finds it hidden in a new page', async () => {
    const prefs = new Map<string, unknown>();
    const { calls, unmount } = renderPage({ schema: withActions(), prefs });
    await screen.findByText(first);
    expect(headers()).toContain('手机号');
    expect(calls.some((c) => c.method === 'GET' && c.url === 'prefs/columns%3Acustomer')).toBe(true);
    fireEvent.click(screen.getByLabelText('显隐列设置'));
    const dialog = await findModal('显隐列设置');
    expect(dialog.style.width).toBe('500px');
    expect(within(dialog).getByText('列名')).toBeTruthy();
    expect(within(dialog).getByText('是否隐藏')).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('手机号'));
    await waitFor(() => expect(headers()).not.toContain('手机号'));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put).toMatchObject({ url: 'prefs/columns%3Acustomer', body: { value: { hidden: ['mobile'] } } });
    expect(prefs.get('columns:customer')).toEqual({ hidden: ['mobile'] });
    unmount();

    renderPage({ schema: withActions(), prefs });
    await screen.findByText(first);
    await waitFor(() => expect(headers()).not.toContain('手机号'));
    expect(headers()).toContain('客户名称');
  });

  it('puts the column back when the server refuses the save', async () => {
    renderPage({
      schema: withActions(),
      intercept: (call) =>
        call.method === 'PUT' ? { code: 'P4000', message: '偏好设置内容不能超过 16 KB', data: null } : undefined,
    });
    await screen.findByText(first);
    fireEvent.click(screen.getByLabelText('显隐列设置'));
    const dialog = await findModal('显隐列设置');
    fireEvent.click(within(dialog).getByLabelText('客户等级'));
    expect(await message('列设置保存失败：偏好设置内容不能超过 16 KB')).toBeTruthy();
    await waitFor(() => expect(headers()).toContain('客户等级'));
  });
});

describe('export (选择导出列)', () => {
  const exportCalls = (calls: RequestOptions[]) => calls.filter((c) => c.url === 'common/customer/export');
  const answerXls = (call: RequestOptions): ApiResult | undefined =>
    call.url.endsWith('/export') || call.url.endsWith('/downloadTemplate')
      ? { code: '200', message: '', data: xls() }
      : undefined;

  it('exports the chosen columns in the chosen order, the selected ids as IN, saved as 客户导出.xlsx', async () => {
    const { calls } = renderPage({ schema: withActions(), intercept: answerXls });
    await screen.findByText(first);
    fireEvent.click(within(rowOf(first)).getByRole('checkbox'));
    fireEvent.click(within(rowOf('Globex')).getByRole('checkbox'));
    click('导出');
    const dialog = await findModal('选择导出列');
    const labels = () => [...dialog.querySelectorAll('li')].map((li) => li.textContent);
    expect(labels()).toEqual([
      '客户名称',
      '手机号',
      '客户等级',
      '所属行业',
      '授信额度',
      '签约日期',
      '是否启用',
      '备注',
    ]);
    for (const name of ['所属行业', '授信额度', '签约日期', '是否启用', '备注'])
      fireEvent.click(within(dialog).getByText(name));
    fireEvent.click(within(dialog).getByLabelText('上移 客户等级'));
    fireEvent.click(within(dialog).getByLabelText('上移 客户等级'));
    click('确定', dialog);
    await waitFor(() => expect(exportCalls(calls)).toHaveLength(1));
    const body = exportCalls(calls)[0].body as Record<string, unknown>;
    expect(body.exportFields).toEqual([
      { key: 'level', title: '客户等级' },
      { key: 'name', title: '客户名称' },
      { key: 'mobile', title: '手机号' },
    ]);
    expect(body.querys).toEqual([{ key: 'id', value: ['c23', 'c22'], rule: 'IN' }]);
    expect(body).not.toHaveProperty('showFields');
    expect(body).not.toHaveProperty('isPage');
    expect(body).not.toHaveProperty('current');
    expect(exportCalls(calls)[0].responseType).toBe('blob');
    await waitFor(() => expect(saved).toEqual(['客户导出.xlsx']));
  });

  it('reorders by dragging the handle, showing 正在下载中 while the server works', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { calls } = renderPage({
      schema: withActions(),
      intercept: async (call) => {
        if (call.url.endsWith('/export')) await gate;
        return answerXls(call);
      },
    });
    await screen.findByText(first);
    click('导出');
    const dialog = await findModal('选择导出列');
    const items = [...dialog.querySelectorAll('li')];
    fireEvent.dragStart(items[2].querySelector('.tessera-drag-handle')!, {
      dataTransfer: { setData() {}, effectAllowed: '' },
    });
    fireEvent.dragOver(items[0]);
    fireEvent.drop(items[0]);
    await waitFor(() => expect(dialog.querySelector('li')?.textContent).toBe('客户等级'));
    click('确定', dialog);
    expect(await message('正在下载中')).toBeTruthy();
    expect(saved).toEqual([]);
    release();
    await waitFor(() => expect(saved).toEqual(['客户导出.xlsx']));
    await waitFor(() => expect(exportCalls(calls)).toHaveLength(1));
    const keys = (exportCalls(calls)[0].body as { exportFields: { key: string }[] }).exportFields.map((f) => f.key);
    expect(keys.slice(0, 3)).toEqual(['level', 'name', 'mobile']);
    expect((exportCalls(calls)[0].body as { querys: unknown[] }).querys).toEqual([]);
  });

  it('warns 请选择导出列 with no column chosen, and 请配置导出列 when none is exportable', async () => {
    const { calls } = renderPage({ schema: withActions(), intercept: answerXls });
    await screen.findByText(first);
    click('导出');
    const dialog = await findModal('选择导出列');
    for (const li of dialog.querySelectorAll('li')) fireEvent.click(li.querySelector('input[type=checkbox]')!);
    click('确定', dialog);
    expect(await message('请选择导出列')).toBeTruthy();
    expect(exportCalls(calls)).toHaveLength(0);
  });

  it('warns 请配置导出列 when the schema allows no column', async () => {
    const page = withActions() as unknown as { body: { fields: Record<string, unknown>[] }[] };
    for (const f of page.body[0].fields) f.allowExport = false;
    renderPage({ schema: page as unknown as PageSchema });
    await screen.findByText(first);
    click('导出');
    expect(await message('请配置导出列')).toBeTruthy();
    expect(document.querySelector('.tessera-list-export')).toBeNull();
  });

  it("shows the server's message when the export fails, saving nothing", async () => {
    renderPage({
      schema: withActions(),
      intercept: (call) =>
        call.url.endsWith('/export')
          ? {
              code: '200',
              message: '',
              data: new Blob([JSON.stringify({ code: 'P5003', message: '导出失败' })], { type: 'application/json' }),
            }
          : undefined,
    });
    await screen.findByText(first);
    click('导出');
    click('确定', await findModal('选择导出列'));
    expect(await message('导出失败')).toBeTruthy();
    expect(saved).toEqual([]);
  });
});

describe('import (导入{title})', () => {
  const choose = (dialog: HTMLElement, file: File) =>
    fireEvent.change(dialog.querySelector('input[type=file]')!, { target: { files: [file] } });

  it('lists the row errors, then imports a good file, closes and reloads the list', async () => {
    let attempt = 0;
    const { calls, lists } = renderPage({
      schema: withActions(),
      intercept: (call) => {
        if (call.url.endsWith('/downloadTemplate')) return { code: '200', message: '', data: xls() };
        if (!call.url.endsWith('/import')) return undefined;
        attempt += 1;
        return attempt === 1
          ? ({
              code: 'P4000',
              message: 'invalid',
              msg: '导入数据有误',
              data: { imported: 0, errors: [{ row: 3, key: 'mobile', title: '手机号', message: '请输入11位手机号' }] },
            } as ApiResult)
          : { code: '200', message: '操作成功', data: { imported: 2, errors: [] } };
      },
    });
    await screen.findByText(first);
    click('导入');
    const dialog = await findModal('导入客户');
    expect(dialog.style.width).toBe('500px');
    expect(within(dialog).getByText('每次最多导入 200 条数据')).toBeTruthy();
    expect(dialog.querySelector('input[type=file]')?.getAttribute('accept')).toBe('.xlsx,.xls');

    click('下载模版', dialog);
    await waitFor(() => expect(saved).toEqual(['客户模版.xlsx']));
    const template = calls.find((c) => c.url === 'common/customer/downloadTemplate')!;
    expect((template.body as { fields: { key: string }[] }).fields.map((f) => f.key)).toContain('mobile');

    expect(button('开始导入', dialog).disabled).toBe(true);
    choose(dialog, new File(['x'], 'bad.xlsx'));
    click('开始导入', dialog);
    expect(await within(dialog).findByText('第 3 行 · 手机号 · 请输入11位手机号')).toBeTruthy();
    const upload = calls.find((c) => c.url === 'common/customer/import')!;
    expect(upload.method).toBe('POST');
    expect(((upload.body as FormData).get('file') as File).name).toBe('bad.xlsx');

    const before = lists().length;
    choose(dialog, new File(['y'], 'good.xls'));
    click('开始导入', dialog);
    expect(await message('成功导入 2 条数据')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.tessera-list-import')).toBeNull());
    await waitFor(() => expect(lists().length).toBe(before + 1));
  });

  it('refuses a file that is not .xlsx / .xls without uploading', async () => {
    const { calls } = renderPage({ schema: withActions() });
    await screen.findByText(first);
    click('导入');
    const dialog = await findModal('导入客户');
    choose(dialog, new File(['x'], 'data.csv'));
    click('开始导入', dialog);
    expect(await message('仅支持 .xlsx、.xls 格式的文件')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/import'))).toBe(false);
  });
});

describe('views and keyboard', () => {
  it('switches to the card list (label / value) and back, keeping the query', async () => {
    const { lists } = renderPage({ schema: withActions() });
    await screen.findByText(first);
    const sent = lists().length;
    fireEvent.click(screen.getByText('卡片'));
    await waitFor(() => expect(document.querySelectorAll('.tessera-list-card')).toHaveLength(10));
    const card = [...document.querySelectorAll<HTMLElement>('.tessera-list-card')].find((c) =>
      c.querySelector('.ant-card-head')?.textContent?.includes(first),
    )!;
    expect(card.textContent).toContain('客户等级');
    expect(card.textContent).toContain('普通客户');
    expect(hasButton('编辑', card)).toBe(true);
    expect(document.querySelector('.tessera-list-cards .ant-row')?.getAttribute('style')).toContain('-8px');
    fireEvent.click(within(card).getByRole('checkbox'));
    expect(await screen.findByText('已选择 1 项数据')).toBeTruthy();
    expect(lists().length).toBe(sent);
    fireEvent.click(screen.getByText('表格'));
    await waitFor(() => expect(document.querySelectorAll('tr.ant-table-row')).toHaveLength(10));
  });

  it('Enter in a search input runs 查询 and goes to page 1', async () => {
    const { lists } = renderPage();
    await screen.findByText(first);
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(lists().at(-1)!.body).toMatchObject({ current: 2 }));
    const form = screen.getByRole('search');
    type(form, '客户名称', '零售');
    const input = form.querySelector('input')!;
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    await waitFor(() =>
      expect(lists().at(-1)!.body).toMatchObject({
        current: 1,
        querys: [{ key: 'name', value: '零售', rule: 'LIKE' }],
      }),
    );
  });
});
