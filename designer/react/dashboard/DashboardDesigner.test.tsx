// @vitest-environment happy-dom
/**
 * The dashboard designer in a DOM over a fake store (the real wire shapes of api/dashboard/:id,
 * its versions, api/dashboards/sources and the aggregate route): the palette from the registry,
 * a click adds a widget, Delete / Ctrl+Z / Ctrl+Shift+Z / Esc, the chart type switch keeps the
 * binding, the query builder's preview asks the aggregate route, a widget over a removed field is
 * marked, the save sends the version it was based on, and a P4009 opens the conflict dialog; the
 * tablet's layout is edited on its own and reset; a chart's "on click" and a stat card's sparkline.
 */
import '../../../tests/dom-setup';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiResult, RequestOptions } from '../../../protocol/http';
import type { SourceTable } from '../../../protocol/dashboard-sources';
import overview from '../../../schemas/apps/demo/dashboards/overview.json';
import { RuntimeProvider } from '../../../runtime/react/context';
import { createRuntimeValue } from '../../../runtime/react/create-runtime';
import '../../../runtime/definitions';
import '../../../runtime/nodes/components';
import '../../../runtime/widgets/components';
import { DashboardDesigner } from './index';

const SOURCES: SourceTable[] = [
  {
    table: 'customer',
    module: 'm_customer',
    title: '客户',
    fields: [
      { key: 'name', kind: 'text', widget: 'input', title: { zh: '客户名称', en: 'Name' } },
      { key: 'level', kind: 'text', widget: 'select', dict: 'customer_level', labelled: true },
      // `industry` is gone: the donut grouped by it is marked.
      { key: 'credit_limit', kind: 'number', widget: 'number' },
      { key: 'signed_at', kind: 'date', widget: 'date' },
      { key: 'mobile', kind: 'text', widget: 'input' },
      { key: 'create_at', kind: 'date' },
    ],
  },
];

function fakeStore(options: { conflict?: boolean } = {}) {
  const calls: RequestOptions[] = [];
  const ok = (data: unknown): ApiResult => ({ code: '200', message: '', data });
  const handler = (call: RequestOptions): ApiResult => {
    if (call.method === 'GET' && call.url === 'dashboard/d1')
      return ok({ id: 'd1', title: '客户看板', schema: overview, version: 3, update_at: 0 });
    if (call.method === 'GET' && call.url === 'dashboard/d1/versions')
      return ok([{ id: 'v3', version: 3, author: 'u1', author_name: '管理员', created_at: 0, provenance: 'designer' }]);
    if (call.method === 'GET' && call.url === 'dashboards/sources') return ok(SOURCES);
    if (call.method === 'PUT' && call.url === 'dashboard/d1')
      return options.conflict
        ? { code: 'P4009', message: 'admin2 已保存了新的版本 4', data: { version: 4 } }
        : ok({ id: 'd1', version: 4 });
    if (call.method === 'POST' && String(call.url).endsWith('/aggregate'))
      return ok({
        list: [{ level: 'vip', level_label: { zh: 'VIP客户', en: 'VIP' }, n: 3 }],
        others: null,
        groups: 1,
        capped: false,
        timeZone: 'Asia/Shanghai',
      });
    if (call.method === 'POST' && String(call.url).endsWith('/list')) return ok({ list: [], total: 0 });
    return ok([]);
  };
  const request = async <T,>(call: RequestOptions) => {
    calls.push(call);
    return handler(call) as ApiResult<T>;
  };
  return { request: request as never, calls };
}

function renderDesigner(store: ReturnType<typeof fakeStore>) {
  const runtime = createRuntimeValue({ request: store.request, lang: 'zh', user: { id: 'u1', roleIds: [] } });
  return render(
    <RuntimeProvider value={runtime}>
      <DashboardDesigner dashboardId="d1" onBack={() => undefined} onOpen={() => undefined} />
    </RuntimeProvider>,
  );
}

/** An option of the last opened select (its selected value shows the same title; closed dropdowns stay). */
const option = (title: string) =>
  [...document.querySelectorAll<HTMLElement>(`.ant-select-item-option[title="${title}"]`)].at(-1) ?? null;
const cell = (key: string) => document.querySelector(`[data-design-key="${key}"]`) as HTMLElement | null;

