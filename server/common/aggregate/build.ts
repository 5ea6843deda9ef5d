/**
 * SQL of a parsed aggregate query, one statement on every database:
 *
 *   WITH grp AS (SELECT <groups> g0.., <measures> m0.. FROM <the list's FROM, joins, scope, filters>
 *                GROUP BY 1, 2 ..),
 *        ranked AS (SELECT grp.*, row_number() OVER (ORDER BY <sort>, groups) rn, count(*) OVER () total FROM grp)
 *        [summed AS (SELECT ranked.*, sum(CASE WHEN rn > N THEN m0 END) OVER () o0 .. FROM ranked)]
 *   SELECT * FROM ranked (or summed) r WHERE r.rn <= N ORDER BY r.rn
 *
 * FROM and WHERE are the list's own (query/build.ts fromClause): the same scope — app, live rows,
 * the table's declared data limit, the body's, the own-row rule, the guard's rows — and the same
 * joins through scoped derived tables. Groups are numbered positions, not repeated expressions
 * (PostgreSQL compares GROUP BY expressions by text). NULLs sort last on every database.
 */
import { sql, type CompiledQuery, type Expression, type RawBuilder } from 'kysely';
import type { AggregateSpec } from '../../db/dialects/types';
import type { TableInfo } from '../../modules/table-info';
import { fromClause, type ListContext, type Scope } from '../query/build';
import type { ParsedAggregate, ParsedMeasure } from './parse';
import { localMs } from './time-zone';

export const groupColumn = (i: number) => `g${i}`;
export const measureColumn = (i: number) => `m${i}`;
export const othersColumn = (i: number) => `o${i}`;

function measureSql(measure: ParsedMeasure): RawBuilder<unknown> {
  if (!measure.field) return sql`count(*)`;
  const ref = sql.ref(measure.field.ref);
  switch (measure.fn) {
    case 'count':
      return sql`count(${ref})`;
    case 'countDistinct':
      return sql`count(distinct ${ref})`;
    case 'sum':
      return sql`sum(${ref})`;
    case 'avg':
      return sql`avg(${ref})`;
    case 'min':
      return sql`min(${ref})`;
    case 'max':
      return sql`max(${ref})`;
  }
}

/**
 * How the "others" row combines the measures of the groups beyond N, as a window over every
 * ranked group (null: distinct counts do not add up).
 */
function othersSql(measure: ParsedMeasure, i: number, limit: number): RawBuilder<unknown> {
  const beyond = (column: string) => sql`case when rn > ${sql.lit(limit)} then ${sql.ref(column)} end`;
  switch (measure.fn) {
    case 'count':
    case 'sum':
      return sql`sum(${beyond(measureColumn(i))}) over ()`;
    case 'min':
      return sql`min(${beyond(measureColumn(i))}) over ()`;
    case 'max':
      return sql`max(${beyond(measureColumn(i))}) over ()`;
    case 'avg':
      return sql`sum(${beyond(`a${i}s`)}) over () * 1.0 / nullif(sum(${beyond(`a${i}c`)}) over (), 0)`;
    case 'countDistinct':
      return sql`null`;
  }
}

const nullsLast = (column: Expression<unknown>, order: 'asc' | 'desc') =>
  sql`case when ${column} is null then 1 else 0 end, ${column} ${sql.raw(order)}`;

export function compileAggregate(
  ctx: ListContext,
  spec: AggregateSpec,
  table: TableInfo,
  scope: Scope,
  query: ParsedAggregate,
  withOthers: boolean,
): CompiledQuery {
  const from = fromClause(ctx, table, scope, query.list);
  const columns: RawBuilder<unknown>[] = [];
  query.groups.forEach((group, i) => {
    const value = group.bucket
      ? spec.bucket(localMs(sql.ref(group.ref), query.timeZone), group.bucket)
      : sql`${sql.ref(group.ref)}`;
    columns.push(sql`${value} as ${sql.ref(groupColumn(i))}`);
  });
  query.measures.forEach((measure, i) => {
    columns.push(sql`${measureSql(measure)} as ${sql.ref(measureColumn(i))}`);
    // The others row's average is the rest's sum over its count, not an average of averages.
    if (withOthers && measure.fn === 'avg' && measure.field) {
      const ref = sql.ref(measure.field.ref);
      columns.push(sql`sum(${ref}) as ${sql.ref(`a${i}s`)}`, sql`count(${ref}) as ${sql.ref(`a${i}c`)}`);
    }
  });
  let grouped = from.select(columns as never);
  if (query.groups.length) grouped = grouped.groupBy(query.groups.map((_, i) => sql.lit(i + 1)) as never);

  const order = [
    ...query.sorts.map((s) => nullsLast(sql.ref(s.group ? groupColumn(s.index) : measureColumn(s.index)), s.order)),
    ...query.groups.map((_, i) => nullsLast(sql.ref(groupColumn(i)), 'asc')),
  ];
  const window = order.length ? sql`order by ${sql.join(order)}` : sql``;
  // Each step reads the one before it once: MariaDB computes a CTE named twice twice.
  const ranked = ctx.db
    .with('grp', () => grouped)
    .with('ranked', (qb) =>
      qb
        .selectFrom('grp')
        .selectAll()
        .select([sql<number>`row_number() over (${window})`.as('rn'), sql<number>`count(*) over ()`.as('total')]),
    );
  const select = withOthers
    ? ranked
        .with('summed', (qb) =>
          qb
            .selectFrom('ranked')
            .selectAll()
            .select(query.measures.map((m, i) => othersSql(m, i, query.limit).as(othersColumn(i))) as never),
        )
        .selectFrom('summed as r')
        .selectAll()
    : ranked.selectFrom('ranked as r').selectAll();
  return select.where('r.rn', '<=', query.limit).orderBy('r.rn').compile();
}
