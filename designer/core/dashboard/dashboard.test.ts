import { describe, expect, it } from 'vitest';
import '../../../runtime/definitions';
import '../../../protocol/messages/late';
import { validatePageIssues } from '../../../runtime/core/schema/ajv-issues';
import type { PageSchema } from '../../../protocol/page-schema';
import type { SourceTable } from '../../../protocol/dashboard-sources';
import type { ChartWidget, DashboardNodeSchema } from '../../../runtime/core/dashboard/types';
import { runDashCommand, uniqueWidgetKey, isWidgetType } from './commands';
import {
  canRedo,
  canUndo,
  createDashEditor,
  execute,
  isDirty,
  markSaved,
  redo,
  schemaOf,
  seal,
  undo,
  type DashEditor,
} from './editor';
import { bindingProblems, filterCandidates, filterReach, measureFnsFor, tableColumn } from './bindings';
import { run } from './test-run';

const page = (node: Partial<DashboardNodeSchema> = {}): PageSchema =>
  ({
    schemaVersion: 2,
    type: 'page',
    title: '看板',
    body: [{ type: 'dashboard', key: 'main', layouts: { lg: [] }, children: [], ...node }],
  }) as unknown as PageSchema;

const SOURCES: SourceTable[] = [
  {
    table: 'customer',
    fields: [
      { key: 'name', kind: 'text' },
      { key: 'level', kind: 'text', dict: 'customer_level', labelled: true },
      { key: 'credit', kind: 'number' },
      { key: 'signed_at', kind: 'date' },
      { key: 'create_at', kind: 'date' },
    ],
  },
  {
    table: 'order',
    fields: [
      { key: 'amount', kind: 'number' },
      { key: 'paid_at', kind: 'date' },
    ],
  },
];

function editor(node?: Partial<DashboardNodeSchema>): DashEditor {
  return createDashEditor(page(node))!;
}

const valid = (state: DashEditor) => {
  expect(validatePageIssues(schemaOf(state))).toEqual([]);
};

