/**
 * The data limit a module table's stored list declares (its `query.dataLimitType`, ...,
 * docs/list-query.md "Data scoping"), resolved for the caller. It is the server's own: the common
 * API applies it to every access of the table — list, export, joins, get, update and delete by id —
 * whatever the request body says, so a record a user cannot list cannot be read or changed by id
 * either (it answers "not found", like a record that does not exist).
 */
import type { Kysely } from 'kysely';
import type { RequestAuth } from '../auth/session-hook';
import type { ServerContext } from '../context';
import type { TableNames } from '../db/tables';
import { listNodeOf } from '../modules/columns';
import type { TableInfo } from '../modules/table-info';
import { parseDataLimit, resolveDataLimit, type DataLimit, type DataLimitRequest } from './scope';
import { isPlainObject } from './values';

/**
 * Keyed by the registry's TableInfo: the registry makes a new one when a module is saved (its
 * invalidate()), so a cached declaration lives exactly as long as the schema it was read from.
 */
const declared = new WeakMap<TableInfo, Promise<DataLimitRequest | undefined>>();

async function readDeclared(
  db: Kysely<any>,
  tables: TableNames,
  appId: string,
  table: TableInfo,
): Promise<DataLimitRequest | undefined> {
  const row = await db
    .selectFrom(tables.module)
    .select('schema')
    .where('app_id', '=', appId)
    .where('table_name', '=', table.name)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!row) return undefined;
  // The registry parsed this schema already (it built `table` from it).
  const list = listNodeOf(JSON.parse(String(row.schema)) as never, table.name) as { query?: unknown };
  return isPlainObject(list.query) ? parseDataLimit(list.query) : undefined;
}

export function declaredLimitRequest(
  ctx: ServerContext,
  appId: string,
  table: TableInfo,
): Promise<DataLimitRequest | undefined> {
  // System tables have their own rules (the menu guard, the own-row rule); only modules declare.
  if (table.kind !== 'module') return Promise.resolve(undefined);
  let pending = declared.get(table);
  if (!pending) {
    pending = readDeclared(ctx.db.db, ctx.tables, appId, table);
    declared.set(table, pending);
    // A failed read is not remembered: the next request tries again.
    pending.catch(() => declared.delete(table));
  }
  return pending;
}

/** The declared limit of `table` for this caller ({ kind: 'none' } when it declares none). */
export async function declaredLimit(ctx: ServerContext, auth: RequestAuth, table: TableInfo): Promise<DataLimit> {
  const request = await declaredLimitRequest(ctx, auth.app.id, table);
  return resolveDataLimit(ctx.db.db, ctx.tables, auth, request);
}
