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
import { DIALECTS, type DialectName } from '../db/create-db';
import { badRequest } from '../errors';

const { Parser } = nodeSqlParser;
const parser = new Parser();

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
 * Deepest bracket nesting accepted. node-sql-parser's PostgreSQL grammar backtracks exponentially
 * on nested brackets (12 levels with an error inside: ~3 s of blocked event loop; 16 unclosed: the
 * process dies of memory), so depth is checked by a scan before the parser ever sees the text —
 * on every database alike. A report query rarely nests past 4.
 */
export const SQL_MAX_NESTING = 8;

/** Line and column (1-based) of an offset, as the parser reports them. */
function positionOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

/**
 * Brackets outside quotes and comments must balance and nest at most SQL_MAX_NESTING deep; the
 * first offence is refused with its position. Quotes: '...' (with '' inside, and \' on MySQL, where
 * the parser reads a backslash as an escape too), "...", `...`; comments -- and /* ... *\/. Where
 * this scan and the parser could disagree, the scan counts more brackets, never fewer.
 */
function checkBrackets(text: string, dialect: DialectName): void {
  const backslash = DIALECTS[dialect].sqlMode.backslashEscapes;
  const open: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      while (j < text.length && !(text[j] === c && text[j + 1] !== c))
        j += (backslash && text[j] === '\\') || text[j] === c ? 2 : 1;
      i = j;
    } else if (c === '-' && text[i + 1] === '-') {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 1;
    } else if (c === '(') {
      open.push(i);
      if (open.length > SQL_MAX_NESTING) throw fail('sql.tooDeep', { max: SQL_MAX_NESTING, ...positionOf(text, i) });
    } else if (c === ')') {
      if (open.pop() === undefined) throw fail('sql.syntax', { ...positionOf(text, i), near: ')' });
    }
  }
  if (open.length) throw fail('sql.syntax', { ...positionOf(text, open.at(-1)!), near: '(' });
}

/** The source text shown after "near": the token at the error, short, on one line. */
const NEAR_MAX = 24;

/**
 * A parse failure as a short message with a position: line, column and the text found there.
 * The parser's own message (a list of every token its grammar expected, its internals) is never
 * sent; it is only logged with the request.
 */
function syntaxError(text: string, error: unknown) {
  const start = (error as { location?: { start?: { offset?: unknown; line?: unknown; column?: unknown } } })?.location
    ?.start;
  if (!start || typeof start.offset !== 'number' || typeof start.line !== 'number' || typeof start.column !== 'number')
    return fail('sql.syntaxNoPosition');
  const rest = text.slice(start.offset);
  const token = /^\s*(\S{1,24})/u.exec(rest)?.[1];
  const near = token ? [...token].slice(0, NEAR_MAX).join('') : '';
  const failure = near
    ? fail('sql.syntax', { line: start.line, column: start.column, near })
    : fail('sql.syntaxAtEnd', { line: start.line, column: start.column });
  failure.cause = error;
  return failure;
}

/**
 * Parses and checks `text`; the caller then resolves every name in `tables` against the caller's
 * registry (a name that is not there refuses the statement). `cap` becomes (or bounds) the LIMIT.
 */
export function checkSelect(text: string, dialect: DialectName, cap: number): CheckedSql {
  const mode = DIALECTS[dialect].sqlMode;
  const database = mode.parserDatabase;
  checkBrackets(text, dialect);
  let parsed: unknown;
  try {
    parsed = parser.astify(text, { database });
  } catch (error) {
    throw syntaxError(text, error);
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
    // Module columns keep their case (customerName), which an unquoted name may lose (PostgreSQL).
    if (node.type === 'column_ref' && mode.quoteColumns) {
      const column = node.column as { expr?: { type?: string } } | undefined;
      if (column?.expr?.type === 'default') column.expr.type = 'double_quote_string';
    }
  });
  if (tables.size === 0) throw fail('sql.forbiddenTable', { name: '-' });
  capLimit(ast, cap);
  return { sql: parser.sqlify(ast as never, { database }), tables: [...tables] };
}
