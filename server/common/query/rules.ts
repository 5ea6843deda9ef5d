/**
 * The list-query rules (building-blocks §7) → SQL, in one table. Each entry says how many values
 * the rule takes and builds its condition from a registered column and already-converted, bound
 * values. Adding a rule is adding a row here (and its name in protocol/list-query.ts).
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { QueryRule } from '../../../protocol/list-query';
import type { ColumnInfo } from '../../modules/table-info';

export type Arity = 'none' | 'one' | 'pair' | 'list';

export interface RuleInput {
  eb: ExpressionBuilder<any, any>;
  column: ColumnInfo;
  /** none: []; one: [v]; pair: [from | null, to | null]; list: [v, ...]. */
  values: unknown[];
  likeOperator: 'like' | 'ilike';
}

export interface RuleSpec {
  arity: Arity;
  /** Pattern rules compare text: only string and text columns. */
  textOnly?: boolean;
  build(input: RuleInput): Expression<SqlBool>;
}

/** `!` escapes LIKE wildcards: unlike `\`, it means the same in every dialect's string literals. */
export const LIKE_ESCAPE = '!';
export const escapeLike = (text: string) => text.replace(/[!%_]/g, (c) => `${LIKE_ESCAPE}${c}`);

const like = ({ eb, column, likeOperator }: RuleInput, pattern: string) =>
  sql<SqlBool>`${eb.ref(column.name)} ${sql.raw(likeOperator)} ${pattern} escape '!'`;

const isText = (column: ColumnInfo) => column.type === 'string' || column.type === 'text';

/** Comma-list columns (multi-selects store "a,b,c"): does the list hold `value`? */
const listHolds = (input: RuleInput, value: unknown) =>
  sql<SqlBool>`concat(',', ${input.eb.ref(input.column.name)}, ',') ${sql.raw(input.likeOperator)} ${`%,${escapeLike(String(value))},%`} escape '!'`;

const compare = (op: '=' | '>' | '>=' | '<' | '<=') => ({
  arity: 'one' as const,
  build: ({ eb, column, values }: RuleInput) => eb(column.name, op, values[0]),
});

export const RULES: Record<QueryRule, RuleSpec> = {
  EQUAL: compare('='),
  GT: compare('>'),
  GE: compare('>='),
  LT: compare('<'),
  LE: compare('<='),
  // "Not VIP" includes customers with no level at all.
  NO_EQUAL: {
    arity: 'one',
    build: ({ eb, column, values }) => eb.or([eb(column.name, '<>', values[0]), eb(column.name, 'is', null)]),
  },
  LIKE: { arity: 'one', textOnly: true, build: (input) => like(input, `%${escapeLike(String(input.values[0]))}%`) },
  IN: {
    arity: 'list',
    build: ({ eb, column, values }) => (values.length ? eb(column.name, 'in', values) : sql<SqlBool>`1 = 0`),
  },
  BETWEEN: {
    arity: 'pair',
    build: ({ eb, column, values: [from, to] }) =>
      eb.and([
        ...(from === null ? [] : [eb(column.name, '>=', from)]),
        ...(to === null ? [] : [eb(column.name, '<=', to)]),
      ]),
  },
  // Forms store a cleared text as '', which users read as empty too.
  IS_NULL: {
    arity: 'none',
    build: ({ eb, column }) =>
      isText(column) ? eb.or([eb(column.name, 'is', null), eb(column.name, '=', '')]) : eb(column.name, 'is', null),
  },
  IS_NOT_NULL: {
    arity: 'none',
    build: ({ eb, column }) =>
      isText(column)
        ? eb.and([eb(column.name, 'is not', null), eb(column.name, '<>', '')])
        : eb(column.name, 'is not', null),
  },
  INCLUDE_OR: {
    arity: 'list',
    textOnly: true,
    build: (input) =>
      input.values.length ? input.eb.or(input.values.map((v) => listHolds(input, v))) : sql<SqlBool>`1 = 0`,
  },
  INCLUDE_AND: {
    arity: 'list',
    textOnly: true,
    build: (input) => input.eb.and(input.values.map((v) => listHolds(input, v))),
  },
};
