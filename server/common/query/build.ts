/**
 * SQL of a parsed list query. The listed table is `t`, joined tables j1..j3. The scope (the
 * session's app, live rows, the caller's own row on the user table, the data limit) is ANDed
 * outside the client's conditions, whatever `relate` says; a joined table is read through a
 * derived table of its scoped rows, so no join ever shows another app's or a deleted row.
 */
import { sql, type CompiledQuery, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { ResultCode } from '../../../protocol/codes';
import type { Aggregate } from '../../../protocol/list-query';
import { ApiError } from '../../errors';
import type { TableInfo } from '../../modules/table-info';
import { dataLimitWhere, type DataLimit } from '../scope';
import type { Row } from '../values';
import { BASE, type ParsedJoin } from './joins';
import { LIMITS } from './limits';
import type { ParsedListQuery } from './parse';
import { bindCompiled, cachedPlan, planValues, shapeKey, slotted } from './plan-cache';
import { RULES } from './rules';
import { nestRows } from './tree';

export interface Scope {
  appId: string;
  /** Restrict to this row id (a non-admin reading the user table sees only themself). */
  onlyId?: string;
  /** Restrict to these row ids (the access guard, server/access: e.g. a non-admin's own roles). */
  onlyIds?: readonly string[];
  /**
   * The data limit (scope.ts: the one the table's stored list declares, met with the one a list
   * body asks for) and the user table it looks members up in. Applies to every statement.
   */
  dataLimit?: DataLimit;
  userTable?: string;
}

/** Scope conditions on unqualified columns (single-table statements: get, update, delete). */
export function scopeWhere(eb: ExpressionBuilder<any, any>, scope: Scope): Expression<SqlBool>[] {
  return scopeOn(eb, undefined, scope);
}

/** Scope conditions on `<alias>.` columns, or unqualified ones without an alias. */
export function scopeOn(
  eb: ExpressionBuilder<any, any>,
  alias: string | undefined,
  scope: Scope,
): Expression<SqlBool>[] {
  const c = (name: string) => (alias ? `${alias}.${name}` : name);
  return [
    eb(c('app_id'), '=', scope.appId),
    eb(c('is_deleted'), '=', 0),
    ...(scope.onlyId === undefined ? [] : [eb(c('id'), '=', scope.onlyId)]),
    // No ids allowed: ids are primary keys, never null, so this matches nothing.
    ...(scope.onlyIds === undefined
      ? []
      : [scope.onlyIds.length ? eb(c('id'), 'in', [...scope.onlyIds]) : eb(c('id'), 'is', null)]),
    ...(scope.dataLimit && scope.userTable
      ? dataLimitWhere(eb, alias, scope.dataLimit, scope.userTable, scope.appId)
      : []),
  ];
}

export interface ListContext {
  db: Kysely<any>;
  likeOperator: 'like' | 'ilike';
  /** Scope of a joined table (its own-row rule for the caller). */
  joinScope(table: TableInfo): Scope;
}

const columnsOf = (table: TableInfo) => [...table.columns.keys()];

/** FROM, joins and WHERE of a list (shared with export, which streams the same rows). */
export function fromClause(ctx: ListContext, table: TableInfo, scope: Scope, query: ParsedListQuery) {
  const derived = query.joins.some((j) => j.kind === 'right');
  // With a right join, rows of the listed table may be absent (NULL), so its scope cannot sit in
  // WHERE: it is read through a derived table that holds only its scoped rows.
  let select = derived
    ? ctx.db.selectFrom(
        ctx.db
          .selectFrom(`${table.physical} as s`)
          .select(columnsOf(table).map((c) => `s.${c}`))
          .where((eb) => eb.and(scopeOn(eb, 's', scope)))
          .as(BASE),
      )
    : ctx.db.selectFrom(`${table.physical} as ${BASE}`);
  for (const join of query.joins) select = addJoin(ctx, select, join);
  const where = (eb: ExpressionBuilder<any, any>) => {
    const own = query.conditions.map((c) =>
      RULES[c.rule].build({ eb, column: c.column, ref: c.ref, values: c.values, likeOperator: ctx.likeOperator }),
    );
    const client = own.length === 0 ? [] : [query.relate === 'or' ? eb.or(own) : eb.and(own)];
    return eb.and([...(derived ? [] : scopeOn(eb, BASE, scope)), ...client]);
  };
  return select.where(where);
}

function addJoin(ctx: ListContext, select: any, join: ParsedJoin): any {
  const scope = ctx.joinScope(join.table);
  const [left, right] = join.on;
  // Every joined table is read through a derived table of its scoped rows. Besides keeping the
  // scope right for every join kind, this lets SQLite's planner keep the listed table's index for
  // the sort (scope terms in the ON clause made it pick a partial index of the joined table and
  // sort the whole listed table: 100x slower on 100k rows); PostgreSQL and MySQL merge it back.
  const derived = ctx.db
    .selectFrom(`${join.table.physical} as s`)
    .select(columnsOf(join.table).map((c) => `s.${c}`))
    .where((eb) => eb.and(scopeOn(eb, 's', scope)))
    .as(join.alias);
  const method = join.kind === 'left' ? 'leftJoin' : join.kind === 'inner' ? 'innerJoin' : 'rightJoin';
  return select[method](derived, `${join.alias}.${right.name}`, `${BASE}.${left.name}`);
}

/** A closed set of aggregate functions; the column is a registry reference. */
function aggregate(eb: ExpressionBuilder<any, any>, fn: Aggregate, ref: string | undefined) {
  if (!ref) return eb.fn.countAll();
  const column = eb.ref(ref);
  switch (fn) {
    case 'count':
      return eb.fn.count(column);
    case 'sum':
      return eb.fn.sum(column);
    case 'avg':
      return eb.fn.avg(column);
    case 'min':
      return eb.fn.min(column);
    case 'max':
      return eb.fn.max(column);
  }
}

/** The list's page statement and its count, compiled; bound values may be slots (slots.ts). */
export interface CompiledList {
  page: CompiledQuery;
  /** Absent for tree queries, which read every matching row and never count. */
  count?: CompiledQuery;
}

/**
 * Compiles a list query. `limit` / `offset` are bound like any value (slots when a shape is
 * compiled for the plan cache); a tree query reads all its rows up to the tree bound instead.
 */
export function compileList(
  ctx: ListContext,
  table: TableInfo,
  scope: Scope,
  query: ParsedListQuery,
  limit: unknown,
  offset: unknown,
): CompiledList {
  const from = fromClause(ctx, table, scope, query);
  const groups = query.groups;

  let select = groups
    ? from.select((eb: ExpressionBuilder<any, any>) => [
        ...groups.keys.map((k) => eb.ref(k.ref).as(k.as)),
        ...groups.aggregates.map((a) => aggregate(eb, a.fn, a.ref).as(a.as)),
      ])
    : from.select((eb: ExpressionBuilder<any, any>) => query.fields.map((f) => eb.ref(f.ref).as(f.as)));
  if (groups) select = select.groupBy(groups.keys.map((k) => k.ref));
  for (const sort of query.sorts) select = select.orderBy(sort.alias ? sql.ref(sort.ref) : sort.ref, sort.order);
  // A unique tie-breaker keeps pages stable when sort values repeat.
  if (!groups && !query.sorts.some((s) => s.ref === `${BASE}.id`))
    select = select.orderBy(`${BASE}.id`, query.sorts.at(-1)?.order ?? 'desc');

  // The tree is nested in memory: all matching rows (bounded), then roots are paged.
  if (query.parentKey) return { page: select.limit(LIMITS.treeRows + 1).compile() };

  const counted = groups
    ? ctx.db.selectFrom(select.clearOrderBy().as('g')).select((eb) => eb.fn.countAll().as('total'))
    : from.select((eb: ExpressionBuilder<any, any>) => eb.fn.countAll().as('total'));
  return {
    page: select
      .limit(limit as number)
      .offset(offset as number)
      .compile(),
    count: counted.compile(),
  };
}

/** The rows of a cached statement run with this request's values. */
async function rowsOf(db: Kysely<any>, compiled: CompiledQuery, values: readonly unknown[]): Promise<Row[]> {
  return (await db.executeQuery(bindCompiled(compiled, values))).rows as Row[];
}

export async function runListQuery(
  ctx: ListContext,
  table: TableInfo,
  scope: Scope,
  query: ParsedListQuery,
): Promise<{ list: Row[]; total: number }> {
  // Compiled once per query shape; this request only binds its values (plan-cache.ts).
  const plan = cachedPlan(ctx.db, shapeKey(ctx, table, scope, query), () => {
    const shape = slotted(query);
    return compileList(ctx, table, scope, shape.query, shape.limit, shape.offset);
  });
  const values = planValues(query);

  if (query.parentKey) {
    const rows = await rowsOf(ctx.db, plan.page, values);
    if (rows.length > LIMITS.treeRows)
      throw new ApiError(ResultCode.BAD_REQUEST, 'server.tooMany', { key: 'parentKey', max: LIMITS.treeRows });
    return { list: rows, total: -1 };
  }

  const list = await rowsOf(ctx.db, plan.page, values);
  let total = query.offset + list.length;
  // A short page already tells the total when it is not empty: no need to count.
  const knownFromPage = list.length > 0 && list.length < query.limit;
  if (query.count && !knownFromPage) {
    const row = (await rowsOf(ctx.db, plan.count!, values))[0];
    total = Number(row?.total ?? 0);
  }
  return { list, total };
}

/** Tree rows (decoded) → nested roots, paged as the query asks; total is the number of roots. */
export function treeResult(rows: Row[], query: ParsedListQuery): { list: Row[]; total: number } {
  const roots = nestRows(rows, query.parentKey!.name);
  const list = query.paged ? roots.slice(query.offset, query.offset + query.limit) : roots;
  return { list, total: roots.length };
}