describe('dashboard designer commands', () => {
  it('the palette is every registered widget type of the chart group, not the dashboard itself', () => {
    for (const type of ['chart', 'stat', 'dataTable', 'textBlock', 'frame']) expect(isWidgetType(type)).toBe(true);
    expect(isWidgetType('dashboard')).toBe(false);
    expect(isWidgetType('input')).toBe(false);
  });

  it('adds each widget type with a unique key and a layout item, and the page stays valid', () => {
    let state = editor();
    for (const type of ['chart', 'chart', 'stat', 'dataTable', 'textBlock', 'frame'])
      state = run(state, { type: 'add', widget: type });
    expect(state.node.children.map((c) => c.key)).toEqual(['chart', 'chart_2', 'stat', 'table', 'text', 'frame']);
    expect(state.node.layouts.lg!.map((i) => i.i)).toEqual(state.node.children.map((c) => c.key));
    expect(state.selected).toBe('frame');
    valid(state);
  });

  it('adds where it was dropped and keeps the other breakpoints in step', () => {
    const state = run(editor({ layouts: { lg: [], md: [] } }), {
      type: 'add',
      widget: 'stat',
      at: { x: 6, y: 0, w: 3, h: 2 },
    });
    expect(state.node.layouts.lg).toEqual([{ i: 'stat', x: 6, y: 0, w: 3, h: 2 }]);
    expect(state.node.layouts.md).toEqual([{ i: 'stat', x: 4, y: 0, w: 2, h: 2 }]);
  });

  it('refuses an unknown type and changes nothing', () => {
    const state = editor();
    const result = execute(state, { type: 'add', widget: 'nope' });
    expect(result.refusal?.message.zh).toBe('未知的组件类型：nope');
    expect(result.state).toBe(state);
  });

  it('duplicates beside the original, with a new key, and selects the copy', () => {
    let state = run(editor(), { type: 'add', widget: 'chart', at: { x: 0, y: 0, w: 4, h: 4 } });
    state = run(state, { type: 'duplicate', key: 'chart' });
    expect(state.node.children.map((c) => c.key)).toEqual(['chart', 'chart_2']);
    expect(state.node.layouts.lg![1]).toEqual({ i: 'chart_2', x: 4, y: 0, w: 4, h: 4 });
    expect(state.selected).toBe('chart_2');
    expect((state.node.children[1] as ChartWidget).data).toEqual((state.node.children[0] as ChartWidget).data);
    valid(state);
  });

  it('removes a widget from the children and every layout, and deselects it', () => {
    let state = run(
      editor({ layouts: { lg: [], md: [] } }),
      { type: 'add', widget: 'chart' },
      { type: 'add', widget: 'stat' },
    );
    state = run(state, { type: 'remove', key: 'chart' });
    expect(state.node.children.map((c) => c.key)).toEqual(['stat']);
    expect(state.node.layouts.lg!.map((i) => i.i)).toEqual(['stat']);
    expect(state.node.layouts.md!.map((i) => i.i)).toEqual(['stat']);
    expect(state.selected).toBeNull();
  });

  it('takes the grid layout, clamped to the columns; an unchanged layout is no step', () => {
    let state = run(editor(), { type: 'add', widget: 'chart' });
    const steps = state.past.length;
    state = run(state, {
      type: 'layout',
      breakpoint: 'lg',
      items: [{ i: 'chart', x: 10, y: 2, w: 5, h: 3, moved: false } as never, { i: 'ghost', x: 0, y: 0, w: 1, h: 1 }],
    });
    expect(state.node.layouts.lg).toEqual([{ i: 'chart', x: 7, y: 2, w: 5, h: 3 }]);
    state = run(state, { type: 'layout', breakpoint: 'lg', items: [{ i: 'chart', x: 7, y: 2, w: 5, h: 3 }] });
    expect(state.past.length).toBe(steps + 1);
  });

  it('aligns: left, right, full width, and the height of the row', () => {
    let state = run(
      editor(),
      { type: 'add', widget: 'stat', at: { x: 2, y: 0, w: 3, h: 2 } },
      { type: 'add', widget: 'chart', at: { x: 6, y: 0, w: 4, h: 5 } },
    );
    state = run(state, { type: 'align', key: 'stat', how: 'row' });
    expect(state.node.layouts.lg![0].h).toBe(5);
    state = run(state, { type: 'align', key: 'chart', how: 'right' });
    expect(state.node.layouts.lg![1].x).toBe(8);
    state = run(state, { type: 'align', key: 'stat', how: 'left' });
    expect(state.node.layouts.lg![0].x).toBe(0);
    state = run(state, { type: 'align', key: 'stat', how: 'full' });
    expect(state.node.layouts.lg![0]).toMatchObject({ x: 0, w: 12 });
  });

  it('a chart type switch keeps the binding, the titles and the format', () => {
    let state = run(editor(), { type: 'add', widget: 'chart' });
    const before = state.node.children[0] as ChartWidget;
    state = run(state, { type: 'chartKind', key: 'chart', chart: 'line' });
    const after = state.node.children[0] as ChartWidget;
    expect(after.chart).toBe('line');
    expect(after.data).toBe(before.data);
    expect(after.title).toEqual(before.title);
  });

  it('a widget edit keeps its key and type', () => {
    let state = run(editor(), { type: 'add', widget: 'stat' });
    const widget = { ...state.node.children[0], key: 'other', type: 'chart', title: { zh: '客户数', en: 'Customers' } };
    state = run(state, { type: 'widget', key: 'stat', widget: widget as never });
    expect(state.node.children[0]).toMatchObject({ key: 'stat', type: 'stat', title: { zh: '客户数' } });
  });

  it('keys: the first free among widgets and filters', () => {
    const node = page({
      children: [{ type: 'textBlock', key: 'text', content: 'a' }],
      filters: [{ key: 'text_2', kind: 'dateRange', field: 'x' }],
    }).body[0] as unknown as DashboardNodeSchema;
    expect(uniqueWidgetKey(node, 'text')).toBe('text_3');
    expect(uniqueWidgetKey(node, 'chart')).toBe('chart');
  });

  it('dashboard settings: refresh and filters; an empty filter list leaves no key', () => {
    let state = run(editor(), {
      type: 'dashboard',
      props: { refresh: 60 },
      filters: [{ key: 'period', kind: 'dateRange', field: 'signed_at' }],
    });
    expect(state.node.props).toEqual({ refresh: 60 });
    valid(state);
    state = run(state, { type: 'dashboard', filters: [] });
    expect('filters' in state.node).toBe(false);
    const out = runDashCommand(state.node, { type: 'dashboard', props: {} });
    expect(out.ok && 'props' in out.node).toBe(false);
  });
});

