/**
 * The list-query rules (building-blocks §7) → SQL, in one table. Each entry says how many values
 * the rule takes and builds its condition from a registered column and already-converted, bound
 * values. Adding a rule is adding a row here (and its name in protocol/list-query.ts).
 *
 * The list compiles each query shape once (plan-cache.ts): `build` then sees slots (slots.ts) in
 * place of the values. So a rule may depend on how many values there are and which are null, but
 * never on their content, and a bound value derived from one (a LIKE pattern) goes through
 * mapBound().
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { QueryRule } from '../../../protocol/list-query';
import type { ColumnInfo } from '../../modules/table-info';
import { mapBound } from './slots';

export type Arity = 'none' | 'one' | 'pair' | 'list';

export interface RuleInput {
  eb: ExpressionBuilder<any, any>;
  column: ColumnInfo;
  /** The qualified column reference (`t.name`): never client text, always a registry name. */
  ref: string;
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

const like = ({ eb, ref, likeOperator }: RuleInput, pattern: unknown) =>
  sql<SqlBool>`${eb.ref(ref)} ${sql.raw(likeOperator)} ${pattern} escape '!'`;

const isText = (column: ColumnInfo) => column.type === 'string' || column.type === 'text';

/** Comma-list columns (multi-selects store "a,b,c"): does the list hold `value`? */
const listHolds = (input: RuleInput, value: unknown) =>
  sql<SqlBool>`concat(',', ${input.eb.ref(input.ref)}, ',') ${sql.raw(input.likeOperator)} ${mapBound(value, (v) => `%,${escapeLike(String(v))},%`)} escape '!'`;

const compare = (op: '=' | '>' | '>=' | '<' | '<=') => ({
  arity: 'one' as const,
  build: ({ eb, ref, values }: RuleInput) => eb(ref, op, values[0]),
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
    build: ({ eb, ref, values }) => eb.or([eb(ref, '<>', values[0]), eb(ref, 'is', null)]),
  },
  // The pattern is derived from the value where it is bound (a slot while a shape compiles).
  LIKE: {
    arity: 'one',
    textOnly: true,
    build: (input) =>
      like(
        input,
        mapBound(input.values[0], (v) => `%${escapeLike(String(v))}%`),
      ),
  },
  IN: {
    arity: 'list',
    build: ({ eb, ref, values }) => (values.length ? eb(ref, 'in', values) : sql<SqlBool>`1 = 0`),
  },
  BETWEEN: {
    arity: 'pair',
    build: ({ eb, ref, values: [from, to] }) =>
      eb.and([...(from === null ? [] : [eb(ref, '>=', from)]), ...(to === null ? [] : [eb(ref, '<=', to)])]),
  },
  // Forms store a cleared text as '', which users read as empty too.
  IS_NULL: {
    arity: 'none',
    build: ({ eb, column, ref }) =>
      isText(column) ? eb.or([eb(ref, 'is', null), eb(ref, '=', '')]) : eb(ref, 'is', null),
  },
  IS_NOT_NULL: {
    arity: 'none',
    build: ({ eb, column, ref }) =>
      isText(column) ? eb.and([eb(ref, 'is not', null), eb(ref, '<>', '')]) : eb(ref, 'is not', null),
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
