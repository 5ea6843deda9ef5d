/**
 * How many records store a dictionary value, and where: every live module of the app is resolved
 * through the module registry, its fields read from the stored schema (loadModuleMeta), and each
 * field whose dictionary is `code` counted in the module's own table. A multi-valued field (checkbox,
 * multiple select: comma-joined values) counts a record holding the value among others.
 */
import type { Kysely } from 'kysely';
import type { ServerContext } from '../../context';
import { dictCodeOf, isMultiValued, loadModuleMeta } from '../../modules/field-defs';
import type { AppRef } from '../../modules/registry';

export interface DictUsage {
  count: number;
  /** Module table, field key and how many of its records hold the value. */
  places: { table: string; field: string; count: number }[];
}

export async function countDictUsage(
  ctx: ServerContext,
  trx: Kysely<any>,
  app: AppRef,
  code: string,
  value: string,
): Promise<DictUsage> {
  const modules = await trx
    .selectFrom(ctx.tables.module)
    .select('table_name')
    .where('app_id', '=', app.id)
    .where('is_deleted', '=', 0)
    .execute();
  const usage: DictUsage = { count: 0, places: [] };
  for (const { table_name: name } of modules) {
    const table = await ctx.registry.resolve(app, String(name));
    if (!table) continue;
    const { fields } = await loadModuleMeta(trx, ctx.tables, app.id, table);
    for (const field of fields.values()) {
      // Only columns the registry knows reach SQL (the key is looked up, never copied).
      if (dictCodeOf(field) !== code || !table.columns.has(field.key)) continue;
      const column = field.key;
      const multi = isMultiValued(field);
      const row = await trx
        .selectFrom(table.physical)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('app_id', '=', app.id)
        .where('is_deleted', '=', 0)
        .where((eb) =>
          multi
            ? eb.or([
                eb(column, '=', value),
                eb(column, 'like', `${value},%`),
                eb(column, 'like', `%,${value}`),
                eb(column, 'like', `%,${value},%`),
              ])
            : eb(column, '=', value),
        )
        .executeTakeFirst();
      const count = Number(row?.n ?? 0);
      if (count > 0) {
        usage.count += count;
        usage.places.push({ table: table.name, field: column, count });
      }
    }
  }
  return usage;
}
