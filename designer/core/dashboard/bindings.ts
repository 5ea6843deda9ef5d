/**
 * What the dashboard designer checks and offers about widgets' data, from the sources the admin
 * may read (protocol/dashboard-sources.ts): a widget bound to a table or field that is gone (removed
 * or renamed since) is marked with what is missing; which dashboard filters reach which widgets
 * (the runtime's own rule, runtime/core/dashboard/query.ts); what a query builder may do with a
 * field (a sum over text or a month over a number is never offered).
 */
import type { MeasureFn } from '../../../protocol/aggregate-query';
import { MEASURE_FNS } from '../../../protocol/aggregate-query';
import type { SourceField, SourceTable } from '../../../protocol/dashboard-sources';
import type { FieldDefinition } from '../../../protocol/page-schema';
import { groupOutputs } from '../../../runtime/core/dashboard/outputs';
import { filterFieldFor } from '../../../runtime/core/dashboard/query';
import { aliasOf, joinProblems, joinsOf } from './joins';
import type {
  DashboardFilter,
  DashboardNodeSchema,
  DashboardWidget,
  DataBinding,
} from '../../../runtime/core/dashboard/types';

/**
 * A table widget's column over a source field: the stored field's widget, dictionary and display
 * settings (precision, date format, static options), so its cells read as in the module's own list
 * through the same ValueFormat. A standard column (create_at …) has no widget: dates read as a
 * date-time, the rest as text.
 */
export function tableColumn(key: string, field: SourceField | undefined): FieldDefinition {
  return {
    id: `f_${key}`,
    key,
    type: field?.widget ?? (field?.kind === 'date' ? 'datetime' : 'input'),
    title: field?.title ?? key,
    ...(field?.dict ? { dict: field.dict } : {}),
    ...field?.display,
  } as FieldDefinition;
}

export interface BindingProblem {
  /** The table is not among the readable ones (removed, renamed, or no grant). */
  table?: string;
  /** Fields the widget names that the table no longer has. */
  fields: string[];
}

/** The table a widget reads, or undefined (text, frame). */
export function tableOf(widget: DashboardWidget): string | undefined {
  if (widget.type === 'chart' || widget.type === 'stat') return widget.data?.table;
  if (widget.type === 'dataTable') return widget.table;
  return undefined;
}

/** The names a binding's joins add (`<as>_<column>` of each shown column): not its own table's. */
const joinedNames = (data: DataBinding) =>
  new Set(joinsOf(data).flatMap((join) => (join.showFields ?? []).map((column) => `${aliasOf(join)}_${column}`)));

/** Every field name a widget reads from its own table (joined columns are checked by joinProblems). */
export function fieldsOf(widget: DashboardWidget): string[] {
  const keys: string[] = [];
  if (widget.type === 'chart' || widget.type === 'stat') {
    const data = widget.data ?? { table: '' };
    const joined = joinedNames(data);
    const own = (key: string) => !joined.has(key) && keys.push(key);
    groupOutputs(data).forEach((group) => own(group.key));
    for (const measure of data.measures ?? []) if (measure.key) own(measure.key);
    for (const condition of data.querys ?? []) keys.push(condition.key);
    if (widget.type === 'stat' && widget.props?.trend?.key) keys.push(widget.props.trend.key);
  } else if (widget.type === 'dataTable') {
    for (const field of widget.fields ?? []) if (field.key) keys.push(field.key);
    for (const sort of widget.props?.sorts ?? []) keys.push(sort.key);
  }
  if ('filterFields' in widget && widget.filterFields)
    for (const value of Object.values(widget.filterFields)) if (value) keys.push(value);
  return [...new Set(keys)];
}

/** Each widget whose table or fields are gone, by key; widgets that read nothing are never marked. */
export function bindingProblems(
  node: DashboardNodeSchema,
  sources: readonly SourceTable[],
): Map<string, BindingProblem> {
  const byName = new Map(sources.map((source) => [source.table, source]));
  const problems = new Map<string, BindingProblem>();
  for (const widget of node.children) {
    const table = tableOf(widget);
    if (table === undefined) continue;
    const source = byName.get(table);
    if (!source) {
      problems.set(widget.key, { table, fields: [] });
      continue;
    }
    const known = new Set(source.fields.map((field) => field.key));
    const missing = fieldsOf(widget).filter((key) => !known.has(key));
    if (widget.type === 'chart' || widget.type === 'stat')
      for (const name of joinProblems(widget.data ?? { table }, sources))
        if (!missing.includes(name)) missing.push(name);
    if (missing.length) problems.set(widget.key, { fields: missing });
  }
  return problems;
}

