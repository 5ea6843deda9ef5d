/**
 * What a widget asks the server: its binding plus the dashboard's filters that reach it. A filter
 * reaches a widget that reads one of its `tables` (default: every data widget), on the widget's
 * own field for it when `filterFields` names one (null: the widget opts out). A click on a chart
 * (the cross filter) narrows the other widgets reading the same table.
 */
import type { AggregateQuery } from '../../../protocol/aggregate-query';
import type { QueryCondition } from '../../../protocol/list-query';
import type { DashboardFilter, DataBinding } from './types';

/** A date range: [from, to] as ms timestamps, both inclusive; a dictionary filter: one or more values. */
export type FilterValue = [number, number] | string | string[] | undefined;
export type FilterValues = Record<string, FilterValue>;

/** Set by a click on a bar, slice or point: `field` = `value` in the widgets reading `table`. */
export interface CrossFilter {
  source: string;
  table: string;
  field: string;
  value: string | number;
  /** What the chip says (the clicked label). */
  label: string;
}

export interface WidgetTarget {
  key: string;
  table: string;
  filterFields?: Record<string, string | null>;
}

/** The field a filter narrows in this widget, or undefined when it does not reach it. */
export function filterFieldFor(filter: DashboardFilter, widget: WidgetTarget): string | undefined {
  const own = widget.filterFields?.[filter.key];
  if (own === null) return undefined;
  if (filter.tables && filter.tables.length && !filter.tables.includes(widget.table)) return undefined;
  return own ?? filter.field;
}

function isEmpty(value: FilterValue): boolean {
  return value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/** The conditions the dashboard adds to one widget's query (filters, then the cross filter). */
export function filterConditions(
  widget: WidgetTarget,
  filters: readonly DashboardFilter[],
  values: FilterValues,
  cross?: CrossFilter,
): QueryCondition[] {
  const out: QueryCondition[] = [];
  for (const filter of filters) {
    const value = values[filter.key];
    const field = filterFieldFor(filter, widget);
    if (!field || isEmpty(value)) continue;
    if (filter.kind === 'dateRange' && Array.isArray(value) && typeof value[0] === 'number')
      out.push({ key: field, value: [value[0], value[1]], rule: 'BETWEEN' });
    else if (filter.kind === 'dict')
      out.push(Array.isArray(value) ? { key: field, value, rule: 'IN' } : { key: field, value, rule: 'EQUAL' });
  }
  if (cross && cross.source !== widget.key && cross.table === widget.table)
    out.push({ key: cross.field, value: cross.value, rule: 'EQUAL' });
  return out;
}

/**
 * The aggregate body of a widget: its binding without `table`, its own conditions first, the
 * dashboard's after. A binding that ORs its conditions is not narrowed (the filters would be ORed
 * with them and widen it instead): docs/dashboards.md.
 */
export function aggregateBody(
  binding: DataBinding,
  extra: readonly QueryCondition[],
  timeZone?: string,
): AggregateQuery {
  const { table: _table, ...query } = binding;
  const narrowed =
    binding.relate === 'OR' || !extra.length ? query : { ...query, querys: [...(query.querys ?? []), ...extra] };
  return timeZone && !narrowed.timeZone ? { ...narrowed, timeZone } : narrowed;
}

/** The same length of time just before [from, to]: what a stat card compares with. */
export function previousPeriod(range: [number, number]): [number, number] {
  const length = range[1] - range[0];
  return [range[0] - length - 1, range[0] - 1];
}

/** Replaces the BETWEEN on `field` with another range (the previous period of a stat card). */
export function withRange(
  conditions: readonly QueryCondition[],
  field: string,
  range: [number, number],
): QueryCondition[] {
  return conditions.map((c) => (c.key === field && c.rule === 'BETWEEN' ? { ...c, value: range } : c));
}

const DAY = 86_400_000;
/** The last `days` days ending at the end of today (local time), as an inclusive range. */
export function lastDays(days: number, now = new Date()): [number, number] {
  const end = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime() - 1;
  return [end + 1 - days * DAY, end];
}
