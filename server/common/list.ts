/**
 * POST common/:table/list: the list-query contract (building-blocks §7, docs/list-query.md). The
 * body is parsed and checked in full (query/parse.ts) before any SQL runs; tables named by joins
 * are resolved in the caller's registry with the same read rules as the URL's table.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can } from '../access/can';
import { grantsOf } from '../access/grants';
import type { ServerContext } from '../context';
import type { TableInfo } from '../modules/table-info';
import { ok } from '../reply';
import { resolveTarget, type Target } from './access';
import { withDataErrors } from './db-errors';
import { runListQuery, treeResult, type ListContext } from './query/build';
import { parseListQuery, type ParsedListQuery } from './query/parse';
import { resolveDataLimit } from './scope';
import type { Row } from './values';

const AS_IS = 0;
const AS_BOOLEAN = 1;
const AS_NUMBER = 2;

/**
 * A row as the client sees it, typed by the output columns (joined and aggregate ones too). How
 * each column decodes is worked out once per request, not per row and cell.
 */
function decoder(query: ParsedListQuery): (row: Row) => Row {
  const names = query.fields.map((f) => f.as);
  const kinds = query.fields.map(({ column: { type } }) =>
    type === 'boolean' ? AS_BOOLEAN : type === 'string' || type === 'text' ? AS_IS : AS_NUMBER,
  );
  return (row) => {
    const out: Row = {};
    for (let i = 0; i < names.length; i++) {
      const name = names[i]!;
      const value = row[name];
      const kind = kinds[i];
      if (value === null || value === undefined) out[name] = null;
      else if (kind === AS_BOOLEAN) out[name] = Number(value) === 1;
      else if (kind === AS_NUMBER && typeof value !== 'number') out[name] = Number(value);
      else out[name] = value;
    }
    return out;
  };
}

/**
 * Tables a join may name: those of the registry the caller may read, by the same guard as the URL's
 * table (can()). Anything else answers "no such table", so hidden tables are not confirmed to exist.
 */
function joinResolver(ctx: ServerContext, request: FastifyRequest, target: Target) {
  const { auth } = target;
  const visibleRows = new Map<TableInfo, readonly string[] | undefined>();
  const resolve = async (name: string): Promise<TableInfo | undefined> => {
    const table = await ctx.registry.resolve(auth.app, name);
    if (!table) return undefined;
    const grants = await grantsOf(ctx, request, auth);
    const decision = can(
      grants,
      'read',
      table.kind === 'module'
        ? { type: 'moduleTable', table: table.name }
        : { type: 'systemTable', table: table.name.slice(ctx.config.tablePrefix.length) },
    );
    if (!decision.allowed) return undefined;
    visibleRows.set(table, decision.rows);
    return table;
  };
  const scope = (table: TableInfo) => {
    const rows = visibleRows.get(table);
    return {
      appId: auth.app.id,
      onlyId: table.ownRowOnly && !auth.isAdmin ? auth.user.id : undefined,
      ...(rows ? { onlyIds: rows } : {}),
    };
  };
  return { resolve, scope };
}

export async function listRows(
  ctx: ServerContext,
  request: FastifyRequest,
  target: Target,
  body: unknown,
): Promise<{ list: Row[]; total: number }> {
  const { auth } = target;
  const joins = joinResolver(ctx, request, target);
  const query = await parseListQuery(body, target.table, joins.resolve);
  const dataLimit = await resolveDataLimit(ctx.db.db, ctx.tables, auth, query.dataLimit);
  const listContext: ListContext = {
    db: ctx.db.db,
    likeOperator: ctx.db.spec.likeOperator,
    joinScope: joins.scope,
  };
  const scope = { ...target.scope, dataLimit, userTable: ctx.tables.user };
  const result = await withDataErrors(ctx.db, target.table, () =>
    runListQuery(listContext, target.table, scope, query),
  );
  const list = result.list.map(decoder(query));
  return query.parentKey ? treeResult(list, query) : { list, total: result.total };
}

export function registerList(app: FastifyInstance, ctx: ServerContext): void {
  app.post('/api/common/:table/list', async (request: FastifyRequest) => {
    const target = await resolveTarget(ctx, request, 'read');
    return ok(request, await listRows(ctx, request, target, request.body));
  });
}
