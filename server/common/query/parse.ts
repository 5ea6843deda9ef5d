/**
 * Checks and normalises a list-query body (building-blocks §7) against a table's registry entry.
 * Every name is looked up (fields, joined tables, rules, sort orders and aggregates are closed
 * sets), every value converted to its column's type, and the query's size is held to the budget
 * in limits.ts, all before any SQL is built. Joins and groups are parsed in joins.ts / groups.ts.
 */
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '../../../protocol/constants';
import { DEFAULT_SORT, ruleFromCode, type QueryRule } from '../../../protocol/list-query';
import { badRequest } from '../../errors';
import type { ColumnInfo, TableInfo } from '../../modules/table-info';
import { parseDataLimit, type DataLimitRequest } from '../scope';
import { checkStorableText, isPlainObject, toColumnValue } from '../values';
import { parseGroups, type ParsedGroups } from './groups';
import { BASE, hasJoins, parseJoins, type ParsedJoin, type TableResolver } from './joins';
import { LIMITS } from './limits';
import { RULES } from './rules';

/** Kept for callers that import the bounds by name. */
export const MAX_CONDITIONS = LIMITS.conditions;
export const MAX_SORTS = LIMITS.sorts;
export const MAX_LIST_VALUES = LIMITS.listValues;

export interface Condition {
  column: ColumnInfo;
  /** Qualified reference, `t.<column>`. */
  ref: string;
  rule: QueryRule;
  values: unknown[];
}

/** One output column: its name in the response, its SQL reference and its type for decoding. */
export interface OutputField {
  as: string;
  ref: string;
  column: ColumnInfo;
}

export interface ParsedListQuery {
  fields: OutputField[];
  conditions: Condition[];
  relate: 'and' | 'or';
  /** ref is a qualified column or, with groups, an output alias. */
  sorts: { ref: string; order: 'asc' | 'desc'; alias?: boolean }[];
  paged: boolean;
  offset: number;
  limit: number;
  count: boolean;
  joins: ParsedJoin[];
  groups?: ParsedGroups;
  /** Tree data: rows nested under `children` by this column (query/tree.ts). */
  parentKey?: ColumnInfo;
  dataLimit?: DataLimitRequest;
}

/** Keys that are accepted and have no effect on a list (exportFields is for export). */
const IGNORED = new Set(['exportFields']);
const HANDLED = new Set([
  'showFields',
  'querys',
  'sorts',
  'relate',
  'isPage',
  'current',
  'pageSize',
  'skipCount',
  'leftJoins',
  'rightJoins',
  'innerJoins',
  'groups',
  'parentKey',
  'dataLimitType',
  'dataLimitUnRoleIds',
  'dataLimitUnDepeAdmin',
]);

export const isBlank = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

export function column(table: TableInfo, key: unknown): ColumnInfo {
  const found = typeof key === 'string' ? table.columns.get(key) : undefined;
  if (!found) throw badRequest('server.unknownField', { key: String(key).slice(0, 64) });
  return found;
}

function listOf(value: unknown): unknown[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
  if (list.length > LIMITS.listValues)
    throw badRequest('server.tooMany', { key: 'querys.value', max: LIMITS.listValues });
  return list;
}

function convert(col: ColumnInfo, value: unknown, text: boolean): unknown {
  if (!text) return toColumnValue(col, value);
  if (typeof value !== 'string' && typeof value !== 'number')
    throw badRequest('server.invalidValue', { key: col.name });
  return checkStorableText(col.name, String(value));
}

/** One querys entry → a condition, or undefined when its value is empty (an untouched search field). */
function condition(table: TableInfo, entry: unknown): Condition | undefined {
  if (!isPlainObject(entry)) throw badRequest('server.invalidValue', { key: 'querys' });
  const col = column(table, entry.key);
  const rule = ruleFromCode(entry.rule ?? 'EQUAL');
  if (!rule) throw badRequest('server.unknownRule', { rule: String(entry.rule).slice(0, 32) });
  const spec = RULES[rule];
  if (spec.textOnly && col.type !== 'string' && col.type !== 'text') {
    throw badRequest('server.unknownRule', { rule: `${rule} (${col.name})` });
  }
  const text = spec.textOnly === true;
  const ref = `${BASE}.${col.name}`;
  if (spec.arity === 'none') return { column: col, ref, rule, values: [] };
  if (isBlank(entry.value)) return undefined;
  if (spec.arity === 'one') return { column: col, ref, rule, values: [convert(col, entry.value, text)] };
  if (spec.arity === 'list')
    return { column: col, ref, rule, values: listOf(entry.value).map((v) => convert(col, v, text)) };
  const pair = listOf(entry.value);
  if (pair.length !== 2) throw badRequest('server.invalidValue', { key: col.name });
  const [from, to] = pair.map((v) => (isBlank(v) ? null : convert(col, v, false)));
  return from === null && to === null ? undefined : { column: col, ref, rule, values: [from, to] };
}

/** pageSize / current: a whole number in 1..max, else a P4000 naming the key and the bound. */
function pageNumber(value: unknown, key: string, fallback: number, max: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const number = typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 1 || number > max)
    throw badRequest('listQuery.range', { key, max });
  return number;
}

/**
 * The output field of each column, made once per table (the registry builds a new TableInfo when a
 * module save changes it) instead of per request: fields are only read after parsing.
 */
const outputFields = new WeakMap<TableInfo, Map<string, OutputField>>();

