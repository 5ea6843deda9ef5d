/**
 * SQL of a parsed list query. The scope (the session's app, live rows, optionally the caller's own
 * row) is always ANDed outside the client's conditions, whatever `relate` says.
 */
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { TableInfo } from '../../modules/table-info';
import type { Row } from '../values';
import type { ParsedListQuery } from './parse';
import { RULES } from './rules';

export interface Scope {
  appId: string;
  /** Restrict to this row id (a non-admin reading the user table sees only themself). */
  onlyId?: string;
}

export function scopeWhere(eb: ExpressionBuilder<any, any>, scope: Scope): Expression<SqlBool>[] {
  return [
    eb('app_id', '=', scope.appId),
    eb('is_deleted', '=', 0),
    ...(scope.onlyId === undefined ? [] : [eb('id', '=', scope.onlyId)]),
  ];
}

export async function runListQuery(
  db: Kysely<any>,
  likeOperator: 'like' | 'ilike',
  table: TableInfo,
  scope: Scope,
  query: ParsedListQuery,
): Promise<{ list: Row[]; total: number }> {
  const where = (eb: ExpressionBuilder<any, any>) => {
    const own = query.conditions.map((c) =>
      RULES[c.rule].build({ eb, column: c.column, values: c.values, likeOperator }),
    );
    const client = own.length === 0 ? [] : [query.relate === 'or' ? eb.or(own) : eb.and(own)];
    return eb.and([...scopeWhere(eb, scope), ...client]);
  };

  let select = db.selectFrom(table.physical).select(query.showFields).where(where);
  for (const sort of query.sorts) select = select.orderBy(sort.column, sort.order);
  // A unique tie-breaker keeps pages stable when sort values repeat.
  if (!query.sorts.some((s) => s.column === 'id')) select = select.orderBy('id', query.sorts.at(-1)?.order ?? 'desc');
  const list = (await select.limit(query.limit).offset(query.offset).execute()) as Row[];

  let total = query.offset + list.length;
  if (query.count) {
    const row = await db
      .selectFrom(table.physical)
      .select((eb) => eb.fn.countAll().as('total'))
      .where(where)
      .executeTakeFirst();
    total = Number(row?.total ?? 0);
  }
  return { list, total };
}
