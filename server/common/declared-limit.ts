/**
 * Facts of a module table's stored schema the server enforces. The data limit its stored list declares (its `query.dataLimitType`, ...,
 * docs/list-query.md "Data scoping"), resolved for the caller. It is the server's own: the common
 * API applies it to every access of the table — list, export, joins, get, update and delete by id —
 * whatever the request body says, so a record a user cannot list cannot be read or changed by id
 * either (it answers "not found", like a record that does not exist).
 */
import type { Kysely } from 'kysely';
import type { RequestAuth } from '../auth/session-hook';
import type { ServerContext } from '../context';
import type { TableNames } from '../db/tables';
import type { FieldDefinition } from '../../protocol/page-schema';
import '../../runtime/definitions';
import { richTextCodec } from '../../runtime/core/codecs/text-encoding';
import { getWidget } from '../../runtime/core/registry';
import { listNodeOf, walkFields } from '../modules/columns';
import type { TableInfo } from '../modules/table-info';
import { parseDataLimit, resolveDataLimit, type DataLimit, type DataLimitRequest } from './scope';
import { isPlainObject } from './values';

/** What the common API enforces from a module's stored schema (beyond its columns). */
export interface StoredFacts {
  limit?: DataLimitRequest;
  /** Columns of rich-text widgets (stored as encoded HTML): sanitized on write (rich-text.ts). */
  richColumns: Set<string>;
  /** The stored field definitions by key (aggregate queries: date widgets, dictionaries). */
  fields: Map<string, FieldDefinition>;
}

const NO_FACTS: StoredFacts = { richColumns: new Set(), fields: new Map() };

/**
 * Keyed by the registry's TableInfo: the registry makes a new one when a module is saved (its
 * invalidate()), so cached facts live exactly as long as the schema they were read from.
 */
const declared = new WeakMap<TableInfo, Promise<StoredFacts>>();

async function readFacts(db: Kysely<any>, tables: TableNames, appId: string, table: TableInfo): Promise<StoredFacts> {
  const row = await db
    .selectFrom(tables.module)
    .select('schema')
    .where('app_id', '=', appId)
    .where('table_name', '=', table.name)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!row) return NO_FACTS;
  // The registry parsed this schema already (it built `table` from it).
  const list = listNodeOf(JSON.parse(String(row.schema)) as never, table.name) as { query?: unknown; fields?: unknown };
  const richColumns = new Set<string>();
  const fields = new Map<string, FieldDefinition>();
  for (const field of walkFields(list.fields)) {
    if (field.not_sql_field || !table.columns.has(field.key)) continue;
    fields.set(field.key, field);
    if (getWidget(field.type)?.codec === richTextCodec) richColumns.add(field.key);
  }
  return { limit: isPlainObject(list.query) ? parseDataLimit(list.query) : undefined, richColumns, fields };
}

export function storedFacts(ctx: ServerContext, appId: string, table: TableInfo): Promise<StoredFacts> {
  // System tables have their own rules (the menu guard, the own-row rule) and no rich text.
  if (table.kind !== 'module') return Promise.resolve(NO_FACTS);
  let pending = declared.get(table);
  if (!pending) {
    pending = readFacts(ctx.db.db, ctx.tables, appId, table);
    declared.set(table, pending);
    // A failed read is not remembered: the next request tries again.
    pending.catch(() => declared.delete(table));
  }
  return pending;
}

/** The declared limit of `table` for this caller ({ kind: 'none' } when it declares none). */
export async function declaredLimit(ctx: ServerContext, auth: RequestAuth, table: TableInfo): Promise<DataLimit> {
  const { limit } = await storedFacts(ctx, auth.app.id, table);
  return resolveDataLimit(ctx.db.db, ctx.tables, auth, limit);
}
