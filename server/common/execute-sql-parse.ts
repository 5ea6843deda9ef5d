/**
 * SQL mode's statement check (POST common/executeSql). The text is parsed with node-sql-parser for
 * the server's dialect (never matched by regex) and must be exactly one plain SELECT. Every table
 * it reads must be a plain logical name, then found in the caller's registry (unqualified: no schema, no catalog);
 * every function must be on a short allow-list (no sleep, file, lock, catalog or admin
 * functions); server variables, INTO, locking reads, WITH and set operations are refused. The SQL
 * that runs is re-generated from the checked tree, so comments and dialect tricks (MySQL's
 * executable /*! ... *\/ comments) never reach the database, and a row cap is set as its LIMIT.
 */
import nodeSqlParser from 'node-sql-parser';
import type { DialectName } from '../db/create-db';
import { badRequest } from '../errors';

const { Parser } = nodeSqlParser;
const parser = new Parser();

const DIALECT: Record<DialectName, string> = { sqlite: 'sqlite', postgres: 'postgresql', mysql: 'mariadb' };

/** Functions a report query needs; anything else (pg_sleep, load_file, benchmark, version...) is refused. */
const FUNCTIONS = new Set([
  'count',
  'sum',
  'avg',
  'min',
  'max',
  'group_concat',
  'string_agg',
  'lower',
  'upper',
  'length',
  'char_length',
  'character_length',
  'substr',
  'substring',
  'trim',
  'ltrim',
  'rtrim',
  'replace',
  'concat',
  'coalesce',
  'ifnull',
  'nullif',
  'abs',
  'round',
  'floor',
  'ceil',
  'ceiling',
  'mod',
  'date',
  'strftime',
  'date_format',
  'to_char',
  'year',
  'month',
  'day',
  'greatest',
  'least',
  'exists',
]);

export interface CheckedSql {
  /** The statement to run, regenerated from the checked tree, reading the listed logical tables. */
  sql: string;
  tables: string[];
}

const fail = (key: string, vars: Record<string, unknown> = {}) => badRequest(key, vars);

function functionName(node: Record<string, unknown>): string {
  const name = node.name;
  if (typeof name === 'string') return name.toLowerCase();
  const parts = (name as { name?: { value?: unknown }[] } | undefined)?.name ?? [];
  return parts
    .map((p) => String(p.value))
    .join('.')
    .toLowerCase();
}

type Visit = (node: Record<string, unknown>) => void;
function walk(value: unknown, visit: Visit, depth = 0): void {
  if (depth > 200) throw fail('sql.invalid', { reason: 'too deeply nested' });
  if (Array.isArray(value)) for (const item of value) walk(item, visit, depth + 1);
  else if (value && typeof value === 'object') {
    visit(value as Record<string, unknown>);
    for (const child of Object.values(value)) walk(child, visit, depth + 1);
  }
}

function capLimit(ast: Record<string, unknown>, cap: number): void {
  const limit = ast.limit as { seperator: string; value: { type: string; value: unknown }[] } | null | undefined;
  if (!limit || !Array.isArray(limit.value) || limit.value.length === 0) {
    ast.limit = { seperator: '', value: [{ type: 'number', value: cap }] };
    return;
  }
  // LIMIT n, LIMIT n OFFSET m, or MySQL's LIMIT m, n (the count comes second there).
  const countAt = limit.seperator === ',' ? 1 : 0;
  const count = limit.value[countAt];
  if (!count || count.type !== 'number' || typeof count.value !== 'number')
    throw fail('sql.forbiddenClause', { name: 'LIMIT expression' });
  count.value = Math.min(count.value, cap);
}

/**
 * Parses and checks `text`; the caller then resolves every name in `tables` against the caller's
 * registry (a name that is not there refuses the statement). `cap` becomes (or bounds) the LIMIT.
 */
export function checkSelect(text: string, dialect: DialectName, cap: number): CheckedSql {
  const database = DIALECT[dialect];
  let parsed: unknown;
  try {
    parsed = parser.astify(text, { database });
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0]!.slice(0, 160) : 'parse error';
    throw fail('sql.invalid', { reason });
  }
  const list = Array.isArray(parsed) ? parsed : [parsed];
  if (list.length !== 1) throw fail('sql.onlySelect');
  const ast = list[0] as Record<string, unknown>;
  if (ast.type !== 'select') throw fail('sql.onlySelect');

  const tables = new Set<string>();
  walk(ast, (node) => {
    if (node.type === 'select') {
      if (node.with) throw fail('sql.forbiddenClause', { name: 'WITH' });
      if (node._next || node.set_op) throw fail('sql.forbiddenClause', { name: 'UNION' });
      const into = node.into as { position?: unknown; expr?: unknown } | null | undefined;
      if (into && (into.position || into.expr)) throw fail('sql.forbiddenClause', { name: 'INTO' });
      if (node.for_update || node.locking_read) throw fail('sql.forbiddenClause', { name: 'FOR UPDATE' });
      for (const entry of (node.from as Record<string, unknown>[] | null) ?? []) {
        if (entry.expr !== undefined) continue; // a derived table: its own select is visited too
        const name = entry.table;
        if (typeof name !== 'string' || entry.db || entry.schema || !/^[A-Za-z0-9_]{1,64}$/.test(name))
          throw fail('sql.forbiddenTable', {
            name: [entry.db, entry.schema, name].filter(Boolean).join('.').slice(0, 64),
          });
        tables.add(name);
      }
    }
    if (node.type === 'function' || node.type === 'aggr_func') {
      const name = functionName(node);
      if (!FUNCTIONS.has(name)) throw fail('sql.forbiddenFunction', { name: name.slice(0, 64) });
    }
    if (node.type === 'var') throw fail('sql.forbiddenClause', { name: 'variables' });
    if (node.type === 'column_ref' && (node.db || node.schema))
      throw fail('sql.forbiddenClause', { name: 'qualified names' });
    // PostgreSQL folds unquoted names to lower case; module columns keep their case (customerName).
    if (dialect === 'postgres' && node.type === 'column_ref') {
      const column = node.column as { expr?: { type?: string } } | undefined;
      if (column?.expr?.type === 'default') column.expr.type = 'double_quote_string';
    }
  });
  if (tables.size === 0) throw fail('sql.forbiddenTable', { name: '-' });
  capLimit(ast, cap);
  return { sql: parser.sqlify(ast as never, { database }), tables: [...tables] };
}
