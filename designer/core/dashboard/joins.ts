/**
 * Joins in the dashboard query builder (docs/dashboards.md "The designer"): a widget's binding may
 * join a related table through a reference field of its own table (a field whose options are that
 * table's rows, `SourceField.ref`) — the list contract's `leftJoins` (docs/list-query.md), so what
 * is built is what the server runs and guards. The joined table's picked columns (`showFields`)
 * become fields named `<as>_<column>` that groups and measures can use; conditions stay on the
 * widget's own table (the list contract's rule). Only tables among the sources are offered.
 */
import type { SourceField, SourceTable } from '../../../protocol/dashboard-sources';
import type { JoinSpec } from '../../../protocol/list-query';
import { textOf, type Text } from '../../../protocol/page-schema';
import { groupOutputs } from '../../../runtime/core/dashboard/outputs';
import type { DataBinding } from '../../../runtime/core/dashboard/types';

/** The list contract allows at most 3 joins in all. */
export const MAX_JOINS = 3;

const JOIN_LISTS = ['leftJoins', 'innerJoins', 'rightJoins'] as const;

/** Every join of a binding, whichever list holds it (a binding written as JSON may use any). */
export function joinsOf(binding: DataBinding): JoinSpec[] {
  return JOIN_LISTS.flatMap((list) => binding[list] ?? []);
}

export const aliasOf = (join: JoinSpec) => join.as ?? join.join;

const onOf = (join: JoinSpec): [string, string] =>
  Array.isArray(join.on) ? join.on : (join.on.split('=').map((part) => part.trim()) as [string, string]);

/** The reference fields of the bound table a new join may go through (not one already joined). */
export function joinCandidates(binding: DataBinding, sources: readonly SourceTable[]): SourceField[] {
  const source = sources.find((s) => s.table === binding.table);
  const tables = new Set(sources.map((s) => s.table));
  const used = new Set(joinsOf(binding).map((join) => onOf(join)[0]));
  return (source?.fields ?? []).filter((f) => f.ref && tables.has(f.ref.table) && !used.has(f.key));
}

/**
 * The binding with a left join through `fieldKey` (every row of the widget's table counts, a
 * missing reference groups as empty), named after the field, showing the related table's first
 * labelled or text column. Undefined when the field is no reference or the joins are full.
 */
export function addJoin(
  binding: DataBinding,
  fieldKey: string,
  sources: readonly SourceTable[],
): DataBinding | undefined {
  const field = joinCandidates(binding, sources).find((f) => f.key === fieldKey);
  if (!field?.ref || joinsOf(binding).length >= MAX_JOINS) return undefined;
  const target = sources.find((s) => s.table === field.ref!.table)!;
  const shown =
    target.fields.find((f) => f.labelled) ??
    target.fields.find((f) => f.kind === 'text' && f.key !== 'id' && f.widget) ??
    target.fields[0];
  const join: JoinSpec = {
    join: target.table,
    as: field.key,
    on: [field.key, field.ref.key],
    showFields: shown ? [shown.key] : [],
  };
  return { ...binding, leftJoins: [...(binding.leftJoins ?? []), join] };
}

/** The columns a join shows; groups and measures over a column no longer shown are dropped. */
export function setJoinFields(binding: DataBinding, alias: string, showFields: string[]): DataBinding {
  const next = mapJoins(binding, (join) => (aliasOf(join) === alias ? { ...join, showFields } : join));
  const kept = new Set(showFields.map((column) => `${alias}_${column}`));
  return withoutOutputs(next, (key) => key.startsWith(`${alias}_`) && !kept.has(key));
}

/** The binding without that join, nor the groups, measures and sorts over its columns. */
export function removeJoin(binding: DataBinding, alias: string): DataBinding {
  const next = mapJoins(binding, (join) => (aliasOf(join) === alias ? undefined : join));
  return withoutOutputs(next, (key) => key.startsWith(`${alias}_`));
}

function mapJoins(binding: DataBinding, map: (join: JoinSpec) => JoinSpec | undefined): DataBinding {
  const next: DataBinding = { ...binding };
  for (const list of JOIN_LISTS) {
    if (!binding[list]) continue;
    const joins = binding[list]!.map(map).filter((join): join is JoinSpec => !!join);
    if (joins.length) next[list] = joins;
    else delete next[list];
  }
  return next;
}

function withoutOutputs(binding: DataBinding, gone: (key: string) => boolean): DataBinding {
  const next: DataBinding = { ...binding };
  if (binding.groupBy) {
    const groupBy = binding.groupBy.filter((g) => !gone(typeof g === 'string' ? g : g.key));
    if (groupBy.length) next.groupBy = groupBy;
    else delete next.groupBy;
  }
  if (binding.measures) {
    const measures = binding.measures.filter((m) => !m.key || !gone(m.key));
    next.measures = measures.length ? measures : [{ fn: 'count' }];
  }
  if (binding.sort) {
    const names = new Set(groupOutputs(next).map((g) => g.name));
    const sort = binding.sort.filter((s) => !gone(s.key) || names.has(s.key));
    if (sort.length) next.sort = sort;
    else delete next.sort;
  }
  return next;
}

/** A joined column as a field of the query builder: `<as>_<column>`, titled "<table> · <column>". */
export interface JoinedField extends SourceField {
  alias: string;
  column: string;
}

/**
 * The fields the joins add, as groups and measures name them (`<as>_<column>`), with their
 * related table's kind and labels; a join to a table or column no longer offered adds nothing.
 */
export function joinedFields(binding: DataBinding, sources: readonly SourceTable[]): JoinedField[] {
  const out: JoinedField[] = [];
  for (const join of joinsOf(binding)) {
    const target = sources.find((s) => s.table === join.join);
    for (const column of join.showFields ?? []) {
      const field = target?.fields.find((f) => f.key === column);
      if (!field || !target) continue;
      const { ref: _ref, ...plain } = field;
      const key = `${aliasOf(join)}_${column}`;
      out.push({ ...plain, key, alias: aliasOf(join), column, title: joinedTitle(target, field) });
    }
  }
  return out;
}

function joinedTitle(target: SourceTable, field: SourceField): Text {
  const part = (lang: 'zh' | 'en') =>
    `${textOf(target.title, lang) || target.table} · ${textOf(field.title, lang) || field.key}`;
  return { zh: part('zh'), en: part('en') };
}

/**
 * What a binding's joins name that the sources do not have: a related table that is gone (or not
 * readable), a shown column it no longer has (`customer.region`), or a join field of its own table.
 */
export function joinProblems(binding: DataBinding, sources: readonly SourceTable[]): string[] {
  const own = sources.find((s) => s.table === binding.table);
  const missing: string[] = [];
  for (const join of joinsOf(binding)) {
    const target = sources.find((s) => s.table === join.join);
    const [left, right] = onOf(join);
    if (own && !own.fields.some((f) => f.key === left)) missing.push(left);
    if (!target) {
      missing.push(join.join);
      continue;
    }
    if (!target.fields.some((f) => f.key === right)) missing.push(`${join.join}.${right}`);
    for (const column of join.showFields ?? [])
      if (!target.fields.some((f) => f.key === column)) missing.push(`${join.join}.${column}`);
  }
  return missing;
}