describe('the dashboard designer', () => {
  it('adds from the palette; Delete, Ctrl+Z, Ctrl+Shift+Z and Esc', async () => {
    renderDesigner(fakeStore());
    const palette = await screen.findByTestId('dash-palette');
    for (const title of ['图表', '指标卡', '数据表格', '文本']) expect(within(palette).getByText(title)).toBeTruthy();
    expect(within(palette).queryByText('看板')).toBeNull();
    await waitFor(() => expect(cell('byLevel')).toBeTruthy());
    expect(screen.getByTestId('dash-dirty').textContent).toBe('已是最新');

    fireEvent.click(within(palette).getByText('指标卡'));
    await waitFor(() => expect(cell('stat')).toBeTruthy());
    expect(screen.getByTestId('dash-dirty').textContent).toBe('有未保存的修改');
    // The new widget is selected: its settings show.
    expect(await screen.findByTestId('widget-settings')).toBeTruthy();

    fireEvent.keyDown(window, { key: 'Delete' });
    await waitFor(() => expect(cell('stat')).toBeNull());
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    await waitFor(() => expect(cell('stat')).toBeTruthy());
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    await waitFor(() => expect(cell('stat')).toBeNull());
    expect(screen.getByTestId('dash-dirty').textContent).toBe('已是最新');
    fireEvent.keyDown(window, { key: 'Z', ctrlKey: true, shiftKey: true });
    await waitFor(() => expect(cell('stat')).toBeTruthy());
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(screen.getByTestId('dashboard-settings')).toBeTruthy());
  });

  it('marks a widget whose field is gone, and says what is missing', async () => {
    renderDesigner(fakeStore());
    await waitFor(() => expect(cell('byIndustry')).toBeTruthy());
    expect(cell('byIndustry')!.className).toContain('is-broken');
    expect(cell('byLevel')!.className).not.toContain('is-broken');
    fireEvent.mouseDown(cell('byIndustry')!);
    const settings = await screen.findByTestId('widget-settings');
    expect(within(settings).getByText('字段不存在：industry')).toBeTruthy();
  });

  it('switches the chart type keeping the binding, previews the data, and saves with the base version', async () => {
    const store = fakeStore();
    renderDesigner(store);
    await waitFor(() => expect(cell('byLevel')).toBeTruthy());
    fireEvent.mouseDown(cell('byLevel')!);
    const settings = await screen.findByTestId('widget-settings');
    // The live preview asks the aggregate route with the widget's binding.
    // Generous: on a loaded machine the panel (now with the filter mapping too) took over 3 s to ask and draw.
    await waitFor(() => expect(within(settings).getByText('VIP客户')).toBeTruthy(), { timeout: 10_000 });
    const asked = store.calls.filter((c) => c.url === 'common/customer/aggregate').map((c) => c.body);
    expect(asked).toContainEqual(expect.objectContaining({ groupBy: ['level'], measures: [{ fn: 'count', as: 'n' }] }));

    fireEvent.click(within(screen.getByTestId('chart-kind')).getByText('折线'));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(store.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = store.calls.find((c) => c.method === 'PUT')!;
    const body = put.body as { base_version: number; schema: typeof overview };
    expect(body.base_version).toBe(3);
    const saved = body.schema.body[0].children.find((c: { key: string }) => c.key === 'byLevel') as {
      chart: string;
      data: unknown;
    };
    expect(saved.chart).toBe('line');
    expect(saved.data).toEqual(overview.body[0].children.find((c) => c.key === 'byLevel')!.data);
    await waitFor(() => expect(screen.getByTestId('dash-dirty').textContent).toBe('已是最新'));
  });

  it('a save after someone else saved opens the conflict dialog', async () => {
    renderDesigner(fakeStore({ conflict: true }));
    const palette = await screen.findByTestId('dash-palette');
    fireEvent.click(within(palette).getByText('文本'));
    await waitFor(() => expect(cell('text')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('看板已被他人修改')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新加载（放弃我的修改）' })).toBeTruthy();
    expect(screen.getByTestId('dash-dirty').textContent).toBe('有未保存的修改');
  });

  it('the dashboard settings add a date filter that reaches every widget reading the field', async () => {
    renderDesigner(fakeStore());
    const settings = await screen.findByTestId('dashboard-settings');
    // The demo dashboard's own date filter, on signed_at: every customer widget (the table too).
    const period = within(settings).getByTestId('filter-period');
    expect(within(period).getByTestId('filter-reach').textContent).toContain('作用于 7 个组件');
  });

  it('edits the tablet layout on its own, leaving the desktop one, and resets it to follow the desktop', async () => {
    const store = fakeStore();
    renderDesigner(store);
    await waitFor(() => expect(cell('byLevel')).toBeTruthy());
    const desktop = screen.getByTestId('dash-canvas');
    expect(desktop.dataset.breakpoint).toBe('lg');
    fireEvent.click(within(screen.getByTestId('dash-device')).getByText('平板'));
    // The demo dashboard stores a tablet layout of its own; reset, it follows the desktop one.
    expect((await screen.findByTestId('dash-tablet-note')).textContent).toContain('平板布局已单独编辑');
    expect(screen.getByTestId('dash-canvas').dataset.breakpoint).toBe('md');
    fireEvent.click(screen.getByRole('button', { name: '恢复自动布局' }));
    await waitFor(() => expect(screen.getByTestId('dash-tablet-note').textContent).toContain('自动缩放'));

    // 占满整行 on the tablet: the chart spans its 8 columns there, and only there.
    fireEvent.mouseDown(cell('byLevel')!);
    fireEvent.click(screen.getByRole('button', { name: '占满整行' }));
    await waitFor(() => expect(screen.getByTestId('dash-tablet-note').textContent).toContain('平板布局已单独编辑'));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(store.calls.some((c) => c.method === 'PUT')).toBe(true));
    const saved = (store.calls.find((c) => c.method === 'PUT')!.body as { schema: typeof overview }).schema.body[0];
    const layouts = saved.layouts as unknown as Record<string, { i: string; x: number; w: number }[]>;
    expect(layouts.md.find((item) => item.i === 'byLevel')).toMatchObject({ x: 0, w: 8 });
    expect(layouts.lg).toEqual(overview.body[0].layouts.lg);
  });

  it("a chart's click opens its table's list; a stat card's sparkline is picked or turned off", async () => {
    const store = fakeStore();
    renderDesigner(store);
    await waitFor(() => expect(cell('byLevel')).toBeTruthy());
    fireEvent.mouseDown(cell('byLevel')!);
    fireEvent.click(within(await screen.findByTestId('chart-on-click')).getByText('打开列表'));

    fireEvent.mouseDown(cell('customers')!);
    const trend = await screen.findByTestId('stat-trend');
    const [field] = within(trend).getAllByRole('combobox');
    fireEvent.mouseDown(field);
    fireEvent.click(await screen.findByTitle('不显示'));
    await waitFor(() => expect(within(screen.getByTestId('stat-trend')).getAllByRole('combobox')).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(store.calls.some((c) => c.method === 'PUT')).toBe(true));
    const saved = (store.calls.find((c) => c.method === 'PUT')!.body as { schema: typeof overview }).schema.body[0];
    const widget = (key: string) =>
      saved.children.find((c: { key: string }) => c.key === key) as {
        props?: Record<string, unknown>;
      };
    expect(widget('byLevel').props).toMatchObject({ onClick: 'list', listModule: 'm_customer' });
    expect(widget('customers').props?.trend).toBeUndefined();
  });

  it('maps a dashboard filter to another field of a widget or opts it out; the filter card’s reach follows; undo', async () => {
    const store = fakeStore();
    renderDesigner(store);
    await waitFor(() => expect(cell('customers')).toBeTruthy());
    const reach = () => within(screen.getByTestId('filter-period')).getByTestId('filter-reach').textContent;
    expect(reach()).toContain('customers');

    fireEvent.mouseDown(cell('customers')!);
    const mapping = await screen.findByTestId('filter-mapping');
    // 签约日期 narrows signed_at by default; the other date field of customer is offered, and opting out.
    fireEvent.mouseDown(within(within(mapping).getByTestId('filter-map-period')).getByRole('combobox'));
    await waitFor(() => expect(option('经 create_at 筛选')).toBeTruthy());
    expect(option('经 signed_at 筛选')).toBeTruthy();
    fireEvent.click(option('经 create_at 筛选')!);
    await waitFor(() =>
      expect(within(screen.getByTestId('filter-mapping')).getByTitle('经 create_at 筛选')).toBeTruthy(),
    );
    fireEvent.mouseDown(
      within(within(screen.getByTestId('filter-mapping')).getByTestId('filter-map-level')).getByRole('combobox'),
    );
    await waitFor(() => expect(option('不筛选此组件')).toBeTruthy());
    fireEvent.click(option('不筛选此组件')!);
    await waitFor(() => expect(within(screen.getByTestId('filter-mapping')).getByTitle('不筛选此组件')).toBeTruthy());

    fireEvent.keyDown(window, { key: 'Escape' });
    await screen.findByTestId('dashboard-settings');
    expect(reach()).toContain('customers');
    expect(within(screen.getByTestId('filter-level')).getByTestId('filter-reach').textContent).not.toContain(
      'customers',
    );
    // Undo (the card is selected again, as it was): level applies through its own field again.
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    await waitFor(() => expect(within(screen.getByTestId('filter-mapping')).getByTitle('经 level 筛选')).toBeTruthy());
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() =>
      expect(within(screen.getByTestId('filter-level')).getByTestId('filter-reach').textContent).toContain('customers'),
    );
    fireEvent.keyDown(window, { key: 'Z', ctrlKey: true, shiftKey: true });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(store.calls.some((c) => c.method === 'PUT')).toBe(true));
    const saved = (store.calls.find((c) => c.method === 'PUT')!.body as { schema: typeof overview }).schema.body[0];
    const customers = saved.children.find((c: { key: string }) => c.key === 'customers') as {
      filterFields?: Record<string, string | null>;
    };
    expect(customers.filterFields).toEqual({ period: 'create_at', level: null });
  });
});
