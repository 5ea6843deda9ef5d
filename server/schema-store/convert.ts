/**
 * Narrowing a field's type keeps what converts (docs/schemas.md "Narrowing"): the old column is
 * retired holding the originals, the field gets a fresh column of its new type, and every value
 * that converts is copied into it, in SQL, per dialect. A value converts when it keeps its meaning
 * in the new type: numeric text (decimal notation, optional sign) into a number, a whole number in
 * the target's range into an integer, 0/1 into a boolean, anything into text (into varchar(255)
 * when it is at most 255 characters long). Before the save the plan reports per field how many
 * rows hold a value that will not convert (empty text counts as no value).
 * No value from a row is ever put into the SQL text: only column names (from the model, quoted as
 * identifiers) and fixed bounds.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ColumnType } from '../../runtime/core/registry';
import type { Db } from '../db/create-db';
import type { PlanStep } from './plan';

type Dialect = 'sqlite' | 'postgres' | 'mysql';
type Class = 'text' | 'whole' | 'real';

const CLASS: Record<ColumnType, Class> = {
  string: 'text',
  text: 'text',
  integer: 'whole',
  long: 'whole',
  boolean: 'whole',
  time: 'whole',
  float: 'real',
  double: 'real',
};

const LONG: [string, string] = ['-9223372036854775808', '9223372036854775807'];
const RANGE: Partial<Record<ColumnType, [string, string]>> = {
  integer: ['-2147483648', '2147483647'],
  long: LONG,
  time: LONG,
  boolean: ['0', '1'],
};

/** Longest decimal text converted into a float: far inside a double's range on every dialect. */
const MAX_DECIMAL_CHARS = 40;
const VARCHAR = 255;

const WHOLE_RE = '^[[:space:]]*[-+]?[0-9]+[[:space:]]*$';
const DECIMAL_RE = '^[[:space:]]*[-+]?([0-9]+([.][0-9]*)?|[.][0-9]+)[[:space:]]*$';

const dialectOf = (db: Db) => db.spec.name as Dialect;

/** SQLite has no regular expressions: the text without its sign, checked with GLOB. */
function sqliteBody(col: RawBuilder<unknown>) {
  return sql`(case when substr(trim(${col}), 1, 1) in ('+', '-') then substr(trim(${col}), 2) else trim(${col}) end)`;
}

function bounded(value: RawBuilder<unknown>, [lo, hi]: [string, string]) {
  return sql`(${value} between ${sql.raw(lo)} and ${sql.raw(hi)})`;
}

/** The condition under which a non-null value of column `col` (of class `from`) converts to `to`. */
export function convertsWhen(db: Db, column: string, from: ColumnType, to: ColumnType): RawBuilder<unknown> {
  const d = dialectOf(db);
  const col = sql.ref(column);
  const source = CLASS[from];
  const target = CLASS[to];
  if (target === 'text') {
    if (to === 'text' || source !== 'text') return sql`1 = 1`;
    return d === 'sqlite'
      ? sql`length(${col}) <= ${sql.lit(VARCHAR)}`
      : sql`char_length(${col}) <= ${sql.lit(VARCHAR)}`;
  }
  const range = RANGE[to];
  if (source === 'text') {
    const wholeTarget = target === 'whole';
    if (d === 'sqlite') {
      const body = sqliteBody(col);
      if (wholeTarget)
        return sql`(${body} <> '' and ${body} not glob '*[^0-9]*' and length(${body}) <= 18 and ${bounded(sql`cast(trim(${col}) as real)`, range!)})`;
      return sql`(${body} <> '' and ${body} <> '.' and ${body} not glob '*[^0-9.]*' and ${body} not glob '*.*.*' and length(trim(${col})) <= ${sql.lit(MAX_DECIMAL_CHARS)})`;
    }
    const re = sql.lit(wholeTarget ? WHOLE_RE : DECIMAL_RE);
    const matches = d === 'postgres' ? sql`${col} ~ ${re}` : sql`${col} regexp ${re}`;
    if (!wholeTarget) return sql`(${matches} and char_length(trim(${col})) <= ${sql.lit(MAX_DECIMAL_CHARS)})`;
    // CASE: the cast is evaluated only for text that matched (AND does not promise an order).
    const exact = d === 'postgres' ? sql.raw('numeric') : sql.raw('decimal(65,0)');
    return bounded(sql`(case when ${matches} then cast(trim(${col}) as ${exact}) end)`, range!);
  }
  if (target === 'real') return sql`1 = 1`;
  // A number into a whole number: whole, and inside the target's range. A double compares with the
  // 64-bit bounds after rounding them to 2^63, hence strict bounds for a real source.
  if (source === 'real')
    return sql`(${col} = floor(${col}) and ${col} > ${sql.raw(String(BigInt(range![0]) - 1n))} and ${col} < ${sql.raw(String(BigInt(range![1]) + 1n))} and ${col} > -9.2e18 and ${col} < 9.2e18)`;
  return bounded(col, range!);
}

/** The value of `col` in the new type (only evaluated where convertsWhen holds). */
export function convertedValue(db: Db, column: string, from: ColumnType, to: ColumnType): RawBuilder<unknown> {
  const d = dialectOf(db);
  const col = sql.ref(column);
  const source = CLASS[from];
  const target = CLASS[to];
  if (target === 'text') return d === 'mysql' ? sql`cast(${col} as char)` : sql`cast(${col} as text)`;
  const value = source === 'text' ? sql`trim(${col})` : col;
  if (target === 'whole') {
    if (d === 'mysql') return sql`cast(${value} as signed)`;
    if (d === 'sqlite') return sql`cast(${value} as integer)`;
    return sql`cast(${value} as bigint)`;
  }
  if (d === 'mysql') return sql`(${value} + 0e0)`;
  if (d === 'sqlite') return sql`cast(${value} as real)`;
  return sql`cast(${value} as double precision)`;
}

/**
 * Non-empty values of `column` that will not convert, over every row (soft-deleted ones too). The
 * condition may be NULL (SQL's unknown) for a value that does not convert: CASE counts it.
 */
async function countUnconverted(
  trx: Kysely<any>,
  db: Db,
  table: string,
  column: string,
  from: ColumnType,
  to: ColumnType,
): Promise<number> {
  const empty = CLASS[from] === 'text' ? sql`and trim(${sql.ref(column)}) <> ''` : sql``;
  const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}
    where ${sql.ref(column)} is not null ${empty}
    and (case when ${convertsWhen(db, column, from, to)} then 0 else 1 end) = 1`.execute(trx);
  return Number(row.rows[0]?.n ?? 0);
}

/** Fills in each copy step's `unconverted` count, reading the columns as they are before the save. */
export async function countPlanUnconverted(trx: Kysely<any>, db: Db, table: string, steps: PlanStep[]) {
  for (const step of steps) {
    if (step.op !== 'copyConverted') continue;
    step.unconverted = await countUnconverted(trx, db, table, step.was, step.fromType, step.toType);
  }
}

/** Copies every value that converts from the retired column into the field's new column. */
export async function copyConverted(
  trx: Kysely<any>,
  db: Db,
  table: string,
  step: Extract<PlanStep, { op: 'copyConverted' }>,
): Promise<void> {
  const { from, to, fromType, toType } = step;
  await sql`update ${sql.table(table)} set ${sql.ref(to)} = ${convertedValue(db, from, fromType, toType)}
    where ${sql.ref(from)} is not null and ${convertsWhen(db, from, fromType, toType)}`.execute(trx);
}
