/**
 * What a click on a chart's bar, slice or point does (docs/dashboards.md "Click to filter"): the
 * clicked datum is the first group's value, so a click can narrow the dashboard by it or open the
 * bound table's list with it as the list's search (the `q` address parameter the list page reads,
 * runtime/nodes/list/address.ts). A date bucket (2026-01) or the 其他 row is no stored value: no action.
 */
import { groupOutputs } from './outputs';
import type { ChartClick, ChartWidget } from './types';

/** The chart's click action as configured (the older `clickFilter: false` reads as "none"). */
export function clickActionOf(node: Pick<ChartWidget, 'props'>): ChartClick {
  const props = node.props ?? {};
  if (props.onClick) return props.onClick;
  return props.clickFilter === false ? 'none' : 'filter';
}

/** The field a click narrows by: the first group's, unless it is a date bucket (or there is none). */
export function clickFieldOf(node: Pick<ChartWidget, 'data'>): string | undefined {
  const first = groupOutputs(node.data)[0];
  return first && !first.bucket ? first.key : undefined;
}

/** What a click on a datum of this raw group value does, with what it needs. */
export type ClickEffect = { kind: 'none' } | { kind: 'filter'; field: string } | { kind: 'list'; route: string };

export function clickEffect(node: Pick<ChartWidget, 'props' | 'data'>, raw: unknown): ClickEffect {
  const action = clickActionOf(node);
  const field = clickFieldOf(node);
  if (action === 'none' || !field || raw === null || raw === undefined) return { kind: 'none' };
  if (action === 'filter') return { kind: 'filter', field };
  const module = node.props?.listModule;
  if (!module) return { kind: 'none' };
  return { kind: 'list', route: listRoute(module, field, raw) };
}

/** `common/{module}?q={"field":value}`: the module's list page, searching the field for the value. */
export function listRoute(module: string, field: string, value: unknown): string {
  const address = new URLSearchParams({ q: JSON.stringify({ [field]: value }) });
  return `common/${encodeURIComponent(module)}?${address.toString()}`;
}
