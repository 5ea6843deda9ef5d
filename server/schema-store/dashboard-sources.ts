/**
 * GET api/dashboards/sources (admin): what the dashboard designer's query builder may bind a
 * widget to — the app's module tables the caller may read (the menu guard's can(), the same one
 * the aggregate route asks), each with its readable columns and what can be done with them
 * (protocol/dashboard-sources.ts). Columns come from the registry (only names found there ever
 * reach SQL); titles, widgets and dictionaries from the stored list's field definitions.
 */
import type { FastifyInstance } from 'fastify';
import '../../runtime/definitions';
import { getWidget } from '../../runtime/core/registry';
import type { SourceField, SourceFieldDisplay, SourceFieldKind, SourceTable } from '../../protocol/dashboard-sources';
import type { FieldDefinition, Text } from '../../protocol/page-schema';
import { can } from '../access/can';
import { grantsOf } from '../access/grants';
import type { ServerContext } from '../context';
import { listNodeOf, walkFields } from '../modules/columns';
import { dictCodeOf } from '../modules/field-defs';
import type { ColumnInfo } from '../modules/table-info';
import { strictObject } from '../http/shapes';
import { ok } from '../reply';
import { readStoredSchema } from './prepare';
import { admin } from './route-params';

const NUMERIC = new Set(['integer', 'long', 'float', 'double']);
const STANDARD_DATES = new Set(['create_at', 'update_at']);
/** Columns a chart never groups or measures by: the app, the soft-delete flag. */
const HIDDEN = new Set(['app_id', 'is_deleted']);
const STANDARD_TITLES: Record<string, Text> = {
  id: { zh: 'ID', en: 'ID' },
  create_by: { zh: '创建人', en: 'Created by' },
  create_at: { zh: '创建时间', en: 'Created at' },
  update_by: { zh: '修改人', en: 'Updated by' },
  update_at: { zh: '修改时间', en: 'Updated at' },
};

/** The aggregate parser's own rule (server/common/aggregate/parse.ts): a bucket needs one of these. */
function kindOf(column: ColumnInfo, definition: FieldDefinition | undefined): SourceFieldKind {
  if (column.type === 'time' || STANDARD_DATES.has(column.name)) return 'date';
  const widget = definition ? getWidget(definition.type) : undefined;
  if (column.type === 'long' && widget?.palette?.group === 'date') return 'date';
  return NUMERIC.has(column.type) ? 'number' : 'text';
}

/** `common/<table>` (with or without `/api/`): the field's options are another module's rows. */
function refOf(definition: FieldDefinition | undefined): SourceField['ref'] {
  const api = definition?.dictApi as { url?: unknown; valueKey?: unknown } | undefined;
  if (!api || typeof api !== 'object' || typeof api.url !== 'string') return undefined;
  const table = /^(?:\/?api\/)?\/?common\/([A-Za-z][A-Za-z0-9_]{0,63})$/.exec(api.url)?.[1];
  if (!table) return undefined;
  const key =
    typeof api.valueKey === 'string' && /^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(api.valueKey) ? api.valueKey : 'id';
  return { table, key };
}

/** The stored field's settings its ValueFormat reads (runtime/core/format), nothing else. */
function displayOf(definition: FieldDefinition | undefined): SourceFieldDisplay | undefined {
  if (!definition) return undefined;
  const props = (definition.props ?? {}) as { precision?: unknown; format?: unknown };
  const display: SourceFieldDisplay = {
    ...(typeof definition.dataType === 'string' ? { dataType: definition.dataType } : {}),
    ...(Array.isArray(definition.selectItems) && definition.selectItems.length
      ? { selectItems: definition.selectItems }
      : {}),
  };
  const own = {
    ...(typeof props.precision === 'number' ? { precision: props.precision } : {}),
    ...(typeof props.format === 'string' ? { format: props.format } : {}),
  };
  if (Object.keys(own).length) display.props = own;
  return Object.keys(display).length ? display : undefined;
}

function fieldOf(column: ColumnInfo, definition: FieldDefinition | undefined): SourceField {
  const dict = definition ? dictCodeOf(definition) : undefined;
  const items = (definition as { selectItems?: unknown } | undefined)?.selectItems;
  const display = displayOf(definition);
  return {
    key: column.name,
    ...(definition?.title !== undefined ? { title: definition.title } : column.title ? { title: column.title } : {}),
    ...(!definition && STANDARD_TITLES[column.name] ? { title: STANDARD_TITLES[column.name] } : {}),
    kind: kindOf(column, definition),
    ...(definition ? { widget: definition.type } : {}),
    ...(dict ? { dict } : {}),
    ...(dict || (Array.isArray(items) && items.length) ? { labelled: true } : {}),
    ...(refOf(definition) ? { ref: refOf(definition) } : {}),
    ...(display ? { display } : {}),
  };
}

/**
 * A reference is a join only to a table offered here (one the admin may read) through a column it
 * has: any other is dropped, so the query builder never offers a join the aggregate would refuse.
 */
function keepReadableRefs(sources: SourceTable[]): void {
  const byName = new Map(sources.map((source) => [source.table, source]));
  for (const source of sources)
    for (const field of source.fields) {
      const target = field.ref && byName.get(field.ref.table);
      if (field.ref && !target?.fields.some((f) => f.key === field.ref!.key)) delete field.ref;
    }
}

function definitionsOf(schema: unknown, table: string): Map<string, FieldDefinition> {
  const fields = new Map<string, FieldDefinition>();
  try {
    for (const field of walkFields(listNodeOf(schema as { body?: never[] }, table).fields))
      fields.set(field.key, field);
  } catch {
    // A schema without a list for its table: its columns still serve, without titles.
  }
  return fields;
}

const NO_QUERY = strictObject({}, 'No query: the tables the caller may read');

export function registerDashboardSources(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/api/dashboards/sources', { schema: { querystring: NO_QUERY } }, async (request) => {
    const auth = admin(request);
    const grants = await grantsOf(ctx, request, auth);
    const rows = await ctx.db.db
      .selectFrom(ctx.tables.module)
      .select(['id', 'table_name', 'title', 'schema'])
      .where('app_id', '=', auth.app.id)
      .where('is_deleted', '=', 0)
      .orderBy('table_name')
      .execute();
    const sources: SourceTable[] = [];
    for (const row of rows) {
      const name = String(row.table_name);
      if (!can(grants, 'read', { type: 'moduleTable', table: name }).allowed) continue;
      const info = await ctx.registry.resolve(auth.app, name).catch(() => undefined);
      if (!info) continue;
      const definitions = definitionsOf(readStoredSchema(row.schema as string | null), name);
      const fields = [...info.columns.values()]
        .filter((column) => !HIDDEN.has(column.name))
        .map((column) => fieldOf(column, definitions.get(column.name)));
      sources.push({ table: name, module: String(row.id), ...(row.title ? { title: String(row.title) } : {}), fields });
    }
    keepReadableRefs(sources);
    return ok(request, sources);
  });
}
