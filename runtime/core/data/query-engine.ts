/**
 * The list-query semantics evaluated in memory (memory and STATIC providers). It mirrors what the
 * server does for the rules it supports, so the contract suite can hold both to one behaviour:
 * conditions by rule (name or code 1–13), AND/OR relate, multi-key sorts (default create_at desc),
 * showFields projection (the id is always kept, the UI keys rows by it) and paging. Joins and
 * groups need the server's table registry and are refused here rather than silently ignored.
 */
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../../protocol/constants';
import {
  DEFAULT_SORT,
  ruleFromCode,
  type ListQuery,
  type ListResult,
  type QueryCondition,
  type QueryRule,
} from '../../../protocol/list-query';
import type { Row } from './provider';

export class QueryError extends Error {}

export interface QueryEngineOptions {
  idKey?: string;
  /** When given, every key in querys, sorts and showFields must be one of these. */
  columns?: readonly string[];
}

type Predicate = (cell: unknown, value: unknown) => boolean;

const isBlank = (v: unknown) => v === null || v === undefined || v === '';

/** Comma strings and arrays both carry lists on the wire (multi-select values are comma strings). */
export function toList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') return value === '' ? [] : value.split(',').map((s) => s.trim());
  return isBlank(value) ? [] : [value];
}

/** Numbers compare as numbers (also numeric strings against numbers), everything else as strings. */
function compare(a: unknown, b: unknown): number {
  const na = typeof a === 'number' ? a : typeof a === 'string' && a.trim() !== '' ? Number(a) : NaN;
  const nb = typeof b === 'number' ? b : typeof b === 'string' && b.trim() !== '' ? Number(b) : NaN;
  if (!Number.isNaN(na) && !Number.isNaN(nb) && (typeof a === 'number' || typeof b === 'number')) {
    return na - nb;
  }
  if (typeof a === 'boolean' || typeof b === 'boolean') return Number(a) - Number(b);
  return String(a).localeCompare(String(b));
}

const equal = (a: unknown, b: unknown) => !isBlank(a) && !isBlank(b) && compare(a, b) === 0;
const ordered = (test: (c: number) => boolean): Predicate => (cell, value) =>
  !isBlank(cell) && !isBlank(value) && test(compare(cell, value));

const predicates: Record<QueryRule, Predicate> = {
  EQUAL: equal,
  IN: (cell, value) => toList(value).some((v) => equal(cell, v)),
  // Case-insensitive, as LIKE is under MySQL's and SQLite's default collations.
  LIKE: (cell, value) =>
    !isBlank(cell) && String(cell).toLowerCase().includes(String(value ?? '').toLowerCase()),
  GT: ordered((c) => c > 0),
  LT: ordered((c) => c < 0),
  GE: ordered((c) => c >= 0),
  LE: ordered((c) => c <= 0),
  BETWEEN: (cell, value) => {
    const [low, high] = toList(value);
    if (isBlank(cell)) return false;
    return (isBlank(low) || compare(cell, low) >= 0) && (isBlank(high) || compare(cell, high) <= 0);
  },
  // As SQL's <>: a NULL cell matches neither = nor <>.
  NO_EQUAL: (cell, value) => !isBlank(cell) && !isBlank(value) && !equal(cell, value),
  IS_NULL: (cell) => cell === null || cell === undefined,
  IS_NOT_NULL: (cell) => cell !== null && cell !== undefined,
  INCLUDE_OR: (cell, value) => {
    const have = toList(cell).map(String);
    return toList(value).some((v) => have.includes(String(v)));
  },
  INCLUDE_AND: (cell, value) => {
    const have = toList(cell).map(String);
    const want = toList(value);
    return want.length > 0 && want.every((v) => have.includes(String(v)));
  },
};

function checkKey(key: unknown, options: QueryEngineOptions, where: string): string {
  if (typeof key !== 'string' || key === '') throw new QueryError(`${where}: missing key`);
  if (options.columns && !options.columns.includes(key)) throw new QueryError(`${where}: unknown column ${key}`);
  return key;
}

function compileCondition(condition: QueryCondition, options: QueryEngineOptions): (row: Row) => boolean {
  const key = checkKey(condition?.key, options, 'querys');
  const rule = ruleFromCode(condition.rule);
  if (!rule) throw new QueryError(`querys: unknown rule ${String(condition.rule)}`);
  const test = predicates[rule];
  return (row) => test(row[key], condition.value);
}

function pageNumber(value: unknown, fallback: number, max: number, name: string): number {
  if (value === undefined || value === null) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new QueryError(`${name} out of range`);
  return n;
}

/** Applies a list query to rows (which it does not mutate). Throws QueryError for a bad query. */
/** A value a fresh row can own: arrays and objects are copied, primitives are as they are. */
const detached = (value: unknown): unknown =>
  value !== null && typeof value === 'object' ? structuredClone(value) : value;

export function applyListQuery(rows: readonly Row[], query: ListQuery, options: QueryEngineOptions = {}): ListResult {
  const idKey = options.idKey ?? 'id';
  if (query.leftJoins?.length || query.rightJoins?.length || query.innerJoins?.length || query.groups?.length) {
    throw new QueryError('joins and groups are not supported by this data source');
  }
  const tests = (query.querys ?? []).map((c) => compileCondition(c, options));
  const relate = String(query.relate ?? 'AND').toUpperCase();
  if (relate !== 'AND' && relate !== 'OR') throw new QueryError(`relate must be AND or OR`);
  const match = (row: Row) =>
    tests.length === 0 || (relate === 'OR' ? tests.some((t) => t(row)) : tests.every((t) => t(row)));

  const sorts = query.sorts?.length ? query.sorts : [DEFAULT_SORT];
  for (const s of sorts) {
    checkKey(s?.key, options, 'sorts');
    if (s.order !== undefined && s.order !== 'asc' && s.order !== 'desc') throw new QueryError('sorts: order must be asc or desc');
  }
  const showFields = query.showFields?.length ? query.showFields : undefined;
  showFields?.forEach((k) => checkKey(k, options, 'showFields'));

  const filtered = rows.filter(match);
  // Blank values sort last whatever the order, as NULLS LAST; ties keep insertion order (stable sort).
  filtered.sort((a, b) => {
    for (const s of sorts) {
      const av = a[s.key];
      const bv = b[s.key];
      if (isBlank(av) !== isBlank(bv)) return isBlank(av) ? 1 : -1;
      if (isBlank(av)) continue;
      const c = compare(av, bv);
      if (c !== 0) return s.order === 'asc' ? c : -c;
    }
    return 0;
  });

  let page = filtered;
  if (query.isPage) {
    const current = pageNumber(query.current, DEFAULT_PAGE, Number.MAX_SAFE_INTEGER, 'current');
    const pageSize = pageNumber(query.pageSize, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, 'pageSize');
    page = filtered.slice((current - 1) * pageSize, current * pageSize);
  }
  // Fresh rows that share nothing with the source (nested values copied), made in the one pass
  // that projects them: callers may keep or change them freely.
  const list = page.map((row) => {
    const out: Row = {};
    if (!showFields) {
      for (const k in row) out[k] = detached(row[k]);
      return out;
    }
    out[idKey] = detached(row[idKey]);
    for (const k of showFields) if (k in row) out[k] = detached(row[k]);
    return out;
  });
  return { list, total: filtered.length };
}
