// @vitest-environment happy-dom
/**
 * The designer in a DOM over a fake store (the real wire shapes): the palette from the registry,
 * selecting a field on the canvas opens its settings, typing a title renames it on the canvas and
 * in the outline, a reserved key is told and not applied, undo / redo, the save asks for the plan
 * first and sends the version it was based on, a P4009 conflict offers reload, and a user the
 * store refuses sees the module read-only.
 */
import '../../tests/dom-setup';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiResult, RequestOptions } from '../../protocol/http';
import customerPage from '../../schemas/apps/demo/modules/customer.json';
import { RuntimeProvider } from '../../runtime/react/context';
import { createRuntimeValue } from '../../runtime/react/create-runtime';
import { preloadNodes, preloadWidgets } from '../../runtime/react/bindings';
import '../../runtime/definitions';
import '../../runtime/widgets/components';
import '../../runtime/nodes/components';
import { Designer } from './index';

await Promise.all([preloadWidgets(), preloadNodes()]);

type Handler = (call: RequestOptions) => ApiResult | undefined;

function fakeStore(options: { admin?: boolean; conflict?: boolean; retire?: boolean } = {}) {
  const calls: RequestOptions[] = [];
  const ok = (data: unknown): ApiResult => ({ code: '200', message: '', data });
  const handler: Handler = (call) => {
    if (call.method === 'GET' && call.url === 'module/m1')
      return ok({ id: 'm1', title: '客户', table_name: 'customer', schema: customerPage });
    if (call.method === 'GET' && call.url === 'module/m1/versions')
      return options.admin === false
        ? { code: 'P4003', message: '没有权限', data: null }
        : ok([{ id: 'v3', version: 3, author: 'u1', author_name: 'admin', created_at: 0, provenance: 'designer' }]);
    if (call.method === 'PUT' && call.url === 'module/m1') {
      const body = call.body as { dry_run?: boolean };
      if (options.conflict && !body.dry_run)
        return { code: 'P4009', message: 'admin2 已于 2026-11-26 保存了新的版本 4', data: { version: 4 } };
      const plan = options.retire
        ? [{ op: 'retireColumn', fieldId: 'f', key: 'remark', column: 'remark', to: 'remark__r4', destructive: true }]
        : [{ op: 'addColumn', fieldId: 'f', column: 'input_1', type: 'varchar(255)' }];
      return ok({ id: 'm1', version: 4, plan });
    }
    return ok({});
  };
  const request = async <T,>(call: RequestOptions) => {
    calls.push(call);
    return (handler(call) ?? ok({})) as ApiResult<T>;
  };
  return { request: request as never, calls };
}

function renderDesigner(store: ReturnType<typeof fakeStore>) {
  const runtime = createRuntimeValue({ request: store.request, lang: 'zh', user: { id: 'u1', roleIds: [] } });
  return render(
    <RuntimeProvider value={runtime}>
      <Designer moduleId="m1" app="demo" onBack={() => undefined} />
    </RuntimeProvider>,
  );
}

const fieldOnCanvas = (key: string) =>
  document.querySelector(`.tessera-designer-node[aria-label$="· ${key}"]`) as HTMLElement;

beforeEach(() => localStorage.clear());

