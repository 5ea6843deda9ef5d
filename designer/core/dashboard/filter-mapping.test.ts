/**
 * A widget's dashboard-filter mapping (`filterFields`) as the settings panel edits it: which of its
 * own fields a filter narrows, or that it does not apply; undoable; the filter card's reach follows.
 */
import { describe, expect, it } from 'vitest';
import '../../../runtime/definitions';
import '../../../protocol/messages/late';
import type { SourceTable } from '../../../protocol/dashboard-sources';
import type { PageSchema } from '../../../protocol/page-schema';
import type { DashboardNodeSchema } from '../../../runtime/core/dashboard/types';
import { validatePageIssues } from '../../../runtime/core/schema/ajv-issues';
import { filterFieldChoices, filterFieldOf, filterReach } from './bindings';
import { createDashEditor, execute, schemaOf, undo, redo } from './editor';
import { run } from './test-run';

const SOURCES: SourceTable[] = [
  {
    table: 'customer',
    fields: [
      { key: 'name', kind: 'text' },
      { key: 'level', kind: 'text', dict: 'customer_level', labelled: true },
      { key: 'old_level', kind: 'text', dict: 'customer_level', labelled: true },
      { key: 'region', kind: 'text', dict: 'region', labelled: true },
      { key: 'signed_at', kind: 'date' },
      { key: 'create_at', kind: 'date' },
    ],
  },
  { table: 'order', fields: [{ key: 'paid_at', kind: 'date' }] },
];

const node = {
  type: 'dashboard',
  key: 'main',
  filters: [
    { key: 'period', kind: 'dateRange', field: 'signed_at' },
    { key: 'level', kind: 'dict', field: 'level', dict: 'customer_level', tables: ['customer'] },
  ],
  layouts: { lg: [] },
  children: [
    { type: 'stat', key: 'count', data: { table: 'customer' } },
    { type: 'stat', key: 'orders', data: { table: 'order' } },
    { type: 'textBlock', key: 'text', content: 'x' },
  ],
} as unknown as DashboardNodeSchema;

const page = { schemaVersion: 2, type: 'page', title: '看板', body: [node] } as unknown as PageSchema;
const filter = (key: string) => node.filters!.find((f) => f.key === key)!;
const widget = (state: { node: DashboardNodeSchema }, key: string) => state.node.children.find((c) => c.key === key)!;
const reachKeys = (state: { node: DashboardNodeSchema }, key: string) =>
  filterReach(state.node, filter(key), SOURCES).map((r) => `${r.key}:${r.field}`);

describe('the filter mapping of a widget', () => {
  it('offers the fields of the filter’s kind: dates for a range, the same dictionary for a dict filter', () => {
    const count = node.children[0]!;
    expect(filterFieldChoices(count, filter('period'), SOURCES).map((f) => f.key)).toEqual(['signed_at', 'create_at']);
    expect(filterFieldChoices(count, filter('level'), SOURCES).map((f) => f.key)).toEqual(['level', 'old_level']);
    // The level filter is for customer widgets only; a text block reads nothing.
    expect(filterFieldChoices(node.children[1]!, filter('level'), SOURCES)).toEqual([]);
    expect(filterFieldChoices(node.children[2]!, filter('period'), SOURCES)).toEqual([]);
    // order has no signed_at: the period filter does not apply there until it is mapped.
    expect(filterFieldOf(node.children[1]!, filter('period'), SOURCES)).toBeNull();
    expect(filterFieldOf(count, filter('period'), SOURCES)).toBe('signed_at');
  });

  it('maps a filter to another field or opts out, one undoable step each; the reach follows', () => {
    let state = createDashEditor(page)!;
    expect(reachKeys(state, 'period')).toEqual(['count:signed_at']);
    state = run(state, { type: 'filterField', key: 'orders', filter: 'period', field: 'paid_at' });
    expect(widget(state, 'orders')).toMatchObject({ filterFields: { period: 'paid_at' } });
    expect(reachKeys(state, 'period')).toEqual(['count:signed_at', 'orders:paid_at']);
    state = run(state, { type: 'filterField', key: 'count', filter: 'period', field: null });
    expect(widget(state, 'count')).toMatchObject({ filterFields: { period: null } });
    expect(reachKeys(state, 'period')).toEqual(['orders:paid_at']);
    expect(validatePageIssues(schemaOf(state))).toEqual([]);
    // Back to the filter's own field: the entry goes, and with the last one the key.
    state = run(state, { type: 'filterField', key: 'count', filter: 'period', field: undefined });
    expect('filterFields' in widget(state, 'count')).toBe(false);
    state = undo(undo(undo(state)));
    expect(schemaOf(state)).toEqual(page);
    state = redo(state);
    expect(reachKeys(state, 'period')).toEqual(['count:signed_at', 'orders:paid_at']);
  });

  it('refuses a widget that reads nothing and a filter the dashboard does not have', () => {
    const state = createDashEditor(page)!;
    expect(execute(state, { type: 'filterField', key: 'text', filter: 'period', field: 'x' }).refusal?.message.zh).toBe(
      '找不到组件：text',
    );
    expect(execute(state, { type: 'filterField', key: 'count', filter: 'nope', field: null }).refusal?.message.en).toBe(
      'No filter nope on this dashboard',
    );
  });
});
