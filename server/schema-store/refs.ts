/**
 * What the cross-reference check may name (runtime/core/schema/cross-reference.ts): the app's
 * dictionary codes and its tables with their columns — module tables from the registry (cached),
 * system tables by their prefixed names — plus the module being saved, which may not exist yet.
 *
 * Every table of the app is known by name (one query), but columns are read only for the tables
 * the schema's joins read them from (tablesWhoseColumnsAreRead): a save right after another one
 * finds the registry emptied by the bus, and re-deriving every module of the app to check a schema
 * that joins none of them was most of a save's cost (docs/benchmarks-log.md "Schema save").
 */
import { ModuleSchemaError } from '../errors';
import { tablesWhoseColumnsAreRead, type CrossReferenceContext } from '../../runtime/core/schema/issues';
import type { ServerContext } from '../context';
import type { AppRef } from '../modules/registry';
import { systemTableInfos } from '../modules/system-tables';

const NO_COLUMNS: ReadonlySet<string> = new Set();
/** System tables are fixed per prefix: their column sets are computed once. */
const systemColumns = new Map<string, ReadonlyMap<string, ReadonlySet<string>>>();

function systemTables(prefix: string): ReadonlyMap<string, ReadonlySet<string>> {
  let tables = systemColumns.get(prefix);
  if (!tables) {
    tables = new Map([...systemTableInfos(prefix)].map(([name, info]) => [name, new Set(info.columns.keys())]));
    systemColumns.set(prefix, tables);
  }
  return tables;
}

/** `schema`: the read (parsed, migrated) schema being checked; `ownTable`: a module's table. */
export async function referenceContext(
  ctx: ServerContext,
  app: AppRef,
  schema: unknown,
  ownTable?: string,
): Promise<CrossReferenceContext> {
  // A dictionary exists once its type is saved (migration 0012), even before it has items.
  const [dicts, types, modules] = await Promise.all([
    ctx.db.db
      .selectFrom(ctx.tables.dict)
      .select('dict_code')
      .distinct()
      .where('app_id', '=', app.id)
      .where('is_deleted', '=', 0)
      .execute(),
    ctx.db.db
      .selectFrom(ctx.tables.dict_type)
      .select('code')
      .where('app_id', '=', app.id)
      .where('is_deleted', '=', 0)
      .execute(),
    ctx.db.db
      .selectFrom(ctx.tables.module)
      .select('table_name')
      .where('app_id', '=', app.id)
      .where('is_deleted', '=', 0)
      .execute(),
  ]);
  const tables = new Map(systemTables(ctx.config.tablePrefix));
  const read = tablesWhoseColumnsAreRead(schema);
  for (const row of modules) {
    const name = String(row.table_name);
    if (!read.has(name)) {
      tables.set(name, NO_COLUMNS);
      continue;
    }
    // A joined module whose stored schema the registry cannot read is left out: its joins are reported.
    // Anything else (the database gone, say) is not a schema problem and fails the save as itself.
    const info = await ctx.registry.resolve(app, name).catch((error: unknown) => {
      if (error instanceof ModuleSchemaError) return undefined;
      throw error;
    });
    if (info) tables.set(name, new Set(info.columns.keys()));
  }
  if (ownTable && !tables.has(ownTable)) tables.set(ownTable, NO_COLUMNS);
  const dictCodes = new Set([...dicts.map((d) => String(d.dict_code)), ...types.map((d) => String(d.code))]);
  return { dictCodes, tables };
}