/** The widgets a dashboard filter reaches, with the field it narrows in each (only fields the table has). */
export function filterReach(
  node: DashboardNodeSchema,
  filter: DashboardFilter,
  sources: readonly SourceTable[],
): { key: string; field: string }[] {
  const byName = new Map(sources.map((source) => [source.table, source]));
  const reach: { key: string; field: string }[] = [];
  for (const widget of node.children) {
    const table = tableOf(widget);
    if (table === undefined) continue;
    const field = filterFieldFor(filter, { key: widget.key, table, filterFields: widgetFilterFields(widget) });
    if (!field) continue;
    const source = byName.get(table);
    if (!source || !source.fields.some((f) => f.key === field)) continue;
    reach.push({ key: widget.key, field });
  }
  return reach;
}

const widgetFilterFields = (widget: DashboardWidget) =>
  'filterFields' in widget ? (widget.filterFields ?? undefined) : undefined;

/**
 * The fields of a widget's table a dashboard filter may narrow there (the settings panel's choices):
 * dates for a date range, fields of the filter's own dictionary for a dict filter. None for a widget
 * outside the filter's `tables` (the runtime never applies it there, whatever the mapping says).
 */
export function filterFieldChoices(
  widget: DashboardWidget,
  filter: DashboardFilter,
  sources: readonly SourceTable[],
): SourceField[] {
  const table = tableOf(widget);
  if (table === undefined || (filter.tables?.length && !filter.tables.includes(table))) return [];
  const fields = sources.find((source) => source.table === table)?.fields ?? [];
  return fields.filter((field) => (filter.kind === 'dateRange' ? field.kind === 'date' : field.dict === filter.dict));
}

/** The field a filter narrows in this widget (the runtime's rule, only a field its table has), or null: it does not apply. */
export function filterFieldOf(
  widget: DashboardWidget,
  filter: DashboardFilter,
  sources: readonly SourceTable[],
): string | null {
  const table = tableOf(widget);
  if (table === undefined) return null;
  const field = filterFieldFor(filter, { key: widget.key, table, filterFields: widgetFilterFields(widget) });
  const known = sources.find((source) => source.table === table)?.fields.some((f) => f.key === field);
  return field && known ? field : null;
}

/**
 * The fields a new filter of this kind could narrow: dates for a date range, dictionary fields for
 * a dict filter — those the data widgets' tables share, most widely shared first.
 */
export function filterCandidates(
  node: DashboardNodeSchema,
  kind: DashboardFilter['kind'],
  sources: readonly SourceTable[],
): { field: string; dict?: string; title?: SourceField['title']; widgets: number }[] {
  const byName = new Map(sources.map((source) => [source.table, source]));
  const counts = new Map<string, { field: string; dict?: string; title?: SourceField['title']; widgets: number }>();
  for (const widget of node.children) {
    const source = byName.get(tableOf(widget) ?? '');
    if (!source) continue;
    for (const field of source.fields) {
      if (kind === 'dateRange' ? field.kind !== 'date' : !field.dict) continue;
      const entry = counts.get(field.key) ?? { field: field.key, dict: field.dict, title: field.title, widgets: 0 };
      entry.widgets++;
      counts.set(field.key, entry);
    }
  }
  return [...counts.values()].sort((a, b) => b.widgets - a.widgets || a.field.localeCompare(b.field));
}

/** The measures a field allows: all on a number, count / count distinct / min / max otherwise; rows need no field. */
export function measureFnsFor(field: SourceField | undefined): MeasureFn[] {
  if (!field) return ['count'];
  if (field.kind === 'number') return [...MEASURE_FNS];
  return ['count', 'countDistinct', 'min', 'max'];
}

/** Fields a group-by may use: labelled or plain values, and dates (which then take a bucket). */
export const groupable = (source: SourceTable | undefined) => source?.fields ?? [];
