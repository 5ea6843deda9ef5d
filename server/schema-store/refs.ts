/**
 * What the cross-reference check may name (runtime/core/schema/cross-reference.ts): the app's
 * dictionary codes and its tables with their columns — module tables from the registry (cached),
 * system tables by their prefixed names — plus the module being saved, which may not exist yet.
 */
import { ModuleSchemaError } from '../errors';
import type { CrossReferenceContext } from '../../runtime/core/schema/issues';
import type { ServerContext } from '../context';
import type { AppRef } from '../modules/registry';
import { systemTableInfos } from '../modules/system-tables';

export async function referenceContext(
  ctx: ServerContext,
  app: AppRef,
  ownTable?: string,
): Promise<CrossReferenceContext> {
  const [dicts, modules] = await Promise.all([
    ctx.db.db
      .selectFrom(ctx.tables.dict)
      .select('dict_code')
      .distinct()
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
  const tables = new Map<string, ReadonlySet<string>>();
  for (const [name, info] of systemTableInfos(ctx.config.tablePrefix)) tables.set(name, new Set(info.columns.keys()));
  for (const row of modules) {
    const name = String(row.table_name);
    // A stored module the registry cannot read is left out: references to it are then reported.
    // Anything else (the database gone, say) is not a schema problem and fails the save as itself.
    const info = await ctx.registry.resolve(app, name).catch((error: unknown) => {
      if (error instanceof ModuleSchemaError) return undefined;
      throw error;
    });
    if (info) tables.set(name, new Set(info.columns.keys()));
  }
  if (ownTable && !tables.has(ownTable)) tables.set(ownTable, new Set());
  return { dictCodes: new Set(dicts.map((d) => String(d.dict_code))), tables };
}
