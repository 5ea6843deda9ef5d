/**
 * Creates a module's table or adds the columns its schema gained. It never drops or retypes a
 * column: removing a field from a schema must not destroy data (DESIGN §4). Where the database
 * rolls DDL back (SQLite, PostgreSQL) the whole sync is one transaction, so a failure (say, a
 * unique index over existing duplicates) leaves the table as it was; MySQL commits each DDL
 * statement, so there a failed sync may leave added columns behind (they are harmless and the
 * next sync continues).
 */
import type { Kysely } from 'kysely';
import type { DataTypeExpression } from '../db/dialects/types';
import type { ColumnType } from '../../runtime/core/registry';
import type { Db } from '../db/create-db';
import { uniqueIndexName } from '../db/tables';
import type { ModuleColumn } from './columns';

export function sqlType(type: ColumnType, db: Db): DataTypeExpression {
  const types: Record<ColumnType, DataTypeExpression> = {
    string: 'varchar(255)',
    text: db.spec.bigText,
    integer: 'integer',
    long: 'bigint',
    float: 'double precision',
    double: 'double precision',
    boolean: 'smallint',
    time: 'bigint',
  };
  return types[type];
}

async function existingColumns(db: Kysely<any>, table: string): Promise<Set<string> | undefined> {
  const tables = await db.introspection.getTables();
  const found = tables.find((t) => t.name === table);
  return found ? new Set(found.columns.map((c) => c.name.toLowerCase())) : undefined;
}

/** A module table with the standard columns, `columns`, and the list's (app_id, create_at) index. */
export async function createModuleTable(
  trx: Kysely<any>,
  db: Db,
  table: string,
  columns: readonly { name: string; type: ColumnType }[],
): Promise<void> {
  let builder = trx.schema
    .createTable(table)
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('create_by', 'varchar(32)')
    .addColumn('create_at', 'bigint', (c) => c.notNull())
    .addColumn('update_by', 'varchar(32)')
    .addColumn('update_at', 'bigint', (c) => c.notNull())
    .addColumn('is_deleted', 'smallint', (c) => c.notNull().defaultTo(0));
  for (const column of columns) builder = builder.addColumn(column.name, sqlType(column.type, db));
  if (db.spec.tableOptions) builder = builder.modifyEnd(db.spec.tableOptions);
  await builder.execute();
  // Lists sort by create_at desc by default, scoped to the app.
  await trx.schema
    .createIndex(uniqueIndexName(table, 'create_at').replace(/^uq_/, 'ix_'))
    .on(table)
    .columns(['app_id', 'create_at'])
    .execute();
}

export interface SyncResult {
  created: boolean;
  addedColumns: string[];
}

export async function syncModuleTable(db: Db, table: string, columns: ModuleColumn[]): Promise<SyncResult> {
  const run = (trx: Kysely<any>) => syncModuleTableIn(trx, db, table, columns);
  return db.spec.transactionalDdl ? db.db.transaction().execute(run) : run(db.db);
}

/**
 * The sync on a given connection or transaction (the module save runs it inside its own
 * transaction). `progress`, when given, is filled as tables and columns are added, so a caller
 * on a database without transactional DDL knows what to undo if a later step fails.
 */
export async function syncModuleTableIn(
  trx: Kysely<any>,
  db: Db,
  table: string,
  columns: ModuleColumn[],
  progress: SyncResult = { created: false, addedColumns: [] },
): Promise<SyncResult> {
  const existing = await existingColumns(trx, table);
  if (!existing) {
    await createModuleTable(trx, db, table, columns);
    progress.created = true;
    progress.addedColumns.push(...columns.map((c) => c.name));
  } else {
    const missing = columns.filter((c) => !existing.has(c.name.toLowerCase()));
    for (const column of missing) {
      await trx.schema.alterTable(table).addColumn(column.name, sqlType(column.type, db)).execute();
      progress.addedColumns.push(column.name);
    }
  }
  for (const column of columns.filter((c) => c.unique)) {
    await db.spec.ensureLiveUniqueIndex(trx, table, uniqueIndexName(table, column.name), ['app_id', column.name]);
  }
  return progress;
}

/** Whether a table exists (used by tests and diagnostics). */
export async function tableExists(db: Db, table: string): Promise<boolean> {
  return (await existingColumns(db.db, table)) !== undefined;
}
