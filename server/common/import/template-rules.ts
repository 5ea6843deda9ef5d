/**
 * The rules of import-template writes through the common API (docs/import-templates.md): a
 * template names a module of the caller's app (resolved through the module registry, never taken
 * on trust) and a column list whose every key is a writable field of that module, each once. A bad
 * template is refused when it is saved, with a message naming the module or key, rather than at
 * the first import that uses it; the list is then checked as an import would check it.
 */
import type { ServerContext } from '../../context';
import { importTemplateTable } from '../../db/migrations/0005-import-template';
import { badRequest } from '../../errors';
import type { Target } from '../access';
import { isPlainObject } from '../values';
import { importSpec, unlistedRequired } from './fields';

type Values = Record<string, unknown>;

export function isImportTemplateTable(ctx: Pick<ServerContext, 'config'>, physical: string): boolean {
  return physical === importTemplateTable(ctx.config.tablePrefix);
}

function keysOf(fields: unknown): unknown[] | undefined {
  if (typeof fields !== 'string') return undefined;
  try {
    const list: unknown = JSON.parse(fields);
    return Array.isArray(list) ? list.map((entry) => (isPlainObject(entry) ? entry.key : undefined)) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Checks a create (id undefined) or update of an import template before the write's transaction
 * (the module registry and schema reads use the pool: on SQLite's one connection a read from inside
 * the transaction would wait for it forever); throws a P4000 with a message in the caller's
 * language and nothing is written.
 */
export async function checkImportTemplateWrite(
  ctx: ServerContext,
  target: Target,
  id: string | undefined,
  values: Values,
): Promise<void> {
  if (!isImportTemplateTable(ctx, target.table.physical)) return;
  if (id && !('table_name' in values) && !('fields' in values)) return;
  const before = id
    ? await ctx.db.db
        .selectFrom(target.table.physical)
        .select(['table_name', 'fields'])
        .where('app_id', '=', target.scope.appId)
        .where('id', '=', id)
        .where('is_deleted', '=', 0)
        .executeTakeFirst()
    : undefined;
  const tableName = String(values.table_name ?? before?.table_name ?? '');
  const fields = 'fields' in values ? values.fields : before?.fields;
  const module = tableName ? await ctx.registry.resolve(target.auth.app, tableName) : undefined;
  if (!module || module.kind !== 'module') throw badRequest('data.importTemplate.badTable', { table: tableName });
  const seen = new Set<unknown>();
  for (const key of keysOf(fields) ?? []) {
    const column = typeof key === 'string' ? module.columns.get(key) : undefined;
    if (!column?.writable || seen.has(key))
      throw badRequest('data.importTemplate.badField', { table: tableName, key: String(key ?? '').slice(0, 64) });
    seen.add(key);
  }
  // Everything else (an empty list, bad JSON, titles, options) is refused as an import would refuse it.
  const moduleTarget = { ...target, table: module };
  const spec = await importSpec(ctx, moduleTarget, { fields }, 'zh');
  // A template without one of the module's required columns would fail every import that uses it.
  const missing = unlistedRequired(moduleTarget, spec);
  if (missing.length)
    throw badRequest('data.importTemplate.missingRequired', {
      table: tableName,
      keys: missing.map((c) => c.name).join(', '),
      listed: spec.fields.length,
    });
}
