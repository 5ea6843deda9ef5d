/**
 * Which table a common-API call addresses and what the caller may do with it. The table name in
 * the URL is only ever a key into the registry; the scope (app, own row, the table's declared data
 * limit) comes from the session and the stored schema, never from the request.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ResultCode } from '../../protocol/codes';
import { textOf } from '../../protocol/page-schema';
import { authorizeTable } from '../access/tables';
import { requireAuth, type RequestAuth } from '../auth/session-hook';
import type { ServerContext } from '../context';
import { ApiError, forbidden } from '../errors';
import { recordOperations, type OperationAction } from '../logs/record';
import { langOf } from '../reply';
import { recordId } from '../http/shapes';
import type { TableInfo } from '../modules/table-info';
import { tableMissing } from './db-errors';
import { declaredLimit } from './declared-limit';
import { scopeWhere, type Scope } from './query/build';
import { decodeRow, type Row } from './values';

export interface Target {
  auth: RequestAuth;
  table: TableInfo;
  scope: Scope;
}

export const ID_PATTERN = new RegExp(recordId.pattern);

export async function resolveTarget(
  ctx: ServerContext,
  request: FastifyRequest,
  mode: 'read' | 'write',
): Promise<Target> {
  // The route's params schema (tableParams / recordParams) has checked the name's form.
  return resolveNamedTarget(ctx, request, (request.params as { table: string }).table, mode);
}

/** resolveTarget for a table named elsewhere than the URL (the approval flows' module, server/flows). */
export async function resolveNamedTarget(
  ctx: ServerContext,
  request: FastifyRequest,
  name: string,
  mode: 'read' | 'write',
): Promise<Target> {
  const auth = requireAuth(request);
  const table = await ctx.registry.resolve(auth.app, name);
  if (!table) throw tableMissing(name);
  if (mode === 'write' && table.write === 'none')
    throw table.schemaStore
      ? new ApiError(ResultCode.FORBIDDEN, 'data.schema.readOnlyTable', { table: table.name })
      : new ApiError(ResultCode.FORBIDDEN, 'server.readOnlyTable');
  // System-table writes are decided by can() below (a user may edit their own name).
  if (mode === 'write' && table.write === 'admin' && !auth.isAdmin && table.kind !== 'system') throw forbidden();
  const onlyId = table.ownRowOnly && !auth.isAdmin ? auth.user.id : undefined;
  // The menu guard (server/access, docs/auth.md): refuses ungranted tables, limits visible rows.
  const { rows } = await authorizeTable(ctx, request, auth, table, mode);
  // The table's declared data limit bounds every access by id too (declared-limit.ts).
  const dataLimit = await declaredLimit(ctx, auth, table);
  return {
    auth,
    table,
    scope: {
      appId: auth.app.id,
      onlyId,
      ...(rows ? { onlyIds: rows } : {}),
      ...(dataLimit.kind === 'none' ? {} : { dataLimit, userTable: ctx.tables.user }),
    },
  };
}

/** The record id of a route declaring recordParams (its form checked by the schema). */
export function idParam(request: FastifyRequest): string {
  return (request.params as { id: string }).id;
}

/** One live row of the scope, decoded, or undefined. */
export async function readRow(db: Kysely<any>, target: Target, id: string): Promise<Row | undefined> {
  const row = await db
    .selectFrom(target.table.physical)
    .select([...target.table.columns.keys()])
    .where((eb) => eb.and([...scopeWhere(eb, target.scope), eb('id', '=', id)]))
    .executeTakeFirst();
  return row ? decodeRow(target.table, row as Row) : undefined;
}

/** One record a write touched: its values before and after (decoded rows; absent for create / delete). */
export interface Change {
  id: string | null;
  before?: Row;
  after?: Row;
}

/**
 * Operation-log entries (server/logs, docs/logs.md), written in the same transaction as the change
 * they record: one per record, with its values (redacted there) and a field-by-field diff.
 */
export async function audit(
  ctx: ServerContext,
  trx: Kysely<any>,
  request: FastifyRequest,
  target: Target,
  action: OperationAction,
  changes: Change[],
): Promise<void> {
  const lang = langOf(request);
  const titleOf = (key: string) => {
    const title = target.table.columns.get(key)?.title;
    return title ? textOf(title, lang) : key;
  };
  await recordOperations(
    ctx,
    trx,
    request,
    changes.map((change) => ({
      appId: target.scope.appId,
      userId: target.auth.user.id,
      action,
      table: target.table.name,
      recordId: change.id,
      before: change.before,
      after: change.after,
      titleOf,
    })),
  );
}