describe('the designer', () => {
  it('shows the palette, the canvas and the settings of a selected field; edits are commands', async () => {
    renderDesigner(fakeStore());
    await screen.findByText('组件');
    // Palette: the registry's groups and titles.
    for (const title of ['输入', '选择', '布局', '单行文本', '栅格', '页签'])
      expect(screen.getAllByText(title).length).toBeGreaterThan(0);
    await waitFor(() => expect(fieldOnCanvas('mobile')).toBeTruthy());

    fireEvent.click(fieldOnCanvas('mobile'));
    const settings = document.querySelector('[data-settings-for]') as HTMLElement;
    await waitFor(() => expect(within(settings).getByDisplayValue('手机号')).toBeTruthy());

    fireEvent.change(within(settings).getByDisplayValue('手机号'), { target: { value: '联系电话' } });
    await waitFor(() => expect(fieldOnCanvas('mobile').getAttribute('aria-label')).toBe('联系电话 · mobile'));
    expect(screen.getByText('有未保存的修改')).toBeTruthy();

    // A reserved word as the key is told under the field and not applied.
    fireEvent.change(within(settings).getByDisplayValue('mobile'), { target: { value: 'select' } });
    await within(settings).findByText('字段名 select 是数据库保留字，请换一个');
    expect(fieldOnCanvas('mobile')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '撤 销' }));
    await waitFor(() => expect(fieldOnCanvas('mobile').getAttribute('aria-label')).toBe('手机号 · mobile'));
    expect(screen.getByText('已是最新')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重 做' }));
    await waitFor(() => expect(fieldOnCanvas('mobile').getAttribute('aria-label')).toBe('联系电话 · mobile'));

    // The draft is kept per app and module.
    await waitFor(() => expect(localStorage.getItem('tessera.designer.demo.m1')).toContain('联系电话'));
  });

  it('removes with Delete and brings it back with Ctrl+Z, and Esc clears the selection', async () => {
    renderDesigner(fakeStore());
    await waitFor(() => expect(fieldOnCanvas('remark')).toBeTruthy());
    fireEvent.click(fieldOnCanvas('remark'));
    const root = screen.getByTestId('designer');
    fireEvent.keyDown(root, { key: 'Delete' });
    await waitFor(() => expect(fieldOnCanvas('remark')).toBeFalsy());
    fireEvent.keyDown(root, { key: 'z', ctrlKey: true });
    await waitFor(() => expect(fieldOnCanvas('remark')).toBeTruthy());
    expect(fieldOnCanvas('remark').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(root, { key: 'Escape' });
    await waitFor(() => expect(fieldOnCanvas('remark').getAttribute('aria-selected')).toBe('false'));
  });

  it('saves through the plan with the version it was based on', async () => {
    const store = fakeStore();
    renderDesigner(store);
    await waitFor(() => expect(fieldOnCanvas('remark')).toBeTruthy());
    fireEvent.click(fieldOnCanvas('remark'));
    fireEvent.keyDown(screen.getByTestId('designer'), { key: 'v', ctrlKey: true });
    await waitFor(() => expect(fieldOnCanvas('remark_2')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    await screen.findByText('新增列 input_1（varchar(255)）');
    const dry = store.calls.find((call) => call.method === 'PUT')!;
    expect(dry.body).toMatchObject({ dry_run: true, base_version: 3 });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '确认保存' })));
    await screen.findByText('已保存为版本 4');
    const saved = store.calls.filter((call) => call.method === 'PUT')[1];
    expect(saved.body).toMatchObject({ base_version: 3, provenance: 'designer' });
    expect(JSON.stringify((saved.body as { schema: unknown }).schema)).toContain('"remark_2"');
    expect(screen.getByText('已是最新')).toBeTruthy();
    expect(localStorage.getItem('tessera.designer.demo.m1')).toBeNull();
  });

  it('offers reload or compare on a conflict', async () => {
    renderDesigner(fakeStore({ conflict: true }));
    await waitFor(() => expect(fieldOnCanvas('remark')).toBeTruthy());
    fireEvent.click(fieldOnCanvas('remark'));
    fireEvent.keyDown(screen.getByTestId('designer'), { key: 'v', ctrlKey: true });
    await waitFor(() => expect(fieldOnCanvas('remark_2')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    await screen.findByText('新增列 input_1（varchar(255)）');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '确认保存' })));
    await screen.findByText('别人已保存了新版本');
    expect(screen.getByText('admin2 已于 2026-11-26 保存了新的版本 4')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新加载（放弃我的修改）' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '对比差异' })).toBeTruthy();
  });

  it('is read-only for a user the store does not let save', async () => {
    renderDesigner(fakeStore({ admin: false }));
    await screen.findByText('只有管理员可以修改和保存模块，当前为只读查看');
    expect((screen.getByRole('button', { name: '保 存' }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(fieldOnCanvas('remark')).toBeTruthy());
    fireEvent.click(fieldOnCanvas('remark'));
    fireEvent.keyDown(screen.getByTestId('designer'), { key: 'Delete' });
    expect(fieldOnCanvas('remark')).toBeTruthy();
  });
});

describe('the draft', () => {
  it('survives a reload: the unsaved schema comes back, dirty, with a notice', async () => {
    const schema = JSON.parse(JSON.stringify(customerPage)) as {
      body: { fields: { key: string; title: unknown }[] }[];
    };
    schema.body[0].fields.find((field) => field.key === 'mobile')!.title = { zh: '草稿电话', en: 'Draft phone' };
    localStorage.setItem('tessera.designer.demo.m1', JSON.stringify({ base: 3, schema, at: 1 }));
    renderDesigner(fakeStore());
    await screen.findByText('已恢复上次未保存的草稿');
    await waitFor(() => expect(fieldOnCanvas('mobile').getAttribute('aria-label')).toBe('草稿电话 · mobile'));
    expect(screen.getByText('有未保存的修改')).toBeTruthy();
  });
});

describe('a destructive save', () => {
  it('needs the box ticked before the save, and is sent with confirm', async () => {
    const store = fakeStore({ retire: true });
    renderDesigner(store);
    await waitFor(() => expect(fieldOnCanvas('remark')).toBeTruthy());
    fireEvent.click(fieldOnCanvas('remark'));
    fireEvent.keyDown(screen.getByTestId('designer'), { key: 'Delete' });
    await waitFor(() => expect(fieldOnCanvas('remark')).toBeFalsy());
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    await screen.findByText('停用列 remark（字段 remark），数据保留');
    const apply = screen.getByRole('button', { name: '确认保存' }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    fireEvent.click(screen.getByText('我已了解，继续保存'));
    await waitFor(() => expect(apply.disabled).toBe(false));
    await act(async () => fireEvent.click(apply));
    await screen.findByText('已保存为版本 4');
    const saved = store.calls.filter((call) => call.method === 'PUT')[1];
    expect(saved.body).toMatchObject({ confirm: true, base_version: 3 });
  });
});