function outputField(table: TableInfo, name: string): OutputField {
  let byName = outputFields.get(table);
  if (!byName) outputFields.set(table, (byName = new Map()));
  let field = byName.get(name);
  if (!field) byName.set(name, (field = { as: name, ref: `${BASE}.${name}`, column: table.columns.get(name)! }));
  return field;
}

function showFieldsOf(table: TableInfo, raw: unknown): OutputField[] {
  const keys = isBlank(raw) ? [...table.columns.keys()] : raw;
  if (!Array.isArray(keys)) throw badRequest('server.invalidValue', { key: 'showFields' });
  if (keys.length > LIMITS.showFields)
    throw badRequest('server.tooMany', { key: 'showFields', max: LIMITS.showFields });
  const names = [...new Set(keys.map((key) => column(table, key).name))];
  return names.map((name) => outputField(table, name));
}

function sortsOf(raw: unknown, resolve: (key: unknown) => { ref: string; alias?: boolean }) {
  const list = isBlank(raw) ? [DEFAULT_SORT] : raw;
  if (!Array.isArray(list)) throw badRequest('server.invalidValue', { key: 'sorts' });
  if (list.length > LIMITS.sorts) throw badRequest('server.tooMany', { key: 'sorts', max: LIMITS.sorts });
  return list.map((entry: unknown) => {
    if (!isPlainObject(entry)) throw badRequest('server.invalidValue', { key: 'sorts' });
    const order = String(entry.order ?? 'asc').toLowerCase();
    if (order !== 'asc' && order !== 'desc') throw badRequest('server.invalidValue', { key: 'sorts.order' });
    return { ...resolve(entry.key), order: order as 'asc' | 'desc' };
  });
}

export async function parseListQuery(
  body: unknown,
  table: TableInfo,
  resolveTable: TableResolver,
): Promise<ParsedListQuery> {
  const query = body === undefined || body === null ? {} : body;
  if (!isPlainObject(query)) throw badRequest('server.bodyNotObject');
  for (const key of Object.keys(query)) {
    if (!HANDLED.has(key) && !IGNORED.has(key)) throw badRequest('server.unknownField', { key: key.slice(0, 64) });
  }

  const querys = query.querys ?? [];
  if (!Array.isArray(querys)) throw badRequest('server.invalidValue', { key: 'querys' });
  // Counted before any entry is looked at: a 10k-entry body costs one length check.
  if (querys.length > LIMITS.conditions) throw badRequest('server.tooMany', { key: 'querys', max: LIMITS.conditions });
  const conditions = querys.map((entry) => condition(table, entry)).filter((c): c is Condition => c !== undefined);

  const relate = query.relate ?? 'AND';
  if (relate !== 'AND' && relate !== 'OR') throw badRequest('server.invalidValue', { key: 'relate' });

  const paged = query.isPage === true || query.isPage === 1 || query.isPage === 'true';
  const limit = paged ? pageNumber(query.pageSize, 'pageSize', DEFAULT_PAGE_SIZE, LIMITS.pageSize) : LIMITS.pageSize;
  const current = paged ? pageNumber(query.current, 'current', DEFAULT_PAGE, Math.floor(LIMITS.offset / limit) + 1) : 1;

  const joins = hasJoins(query) ? await parseJoins(query, table, resolveTable) : [];
  const groups = parseGroups(query.groups, table);
  if (groups && joins.length) throw badRequest('listQuery.groupsWithJoins');

  let fields: OutputField[];
  let sorts: ParsedListQuery['sorts'];
  if (groups) {
    fields = groups.fields;
    sorts = isBlank(query.sorts)
      ? groups.keys.map((key) => ({ ref: key.as, order: 'asc' as const, alias: true }))
      : sortsOf(query.sorts, (key) => {
          const found = groups.fields.find((f) => f.as === key);
          if (!found) throw badRequest('server.unknownField', { key: String(key).slice(0, 64) });
          return { ref: found.as, alias: true };
        });
  } else {
    fields = showFieldsOf(table, query.showFields);
    const names = new Set(fields.map((f) => f.as));
    for (const join of joins) {
      for (const field of join.fields) {
        if (names.has(field.as)) throw badRequest('listQuery.duplicateOutput', { key: field.as });
        names.add(field.as);
        fields.push(field);
      }
    }
    sorts = sortsOf(query.sorts, (key) => {
      const joined = joins.flatMap((j) => j.fields).find((f) => f.as === key);
      return joined ? { ref: joined.ref } : { ref: `${BASE}.${column(table, key).name}` };
    });
  }

  let parentKey: ColumnInfo | undefined;
  if (!isBlank(query.parentKey)) {
    if (groups) throw badRequest('listQuery.treeWithGroups');
    parentKey = column(table, query.parentKey);
    // The tree is built from id and the parent column: both go out with every row.
    for (const name of ['id', parentKey.name]) {
      if (!fields.some((f) => f.as === name))
        fields.push({ as: name, ref: `${BASE}.${name}`, column: table.columns.get(name)! });
    }
  }

  return {
    fields,
    conditions,
    relate: relate === 'OR' ? 'or' : 'and',
    sorts,
    paged,
    offset: (current - 1) * limit,
    limit,
    count: !(query.skipCount === true || query.skipCount === 1 || query.skipCount === 'true'),
    joins,
    groups,
    parentKey,
    dataLimit: parseDataLimit(query),
  };
}
