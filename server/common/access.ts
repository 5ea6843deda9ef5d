/**
 * Which table a common-API call addresses and what the caller may do with it. The table name in
 * the URL is only ever a key into the registry; the scope (app, own row, the table's declared data
 * limit) comes from the session and the stored schema, never from the request.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ResultCode } from '../../protocol/codes';
import { authorizeTable } from '../access/tables';
import { requireAuth, type RequestAuth } from '../auth/session-hook';
import type { ServerContext } from '../context';
import { newId } from '../db/ids';
import { insertAudit } from '../db/tables';
import { ApiError, badRequest, forbidden } from '../errors';
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

const TABLE_PARAM = /^[A-Za-z0-9_]{1,64}$/;
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export async function resolveTarget(
  ctx: ServerContext,
  request: FastifyRequest,
  mode: 'read' | 'write',
): Promise<Target> {
  const auth = requireAuth(request);
  const name = (request.params as { table?: string }).table ?? '';
  if (!TABLE_PARAM.test(name)) throw badRequest('server.invalidValue', { key: 'table' });
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

export function idParam(request: FastifyRequest): string {
  const id = (request.params as { id?: string }).id ?? '';
  if (!ID_PATTERN.test(id)) throw badRequest('server.invalidValue', { key: 'id' });
  return id;
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

/** An audit_log entry, written in the same transaction as the change it records. */
export async function audit(
  ctx: ServerContext,
  trx: Kysely<any>,
  request: FastifyRequest,
  target: Target,
  action: 'create' | 'update' | 'delete',
  ids: string[],
): Promise<void> {
  await trx
    .insertInto(ctx.tables.audit_log)
    .values({
      id: newId(),
      app_id: target.scope.appId,
      ...insertAudit(target.auth.user.id, ctx.now()),
      user_id: target.auth.user.id,
      action,
      table_name: target.table.name,
      record_id: ids.join(',').slice(0, 255),
      ip: request.ip,
    })
    .execute();
}