describe('dashboard designer history', () => {
  it('undo and redo every kind of edit, restoring the selection; back at the saved step is clean', () => {
    let state = run(editor(), { type: 'add', widget: 'chart' });
    state = markSaved(state);
    expect(isDirty(state)).toBe(false);
    const saved = schemaOf(state);
    state = run(
      state,
      { type: 'add', widget: 'stat' },
      { type: 'duplicate', key: 'chart' },
      { type: 'chartKind', key: 'chart', chart: 'pie' },
      { type: 'remove', key: 'stat' },
    );
    expect(isDirty(state)).toBe(true);
    const edited = schemaOf(state);
    for (let n = 0; n < 4; n++) state = undo(state);
    expect(schemaOf(state)).toEqual(saved);
    expect(isDirty(state)).toBe(false);
    expect(canUndo(state)).toBe(true);
    for (let n = 0; n < 4; n++) state = redo(state);
    expect(schemaOf(state)).toEqual(edited);
    expect(canRedo(state)).toBe(false);
    state = undo(state); // the remove: stat is back, and selected again? It was not selected then.
    expect(state.node.children.some((c) => c.key === 'stat')).toBe(true);
  });

  it('typing in one field of one widget is one step until sealed', () => {
    let state = run(editor(), { type: 'add', widget: 'stat' });
    const steps = state.past.length;
    for (const title of ['客', '客户', '客户数'])
      state = run(state, {
        type: 'widget',
        key: 'stat',
        widget: { ...state.node.children[0], title: { zh: title } } as never,
        coalesce: 'title.zh',
      });
    expect(state.past.length).toBe(steps + 1);
    state = seal(state);
    state = run(state, {
      type: 'widget',
      key: 'stat',
      widget: { ...state.node.children[0], title: { zh: '客户总数' } } as never,
      coalesce: 'title.zh',
    });
    expect(state.past.length).toBe(steps + 2);
    state = undo(undo(state));
    expect(state.node.children[0].title).toEqual({ zh: '指标', en: 'Stat' });
  });

  it('a new edit after an undo past the saved step makes it dirty for good; the cap drops the oldest', () => {
    let state = markSaved(run(editor(), { type: 'add', widget: 'chart' }));
    state = undo(state);
    state = run(state, { type: 'add', widget: 'stat' });
    expect(isDirty(state)).toBe(true);
    let capped = createDashEditor(page(), 3)!;
    for (let n = 0; n < 5; n++) capped = run(capped, { type: 'add', widget: 'textBlock' });
    expect(capped.past.length).toBe(3);
  });

  it('a page without a dashboard node is not opened', () => {
    expect(createDashEditor({ type: 'page', body: [] } as unknown as PageSchema)).toBeUndefined();
  });
});

