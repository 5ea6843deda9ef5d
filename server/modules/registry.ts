/**
 * The per-app registry of tables the common API can reach: logical name → physical table, its
 * columns, types, titles and unique fields. Module tables are derived from the module's stored
 * schema on first use and cached; system tables come from a static list (system-tables.ts).
 *
 * The cache is per process. A schema save publishes schema.changed on the bus and every instance
 * drops the app's entries on it (server/schema-store/notify.ts).
 */
import type { Db } from '../db/create-db';
import type { TableNames } from '../db/tables';
import { moduleFields, moduleTableName, TABLE_NAME } from './columns';
import { systemTableInfos } from './system-tables';
import { makeTableInfo, type TableInfo } from './table-info';
import { ModuleSchemaError } from '../errors';
import { readStoredSchema } from '../schema-store/prepare';

export interface AppRef {
  id: string;
  identify: string;
}

export function moduleTableInfo(app: AppRef, table: string, schema: unknown): TableInfo {
  const { columns, virtualKeys } = moduleFields(schema as { body?: never[] }, table);
  return makeTableInfo({
    name: table,
    physical: moduleTableName(app.identify, table),
    kind: 'module',
    columns,
    virtualKeys,
    write: 'user',
  });
}

/** One settled promise for "no such table", so a miss on a bad name allocates nothing. */
const NO_TABLE: Promise<TableInfo | undefined> = Promise.resolve(undefined);

export class TableRegistry {
  private readonly system: Map<string, Promise<TableInfo | undefined>>;
  /**
   * app id → table name → the load of that table. The promise itself is cached, not its value:
   * a warm hit returns the settled promise without allocating a new one (this is the path of every
   * common-API request; bench/schema-save.bench.ts), and concurrent cold requests share one read.
   */
  private readonly modules = new Map<string, Map<string, Promise<TableInfo | undefined>>>();

  constructor(
    private readonly db: Db,
    private readonly tables: TableNames,
    private readonly prefix: string,
  ) {
    this.system = new Map([...systemTableInfos(prefix)].map(([name, info]) => [name, Promise.resolve(info)]));
  }

  /** The table named `name` for this app, or undefined when there is none. */
  resolve(app: AppRef, name: string): Promise<TableInfo | undefined> {
    const cached = this.modules.get(app.id)?.get(name);
    if (cached) return cached;
    if (name.startsWith(this.prefix)) return this.system.get(name) ?? NO_TABLE;
    if (!TABLE_NAME.test(name)) return NO_TABLE;
    let perApp = this.modules.get(app.id);
    if (!perApp) this.modules.set(app.id, (perApp = new Map()));
    const loading = this.load(app, name);
    perApp.set(name, loading);
    // A missing table is not remembered (a module created later must be found), nor is a failed
    // read. Only this load's own entry is dropped: an invalidate() meanwhile may have replaced it.
    const forget = () => {
      if (this.modules.get(app.id)?.get(name) === loading) this.modules.get(app.id)?.delete(name);
    };
    loading.then((info) => info ?? forget(), forget);
    return loading;
  }

  private async load(app: AppRef, name: string): Promise<TableInfo | undefined> {
    const row = await this.db.db
      .selectFrom(this.tables.module)
      .select(['table_name', 'schema'])
      .where('app_id', '=', app.id)
      .where('table_name', '=', name)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!row) return undefined;
    // Read through migrate (readStoredSchema): a schema stored at an older schemaVersion still serves.
    const schema = readStoredSchema(String(row.schema));
    if (schema === null) throw new ModuleSchemaError(`The stored schema of module table "${name}" cannot be read`);
    return moduleTableInfo(app, String(row.table_name), schema);
  }

  /** Forget cached module tables of an app (after a module save), or of every app (no appId). */
  invalidate(appId?: string, table?: string): void {
    if (appId === undefined) this.modules.clear();
    else if (table) this.modules.get(appId)?.delete(table);
    else this.modules.delete(appId);
  }
}
