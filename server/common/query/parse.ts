/**
 * Checks and normalises a list-query body (building-blocks §7) against a table's registry entry.
 * Every name is looked up (fields, rules, sort orders are closed sets), every value converted to
 * its column's type, and the size of the query is bounded, before any SQL is built.
 */
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../../protocol/constants';
import { DEFAULT_SORT, ruleFromCode, type QueryRule } from '../../../protocol/list-query';
import { badRequest } from '../../errors';
import type { ColumnInfo, TableInfo } from '../../modules/table-info';
import { isPlainObject, toColumnValue } from '../values';
import { RULES } from './rules';

export const MAX_CONDITIONS = 50;
export const MAX_SORTS = 5;
export const MAX_LIST_VALUES = 1000;

export interface Condition {
  column: ColumnInfo;
  rule: QueryRule;
  values: unknown[];
}

export interface ParsedListQuery {
  showFields: string[];
  conditions: Condition[];
  relate: 'and' | 'or';
  sorts: { column: string; order: 'asc' | 'desc' }[];
  offset: number;
  limit: number;
  count: boolean;
}

/** Keys the client sends that this server does not act on yet; accepted only when empty. */
const NOT_YET = [
  'leftJoins',
  'rightJoins',
  'innerJoins',
  'groups',
  'dataLimitType',
  'dataLimitUnRoleIds',
  'dataLimitUnDepeAdmin',
  'parentKey',
];
/** Keys that are accepted and have no effect on a list (exportFields is for export). */
const IGNORED = ['exportFields'];
const HANDLED = ['showFields', 'querys', 'sorts', 'relate', 'isPage', 'current', 'pageSize', 'skipCount'];

const isBlank = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

function column(table: TableInfo, key: unknown): ColumnInfo {
  const found = typeof key === 'string' ? table.columns.get(key) : undefined;
  if (!found) throw badRequest('server.unknownField', { key: String(key) });
  return found;
}

function listOf(value: unknown): unknown[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
  if (list.length > MAX_LIST_VALUES) throw badRequest('server.tooMany', { key: 'querys.value', max: MAX_LIST_VALUES });
  return list;
}

function convert(col: ColumnInfo, value: unknown, text: boolean): unknown {
  if (!text) return toColumnValue(col, value);
  if (typeof value !== 'string' && typeof value !== 'number')
    throw badRequest('server.invalidValue', { key: col.name });
  return String(value);
}

/** One querys entry → a condition, or undefined when its value is empty (an untouched search field). */
function condition(table: TableInfo, entry: unknown): Condition | undefined {
  if (!isPlainObject(entry)) throw badRequest('server.invalidValue', { key: 'querys' });
  const col = column(table, entry.key);
  const rule = ruleFromCode(entry.rule ?? 'EQUAL');
  if (!rule) throw badRequest('server.unknownRule', { rule: String(entry.rule) });
  const spec = RULES[rule];
  if (spec.textOnly && col.type !== 'string' && col.type !== 'text') {
    throw badRequest('server.unknownRule', { rule: `${rule} (${col.name})` });
  }
  const text = spec.textOnly === true;
  if (spec.arity === 'none') return { column: col, rule, values: [] };
  if (isBlank(entry.value)) return undefined;
  if (spec.arity === 'one') return { column: col, rule, values: [convert(col, entry.value, text)] };
  if (spec.arity === 'list')
    return { column: col, rule, values: listOf(entry.value).map((v) => convert(col, v, text)) };
  const pair = listOf(entry.value);
  if (pair.length !== 2) throw badRequest('server.invalidValue', { key: col.name });
  const [from, to] = pair.map((v) => (isBlank(v) ? null : convert(col, v, false)));
  return from === null && to === null ? undefined : { column: col, rule, values: [from, to] };
}

function positiveInt(value: unknown, key: string, fallback: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 1)
    throw badRequest('server.invalidValue', { key });
  return number;
}

export function parseListQuery(body: unknown, table: TableInfo): ParsedListQuery {
  const query = body === undefined || body === null ? {} : body;
  if (!isPlainObject(query)) throw badRequest('server.bodyNotObject');
  for (const [key, value] of Object.entries(query)) {
    if (NOT_YET.includes(key)) {
      if (!isBlank(value) && value !== 0 && value !== false) throw badRequest('server.unsupported', { key });
    } else if (!HANDLED.includes(key) && !IGNORED.includes(key)) {
      throw badRequest('server.unknownField', { key });
    }
  }

  const showFields = isBlank(query.showFields) ? [...table.columns.keys()] : query.showFields;
  if (!Array.isArray(showFields)) throw badRequest('server.invalidValue', { key: 'showFields' });
  const fields = [...new Set(showFields.map((key) => column(table, key).name))];

  const querys = query.querys ?? [];
  if (!Array.isArray(querys)) throw badRequest('server.invalidValue', { key: 'querys' });
  if (querys.length > MAX_CONDITIONS) throw badRequest('server.tooMany', { key: 'querys', max: MAX_CONDITIONS });
  const conditions = querys.map((entry) => condition(table, entry)).filter((c): c is Condition => c !== undefined);

  const relate = query.relate ?? 'AND';
  if (relate !== 'AND' && relate !== 'OR') throw badRequest('server.invalidValue', { key: 'relate' });

  const rawSorts = isBlank(query.sorts) ? [DEFAULT_SORT] : query.sorts;
  if (!Array.isArray(rawSorts)) throw badRequest('server.invalidValue', { key: 'sorts' });
  if (rawSorts.length > MAX_SORTS) throw badRequest('server.tooMany', { key: 'sorts', max: MAX_SORTS });
  const sorts = rawSorts.map((entry: unknown) => {
    if (!isPlainObject(entry)) throw badRequest('server.invalidValue', { key: 'sorts' });
    const order = String(entry.order ?? 'asc').toLowerCase();
    if (order !== 'asc' && order !== 'desc') throw badRequest('server.invalidValue', { key: 'sorts.order' });
    return { column: column(table, entry.key).name, order: order as 'asc' | 'desc' };
  });

  const paged = query.isPage === true || query.isPage === 1 || query.isPage === 'true';
  const current = paged ? positiveInt(query.current, 'current', DEFAULT_PAGE) : 1;
  const limit = paged
    ? Math.min(positiveInt(query.pageSize, 'pageSize', DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE)
    : MAX_PAGE_SIZE;

  return {
    showFields: fields,
    conditions,
    relate: relate === 'OR' ? 'or' : 'and',
    sorts,
    offset: (current - 1) * limit,
    limit,
    count: query.skipCount !== true,
  };
}
