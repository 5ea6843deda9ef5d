/**
 * Joins in the dashboard query builder (docs/dashboards.md "The designer"): a widget's binding may
 * join a related table through a reference field of its own table (a field whose options are that
 * table's rows, `SourceField.ref`) — the list contract's `leftJoins` (docs/list-query.md), so what
 * is built is what the server runs and guards. The joined table's picked columns (`showFields`)
 * become fields named `<as>_<column>` that groups and measures can use; conditions stay on the
 * widget's own table (the list contract's rule). Only tables among the sources are offered.
 *
 * A join may also come back from another table: one whose reference field points at the widget's
 * table (orders per customer). It is the same left join with `on` the other way round —
 * `[<own key column>, <their reference field>]` — so the server guards it as any join (registry,
 * bound values, the joined table's data scope). Such a join repeats each own row once per matching
 * row, which is why it starts by counting the joined rows (their `id`), not the widget's.
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

/** A table whose reference field points at the bound table: a join back from it. */
export interface ReverseJoinCandidate {
  table: string;
  field: SourceField;
}

/** How the add-join select names a join back: `<table>.<their field>` (a table name has no dot). */
export const reverseJoinValue = (candidate: ReverseJoinCandidate) => `${candidate.table}.${candidate.field.key}`;

/**
 * The reference fields of other readable tables (the sources; the widget's own table too: a parent
 * field) that point at a column of the bound table, not one already joined back through.
 */
export function reverseJoinCandidates(binding: DataBinding, sources: readonly SourceTable[]): ReverseJoinCandidate[] {
  const own = sources.find((s) => s.table === binding.table);
  if (!own) return [];
  const used = new Set(joinsOf(binding).map((join) => `${join.join}.${onOf(join)[1]}`));
  const out: ReverseJoinCandidate[] = [];
  for (const source of sources)
    for (const field of source.fields)
      if (
        field.ref?.table === binding.table &&
        own.fields.some((f) => f.key === field.ref!.key) &&
        !used.has(`${source.table}.${field.key}`)
      )
        out.push({ table: source.table, field });
  return out;
}

/** Whether a join comes back from its table (its `on` right side is a reference to the bound table). */
export function isReverseJoin(binding: DataBinding, join: JoinSpec, sources: readonly SourceTable[]): boolean {
  const [left, right] = onOf(join);
  const ref = sources.find((s) => s.table === join.join)?.fields.find((f) => f.key === right)?.ref;
  return ref?.table === binding.table && ref.key === left;
}

/** `<table>_<field>`, made to fit the list contract's `as` (`^[A-Za-z][A-Za-z0-9_]{0,40}$`) and unique. */
function reverseAlias(binding: DataBinding, table: string, field: string): string {
  const taken = new Set(joinsOf(binding).map(aliasOf));
  const stem = `${table}_${field}`.slice(0, 38);
  if (!taken.has(stem)) return stem;
  for (let n = 2; ; n++) if (!taken.has(`${stem}${n}`)) return `${stem}${n}`;
}

/**
 * The binding with a left join back from `table` through its reference field `fieldKey` (`value` of
 * reverseJoinValue): every own row stays (one without matches groups its measures as empty), the
 * joined table's `id` is shown, and a binding that only counted rows now counts the joined rows
 * (COUNT of their id: an own row without matches counts 0, not 1). Undefined when not offered.
 */
export function addReverseJoin(
  binding: DataBinding,
  value: string,
  sources: readonly SourceTable[],
): DataBinding | undefined {
  const candidate = reverseJoinCandidates(binding, sources).find((c) => reverseJoinValue(c) === value);
  if (!candidate?.field.ref || joinsOf(binding).length >= MAX_JOINS) return undefined;
  const target = sources.find((s) => s.table === candidate.table)!;
  const as = reverseAlias(binding, candidate.table, candidate.field.key);
  const shown = target.fields.some((f) => f.key === 'id') ? ['id'] : target.fields.slice(0, 1).map((f) => f.key);
  const join: JoinSpec = {
    join: candidate.table,
    as,
    on: [candidate.field.ref.key, candidate.field.key],
    showFields: shown,
  };
  const next: DataBinding = { ...binding, leftJoins: [...(binding.leftJoins ?? []), join] };
  const onlyRows = (binding.measures ?? [{ fn: 'count' }]).every((m) => m.fn === 'count' && !m.key);
  if (onlyRows && shown[0] === 'id') next.measures = [{ fn: 'count', key: `${as}_id`, ...asOf(binding) }];
  return next;
}

/** A single row count's own output name, kept when it becomes a count of the joined rows. */
const asOf = (binding: DataBinding) => {
  const as = binding.measures?.length === 1 ? binding.measures[0]!.as : undefined;
  return as ? { as } : {};
};

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
