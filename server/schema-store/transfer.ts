/**
 * Export a module as one JSON document (schema + metadata) and import such a document into the
 * session's app through the same save pipeline (provenance `import`): the table is created, field
 * ids are kept, an older schemaVersion is migrated on the way in.
 */
import type { RequestAuth } from '../auth/session-hook';
import type { ServerContext } from '../context';
import { badRequest, notFound } from '../errors';
import { saveModule, type SaveResult } from './module-save';
import { parseSchemaInput } from './prepare';

export const EXPORT_FORMAT = 'tessera-module';
export const EXPORT_FORMAT_VERSION = 1;

export interface ModuleExport {
  format: typeof EXPORT_FORMAT;
  formatVersion: number;
  exportedAt: number;
  module: { title: string | null; table_name: string; version: number; hash: string | null };
  schema: unknown;
}

export async function exportModule(ctx: ServerContext, auth: RequestAuth, id: string): Promise<ModuleExport> {
  const row = await ctx.db.db
    .selectFrom(ctx.tables.module)
    .select(['title', 'table_name', 'schema', 'version'])
    .where('app_id', '=', auth.app.id)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound();
  const head = await ctx.db.db
    .selectFrom(ctx.tables.module_version)
    .select('hash')
    .where('module_id', '=', id)
    .where('kind', '=', 'module')
    .where('version', '=', Number(row.version))
    .executeTakeFirst();
  return {
    format: EXPORT_FORMAT,
    formatVersion: EXPORT_FORMAT_VERSION,
    exportedAt: ctx.now(),
    module: {
      title: (row.title as string | null) ?? null,
      table_name: String(row.table_name),
      version: Number(row.version),
      hash: (head?.hash as string | null | undefined) ?? null,
    },
    schema: JSON.parse(String(row.schema)),
  };
}

/** The list nodes of `from` now name table `to` (an import under another table name). */
function retable(schema: unknown, from: string, to: string): unknown {
  const walk = (nodes: unknown) => {
    if (!Array.isArray(nodes)) return;
    for (const node of nodes) {
      if (typeof node !== 'object' || node === null) continue;
      const n = node as Record<string, unknown>;
      if (n.type === 'list' && n.table === from) {
        n.table = to;
        const source = n.dataSource as { api?: unknown } | undefined;
        if (source && source.api === `common/${from}`) source.api = `common/${to}`;
      }
      walk(n.children);
    }
  };
  const copy = structuredClone(schema) as { body?: unknown };
  walk(copy.body);
  return copy;
}

export async function importModule(
  ctx: ServerContext,
  auth: RequestAuth,
  file: unknown,
  tableName?: string,
): Promise<SaveResult> {
  const doc = (typeof file === 'string' ? parseSchemaInput(file) : file) as Partial<ModuleExport> | undefined;
  if (
    typeof doc !== 'object' ||
    doc === null ||
    doc.format !== EXPORT_FORMAT ||
    typeof doc.module?.table_name !== 'string' ||
    typeof doc.schema !== 'object'
  )
    throw badRequest('data.schema.importInvalid');
  const from = doc.module.table_name;
  const table = tableName ?? from;
  const schema = table === from ? doc.schema : retable(doc.schema, from, table);
  return saveModule(ctx, auth, {
    tableName: table,
    title: doc.module.title ?? undefined,
    schema,
    provenance: 'import',
  });
}
