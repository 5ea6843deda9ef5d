/**
 * Compiled list statements by query *shape*. Building a list query through Kysely's builder and
 * compiler costs more CPU than running a short indexed page on SQLite, and a screen sends the
 * same shape again and again (next page, another search value). So the SQL of a shape is compiled
 * once, with slots where the body's values go (slots.ts), and each request binds its own values.
 *
 * The key holds everything that decides the SQL text and its constant parameters, so two requests
 * share an entry only if Kysely would have built the same statement for both:
 * - the listed and joined tables by object identity: the registry makes a new TableInfo when a
 *   module save changes a table, so a saved module never reuses the old table's statements;
 * - the scope, as values: app, own-row id, visible row ids, the data limit (user and departments)
 *   and each joined table's scope — another app or user never gets a statement holding another's;
 * - fields, conditions (column, its type, rule, how many values and which are empty), relate,
 *   sorts, joins, groups, parentKey and the LIKE operator.
 * Entries live per Kysely instance (one database, one dialect), in a bounded LRU.
 */
import type { CompiledQuery, Kysely } from 'kysely';
import { Lru } from '../../../protocol/envelope/lru';
import type { TableInfo } from '../../modules/table-info';
import type { ListContext, Scope } from './build';
import type { ParsedListQuery } from './parse';
import { bindParameters, Slot } from './slots';

/** Shapes kept per database; as many as the SQLite statement cache keeps prepared (sqlite-statements.ts). */
export const PLAN_CACHE_SIZE = 256;

const caches = new WeakMap<Kysely<any>, Lru<string, NonNullable<unknown>>>();
const tableIds = new WeakMap<TableInfo, number>();
let nextTableId = 1;

/** A number per TableInfo object: a table the registry rebuilt (module save) gets a new one. */
function tableId(table: TableInfo): number {
  let id = tableIds.get(table);
  if (id === undefined) tableIds.set(table, (id = nextTableId++));
  return id;
}

/**
 * Scope values can be any stored id, so each is written with its length in front (`5:app-1`),
 * which keeps them apart whatever characters they hold: no value can be read as the end of one
 * and the start of the next. Absent ones are `-`. Usually the app id, the user table and no data
 * limit.
 */
const part = (value: string) => `${value.length}:${value}`;
const optionalPart = (value: string | undefined) => (value === undefined ? '-' : part(value));

function scopeKey(scope: Scope): string {
  let key = part(scope.appId) + optionalPart(scope.userTable) + optionalPart(scope.onlyId);
  if (scope.onlyIds === undefined) key += '-';
  else {
    key += `${scope.onlyIds.length}[`;
    for (const id of scope.onlyIds) key += part(id);
  }
  const limit = scope.dataLimit;
  // 'none' (the usual list) is a fixed mark; the other limits hold ids and go in as JSON.
  return key + (limit === undefined ? '-' : limit.kind === 'none' ? 'n' : part(JSON.stringify(limit)));
}

/*
 * The key is built by concatenation (this runs on every list request). Names, refs, rules, sort
 * orders and aliases are registry names or checked identifiers ([A-Za-z0-9_.]), so the separators
 * `|`, `;` and `,` cannot occur inside them; scope values are JSON-encoded.
 */
export function shapeKey(ctx: ListContext, table: TableInfo, scope: Scope, query: ParsedListQuery): string {
  let key = `${tableId(table)}|${scopeKey(scope)}|${ctx.likeOperator}|${query.relate}|${query.parentKey?.name ?? ''}|`;
  for (const f of query.fields) key += `${f.as},${f.ref};`;
  key += '|';
  for (const c of query.conditions) {
    key += `${c.ref},${c.column.type},${c.rule},`;
    for (const v of c.values) key += v === null ? '0' : '1';
    key += ';';
  }
  key += '|';
  for (const s of query.sorts) key += `${s.ref},${s.order},${s.alias ? 1 : 0};`;
  key += '|';
  for (const j of query.joins) {
    key += `${j.kind},${tableId(j.table)},${j.alias},${j.on[0].name},${j.on[1].name},${scopeKey(ctx.joinScope(j.table))},`;
    for (const f of j.fields) key += `${f.as}:${f.ref}.`;
    key += ';';
  }
  key += '|';
  if (query.groups) {
    for (const k of query.groups.keys) key += `${k.ref};`;
    for (const a of query.groups.aggregates) key += `${a.fn},${a.ref ?? ''},${a.as};`;
  }
  return key;
}

/** The body's values in slot order: every condition value, then limit and offset. */
export function planValues(query: ParsedListQuery): unknown[] {
  const values: unknown[] = [];
  for (const c of query.conditions) for (const v of c.values) values.push(v);
  values.push(query.limit, query.offset);
  return values;
}

/** The query with slots in place of its values (empty ones stay null: they shape the SQL). */
export function slotted(query: ParsedListQuery): { query: ParsedListQuery; limit: Slot; offset: Slot } {
  let index = 0;
  const conditions = query.conditions.map((c) => ({
    ...c,
    values: c.values.map((v) => {
      const slot = new Slot(index++);
      return v === null ? null : slot;
    }),
  }));
  return { query: { ...query, conditions }, limit: new Slot(index), offset: new Slot(index + 1) };
}

/** The cached plan of `key` on this database, compiled by `compile` on a miss. */
export function cachedPlan<T extends NonNullable<unknown>>(db: Kysely<any>, key: string, compile: () => T): T {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Lru(PLAN_CACHE_SIZE)));
  let plan = cache.get(key) as T | undefined;
  if (plan === undefined) cache.set(key, (plan = compile()));
  return plan;
}

/** A compiled statement with this request's values bound. */
export function bindCompiled(compiled: CompiledQuery, values: readonly unknown[]): CompiledQuery {
  return { ...compiled, parameters: bindParameters(compiled.parameters, values) };
}

/** Cached plans of a database (tests and diagnostics). */
export function cachedPlans(db: Kysely<any>): number {
  return caches.get(db)?.size ?? 0;
}
