/**
 * POST common/:table/list: the list-query contract (building-blocks §7, docs/list-query.md). The
 * body is parsed and checked in full (query/parse.ts) before any SQL runs; tables named by joins
 * are resolved in the caller's registry with the same read rules as the URL's table.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context';
import { bodyTextOf } from '../plugins/body-text';
import { tableParams } from '../http/shapes';
import { ok } from '../reply';
import { resolveTarget, type Target } from './access';
import { withDataErrors } from './db-errors';
import { JoinTables } from './join-tables';
import { runListQuery, treeResult, type ListContext, type Scope } from './query/build';
import type { ParsedListQuery } from './query/parse';
import { parseListQueryCached } from './query/parse-cache';
import { intersectLimits, resolveDataLimit, type DataLimit, type DataLimitRequest } from './scope';
import type { Row } from './values';

/** What resolveDataLimit answers when the body asks for no limit. */
const NO_LIMIT: DataLimit = { kind: 'none' };

const AS_IS = 0;
const AS_BOOLEAN = 1;
const AS_NUMBER = 2;

const kindOf = (type: string) =>
  type === 'boolean' ? AS_BOOLEAN : type === 'string' || type === 'text' ? AS_IS : AS_NUMBER;

/** Whether a cell of this kind goes out as the driver read it. */
const asRead = (kind: number, value: unknown) =>
  value === null || (value !== undefined && (kind === AS_IS || (kind === AS_NUMBER && typeof value === 'number')));

/** Whether every cell of every row already has its output type (plain loops: this runs per request). */
function allAsRead(rows: Row[], names: string[], kinds: number[]): boolean {
  for (const row of rows) {
    for (let i = 0; i < names.length; i++) if (!asRead(kinds[i]!, row[names[i]!])) return false;
  }
  return true;
}

/**
 * The rows as the client sees them, typed by the output columns (joined and aggregate ones too):
 * booleans from 0/1, numbers from the strings some drivers give for decimals and big integers, null
 * for NULL. The page's SELECT lists exactly these columns, in this order, so when every cell is
 * already right (SQLite's numbers, strings; no boolean column) the driver's rows go out as they
 * are, without a copy. How each column decodes is worked out once per request, not per cell.
 */
function decodeRows(rows: Row[], fields: ParsedListQuery['fields']): Row[] {
  const count = fields.length;
  const names = new Array<string>(count);
  const kinds = new Array<number>(count);
  for (let i = 0; i < count; i++) {
    names[i] = fields[i]!.as;
    kinds[i] = kindOf(fields[i]!.column.type);
  }
  if (allAsRead(rows, names, kinds)) return rows;
  const decoded = new Array<Row>(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    const out: Row = {};
    for (let i = 0; i < count; i++) {
      const name = names[i]!;
      const value = row[name];
      const kind = kinds[i];
      if (value === null || value === undefined) out[name] = null;
      else if (kind === AS_BOOLEAN) out[name] = Number(value) === 1;
      else if (kind === AS_NUMBER && typeof value !== 'number') out[name] = Number(value);
      else out[name] = value;
    }
    decoded[r] = out;
  }
  return decoded;
}

/** How list-contract statements are built for this request (joined tables scoped by `joins`). */
export function listContextOf(ctx: ServerContext, joins: JoinTables): ListContext {
  return { db: ctx.db.db, likeOperator: ctx.db.spec.likeOperator, joinScope: (table) => joins.scope(table) };
}

/**
 * The scope of a list-contract query (list, aggregate): the target's, with the body's data limit,
 * which can only narrow the table's declared one (already in target.scope).
 */
export async function queryScope(
  ctx: ServerContext,
  target: Target,
  request: DataLimitRequest | undefined,
): Promise<Scope> {
  // No data limit asked for (most lists): the answer is known without the async resolver.
  const dataLimit = request ? await resolveDataLimit(ctx.db.db, ctx.tables, target.auth, request) : NO_LIMIT;
  return {
    ...target.scope,
    dataLimit: intersectLimits(target.scope.dataLimit ?? NO_LIMIT, dataLimit),
    userTable: ctx.tables.user,
  };
}

export async function listRows(
  ctx: ServerContext,
  request: FastifyRequest,
  target: Target,
  body: unknown,
): Promise<{ list: Row[]; total: number }> {
  const { auth } = target;
  const joins = new JoinTables(ctx, request, auth);
  // The body's text (when the request's own body is listed) keys the parse cache.
  const text = body === request.body ? bodyTextOf(request) : undefined;
  const query = await parseListQueryCached(body, text, target.table, (name) => joins.resolve(name));
  const listContext = listContextOf(ctx, joins);
  const scope = await queryScope(ctx, target, query.dataLimit);
  const result = await withDataErrors(ctx.db, target.table, () =>
    runListQuery(listContext, target.table, scope, query),
  );
  const list = decodeRows(result.list, query.fields);
  return query.parentKey ? treeResult(list, query) : { list, total: result.total };
}

export function registerList(app: FastifyInstance, ctx: ServerContext): void {
  app.post('/api/common/:table/list', { schema: { params: tableParams } }, async (request: FastifyRequest) => {
    const target = await resolveTarget(ctx, request, 'read');
    return ok(request, await listRows(ctx, request, target, request.body));
  });
}