describe('bindings against the readable sources', () => {
  const node = page({
    filters: [
      { key: 'period', kind: 'dateRange', field: 'signed_at' },
      { key: 'level', kind: 'dict', field: 'level', dict: 'customer_level', tables: ['customer'] },
    ],
    children: [
      { type: 'stat', key: 'count', data: { table: 'customer' } },
      {
        type: 'chart',
        key: 'byRegion',
        chart: 'bar',
        data: { table: 'customer', groupBy: ['region'], measures: [{ fn: 'sum', key: 'credit' }] },
      },
      { type: 'chart', key: 'gone', chart: 'bar', data: { table: 'lead' } },
      { type: 'stat', key: 'orders', data: { table: 'order' }, filterFields: { period: 'paid_at' } },
      { type: 'textBlock', key: 'text', content: 'x' },
    ],
  }).body[0] as unknown as DashboardNodeSchema;

  it('a table column carries the stored field’s dictionary and display settings, so its cells read formatted', () => {
    expect(
      tableColumn('level', { key: 'level', kind: 'text', widget: 'select', dict: 'customer_level', labelled: true }),
    ).toEqual({ id: 'f_level', key: 'level', type: 'select', title: 'level', dict: 'customer_level' });
    expect(
      tableColumn('credit', {
        key: 'credit',
        title: '额度',
        kind: 'number',
        widget: 'number',
        display: { dataType: 'double', props: { precision: 2 } },
      }),
    ).toEqual({
      id: 'f_credit',
      key: 'credit',
      type: 'number',
      title: '额度',
      dataType: 'double',
      props: { precision: 2 },
    });
    // A standard column has no widget: a date reads as a date-time, a gone field as text.
    expect(tableColumn('create_at', { key: 'create_at', kind: 'date' }).type).toBe('datetime');
    expect(tableColumn('gone', undefined)).toMatchObject({ type: 'input', title: 'gone' });
  });

  it('marks a removed table and a removed field, never a widget that reads nothing', () => {
    const problems = bindingProblems(node, SOURCES);
    expect(problems.get('gone')).toEqual({ table: 'lead', fields: [] });
    expect(problems.get('byRegion')).toEqual({ fields: ['region'] });
    expect(problems.has('count')).toBe(false);
    expect(problems.has('text')).toBe(false);
    expect(problems.has('orders')).toBe(false);
  });

  it('a filter reaches the widgets whose table has its field, or that name their own', () => {
    expect(filterReach(node, node.filters![0], SOURCES)).toEqual([
      { key: 'count', field: 'signed_at' },
      { key: 'byRegion', field: 'signed_at' },
      { key: 'orders', field: 'paid_at' },
    ]);
    expect(filterReach(node, node.filters![1], SOURCES).map((r) => r.key)).toEqual(['count', 'byRegion']);
  });

  it('offers dates for a date filter and dictionary fields for a dict filter, most shared first', () => {
    expect(filterCandidates(node, 'dateRange', SOURCES).map((c) => [c.field, c.widgets])).toEqual([
      ['create_at', 2],
      ['signed_at', 2],
      ['paid_at', 1],
    ]);
    expect(filterCandidates(node, 'dict', SOURCES)).toEqual([
      { field: 'level', dict: 'customer_level', title: undefined, widgets: 2 },
    ]);
  });

  it('offers sum and avg only on numbers', () => {
    expect(measureFnsFor({ key: 'credit', kind: 'number' })).toContain('sum');
    expect(measureFnsFor({ key: 'name', kind: 'text' })).toEqual(['count', 'countDistinct', 'min', 'max']);
    expect(measureFnsFor(undefined)).toEqual(['count']);
  });
});

describe('a drop from the palette', () => {
  it('adds the widget under its key and takes the grid layout around it as one step', () => {
    let state = run(editor(), { type: 'add', widget: 'stat', at: { x: 0, y: 0, w: 3, h: 2 } });
    const steps = state.past.length;
    state = run(state, {
      type: 'batch',
      commands: [
        { type: 'add', widget: 'chart', key: 'chart', at: { x: 0, y: 0, w: 6, h: 4 } },
        {
          type: 'layout',
          breakpoint: 'lg',
          items: [
            { i: 'chart', x: 0, y: 0, w: 6, h: 4 },
            { i: 'stat', x: 0, y: 4, w: 3, h: 2 },
          ],
        },
      ],
    });
    expect(state.past.length).toBe(steps + 1);
    expect(state.selected).toBe('chart');
    expect(state.node.layouts.lg).toEqual([
      { i: 'chart', x: 0, y: 0, w: 6, h: 4 },
      { i: 'stat', x: 0, y: 4, w: 3, h: 2 },
    ]);
    // One refusal refuses the whole batch.
    const refused = execute(state, {
      type: 'batch',
      commands: [
        { type: 'add', widget: 'stat' },
        { type: 'remove', key: 'nope' },
      ],
    });
    expect(refused.refusal?.message.en).toBe('No widget nope on this dashboard');
    expect(refused.state).toBe(state);
  });
});

describe('where a clicked palette entry lands', () => {
  it('beside the last row when it fits, else a new row; each type at its own starting size', () => {
    const state = run(
      editor(),
      { type: 'add', widget: 'stat' },
      { type: 'add', widget: 'chart' },
      { type: 'add', widget: 'chart' },
      { type: 'add', widget: 'dataTable' },
    );
    expect(state.node.layouts.lg).toEqual([
      { i: 'stat', x: 0, y: 0, w: 3, h: 2 },
      { i: 'chart', x: 3, y: 0, w: 6, h: 4 },
      { i: 'chart_2', x: 0, y: 4, w: 6, h: 4 },
      { i: 'table', x: 0, y: 8, w: 12, h: 5 },
    ]);
  });
});
