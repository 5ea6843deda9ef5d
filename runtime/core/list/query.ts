/**
 * Builds the list-query body (building-blocks §7) from a list's fields and its search values.
 * The search form holds STORED values (timestamps, comma strings), so this only reshapes them for
 * the rule: BETWEEN and IN take arrays, INCLUDE_* keep the comma list, blanks send no condition.
 */
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '../../../protocol/constants';
import {
  DEFAULT_SORT,
  type ListQuery,
  type QueryCondition,
  type QueryRule,
  type SortSpec,
} from '../../../protocol/list-query';
import type { FieldDefinition } from '../../../protocol/page-schema';
import { searchRuleOf } from '../compiler/search-rule';
import { getWidget } from '../registry';

export { searchRuleOf };

type Values = Record<string, unknown>;

export const isSearchField = (field: FieldDefinition) => !!field.search;

const isBlank = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : String(v).split(','));
/** Numeric strings become numbers: range ends are stored timestamps or numbers. */
const numeric = (v: unknown) => (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : v);

const shapers: Partial<Record<QueryRule, (value: unknown) => unknown>> = {
  BETWEEN: (v) => {
    const [low, high] = asList(v).map((x) => (isBlank(x) ? null : numeric(typeof x === 'string' ? x.trim() : x)));
    return low === null && high === null ? undefined : [low ?? null, high ?? null];
  },
  IN: (v) =>
    asList(v)
      .map((x) => (typeof x === 'string' ? x.trim() : x))
      .filter((x) => !isBlank(x)),
  INCLUDE_OR: (v) => (Array.isArray(v) ? v.join(',') : v),
  INCLUDE_AND: (v) => (Array.isArray(v) ? v.join(',') : v),
};

export function buildConditions(fields: readonly FieldDefinition[], values: Values): QueryCondition[] {
  const out: QueryCondition[] = [];
  for (const field of fields) {
    if (!isSearchField(field)) continue;
    const raw = values[field.key];
    if (isBlank(raw)) continue;
    const rule = searchRuleOf(field);
    if (rule === 'IS_NULL' || rule === 'IS_NOT_NULL') {
      // A checked toggle asks for the condition; it carries no value.
      if (raw === true || raw === 1 || raw === '1') out.push({ key: field.key, rule });
      continue;
    }
    const shaped = (shapers[rule] ?? ((v: unknown) => (typeof v === 'string' ? v.trim() : v)))(raw);
    if (isBlank(shaped)) continue;
    out.push({ key: field.key, value: shaped, rule });
  }
  return out;
}

export interface BuildQueryOptions {
  idKey?: string;
  /** false: one request for every row (no isPage/current/pageSize). */
  paginate?: boolean;
  current?: number;
  pageSize?: number;
  sorts?: SortSpec[];
  /** Server-side scoping and joins the schema declares (dataLimitType, leftJoins, ...). */
  extra?: Partial<ListQuery>;
  /** Columns a view needs beyond the fields (the gantt's parent key, ...). */
  alsoShow?: readonly string[];
}

/** Fields that are real columns: no display-only widgets, no not_sql_field. */
export function columnKeys(fields: readonly FieldDefinition[]): string[] {
  return fields.filter((f) => !f.not_sql_field && !getWidget(f.type)?.noValue).map((f) => f.key);
}

export function buildListQuery(
  fields: readonly FieldDefinition[],
  values: Values,
  options: BuildQueryOptions = {},
): ListQuery {
  const idKey = options.idKey ?? 'id';
  const query: ListQuery = {
    ...options.extra,
    showFields: [...new Set([idKey, ...columnKeys(fields), ...(options.alsoShow ?? [])])],
    querys: [...(options.extra?.querys ?? []), ...buildConditions(fields, values)],
    sorts: options.sorts?.length ? options.sorts : [DEFAULT_SORT],
    relate: options.extra?.relate ?? 'AND',
  };
  if (options.paginate !== false) {
    query.isPage = true;
    query.current = options.current ?? DEFAULT_PAGE;
    query.pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  }
  return query;
}
