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

export class TableRegistry {
  private readonly system: Map<string, TableInfo>;
  private readonly modules = new Map<string, Map<string, TableInfo>>();

  constructor(
    private readonly db: Db,
    private readonly tables: TableNames,
    private readonly prefix: string,
  ) {
    this.system = systemTableInfos(prefix);
  }

  /** The table named `name` for this app, or undefined when there is none. */
  async resolve(app: AppRef, name: string): Promise<TableInfo | undefined> {
    if (name.startsWith(this.prefix)) return this.system.get(name);
    const cached = this.modules.get(app.id)?.get(name);
    if (cached) return cached;
    if (!TABLE_NAME.test(name)) return undefined;
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
    const info = moduleTableInfo(app, String(row.table_name), schema);
    let perApp = this.modules.get(app.id);
    if (!perApp) this.modules.set(app.id, (perApp = new Map()));
    perApp.set(name, info);
    return info;
  }

  /** Forget cached module tables of an app (after a module save). */
  invalidate(appId: string, table?: string): void {
    if (table) this.modules.get(appId)?.delete(table);
    else this.modules.delete(appId);
  }
}
