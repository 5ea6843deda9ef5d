/**
 * The module admin page's server side (issue 14 item 1, docs/modules.md): the app's modules as a
 * list (title, table, field count, last version, its author and time), the table-name check the
 * create form calls as you type, creating a minimal module through the schema store, soft delete
 * and restore, and a one-step rollback. Every schema write goes through the store (saveModule).
 *
 * Soft delete is the head row's `is_deleted = 1`: the registry, the grants, GET api/module/:id and
 * the store all read live heads only, so a deleted module's table answers nothing and its menus
 * open nothing, while the table and its rows stay untouched for a restore.
 */
import type { Kysely } from 'kysely';
import type { RequestAuth } from '../auth/session-hook';
import type { ServerContext } from '../context';
import { insertAudit } from '../db/tables';
import { badRequest, notFound } from '../errors';
import { moduleTableProblem, type ModuleTableProblem } from '../../protocol/module-table';
import { newFieldId } from '../../runtime/core/schema/field-id';
import { LATEST_SCHEMA_VERSION } from '../../runtime/core/migrate';
import { saveModule, type SaveResult } from '../schema-store/module-save';
import { readStoredSchema } from '../schema-store/prepare';
import { getVersion, listVersions, versionHistory, type VersionSummary } from '../schema-store/versions';
import { moduleFields, moduleTableName } from './columns';
import { insertMenuEntry, resolveMenuEntry, type MenuEntryInput } from './menu-entry';
import { tableExists } from './table-sync';

export interface ModuleListRow {
  id: string;
  title: string | null;
  table_name: string;
  field_count: number;
  version: number;
  author_name: string | null;
  update_at: number;
  is_deleted: number;
}

export interface ModuleListQuery {
  title?: string;
  table_name?: string;
  is_deleted?: number;
  current?: number;
  pageSize?: number;
}

type Row = Record<string, unknown>;

function headQuery(ctx: ServerContext, appId: string) {
  return ctx.db.db
    .selectFrom(`${ctx.tables.module} as m`)
    .leftJoin(`${ctx.tables.module_version} as v`, (join) =>
      join
        .onRef('v.module_id', '=', 'm.id')
        .onRef('v.version', '=', 'm.version')
        .on('v.kind', '=', 'module')
        .on('v.is_deleted', '=', 0),
    )
    .leftJoin(`${ctx.tables.user} as u`, 'u.id', 'v.author')
    .where('m.app_id', '=', appId);
}

/** Counts the fields that own a column (what the table holds besides the standard columns). */
function fieldCount(schemaText: unknown, table: string): number {
  const schema = readStoredSchema(typeof schemaText === 'string' ? schemaText : null);
  if (!schema) return 0;
  try {
    return moduleFields(schema as never, table).columns.length;
  } catch {
    return 0;
  }
}

function listRow(row: Row): ModuleListRow {
  const table = String(row.table_name);
  return {
    id: String(row.id),
    title: (row.title as string | null) ?? null,
    table_name: table,
    field_count: fieldCount(row.schema, table),
    version: Number(row.version ?? 1),
    author_name: ((row.author_name ?? row.author_account) as string | null) ?? null,
    // The last version's time; a head seeded before versions had times shows its own.
    update_at: Number(row.created_at ?? row.update_at),
    is_deleted: Number(row.is_deleted) === 1 ? 1 : 0,
  };
}

const LIST_COLUMNS = [
  'm.id',
  'm.title',
  'm.table_name',
  'm.schema',
  'm.version',
  'm.update_at',
  'm.is_deleted',
  'v.created_at',
  'u.name as author_name',
  'u.account as author_account',
] as const;

/** `%text%` for the dialect's case-insensitive LIKE (a search box: `_` and `%` stay wildcards). */
const likeValue = (text: string) => `%${text}%`;

export async function listModules(
  ctx: ServerContext,
  auth: RequestAuth,
  query: ModuleListQuery,
): Promise<{ list: ModuleListRow[]; total: number }> {
  const like = ctx.db.spec.likeOperator;
  let base = headQuery(ctx, auth.app.id).where('m.is_deleted', '=', query.is_deleted === 1 ? 1 : 0);
  if (query.title?.trim()) base = base.where('m.title', like, likeValue(query.title.trim()));
  if (query.table_name?.trim()) base = base.where('m.table_name', like, likeValue(query.table_name.trim()));
  const pageSize = query.pageSize ?? 10;
  const current = query.current ?? 1;
  const [rows, count] = await Promise.all([
    base
      .select([...LIST_COLUMNS])
      .orderBy('m.update_at', 'desc')
      .orderBy('m.id', 'asc')
      .limit(pageSize)
      .offset((current - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  return { list: rows.map(listRow), total: Number(count?.n ?? 0) };
}

export interface ModuleDetail extends ModuleListRow {
  /** Newest first: number, author, time and provenance of each version (no schemas). */
  versions: VersionSummary[];
}

/** One module, deleted or not, with its version history (the page's history modal). */
export async function moduleDetail(ctx: ServerContext, auth: RequestAuth, id: string): Promise<ModuleDetail> {
  const row = await headQuery(ctx, auth.app.id)
    .where('m.id', '=', id)
    .select([...LIST_COLUMNS])
    .executeTakeFirst();
  if (!row) throw notFound();
  const versions = await listVersions(ctx.db.db, ctx, auth.app.id, 'module', id);
  return { ...listRow(row), versions: versionHistory(versions) };
}

/**
 * Why `table` cannot be a new module's table, or undefined when it can: its shape (format, length,
 * reserved words: protocol/module-table.ts), the system prefix, a live or deleted module of the app
 * using it, or a table of that physical name already in the database.
 */
export async function tableNameProblem(
  ctx: ServerContext,
  auth: RequestAuth,
  table: string,
): Promise<ModuleTableProblem | undefined> {
  const shape = moduleTableProblem(table);
  if (shape) return shape;
  const prefix = ctx.config.tablePrefix;
  if (prefix && table.startsWith(prefix)) return { key: 'moduleAdmin.tableSystem', vars: { prefix } };
  const taken = await ctx.db.db
    .selectFrom(ctx.tables.module)
    .select(['title', 'is_deleted'])
    .where('app_id', '=', auth.app.id)
    .where('table_name', '=', table)
    .orderBy('is_deleted', 'asc')
    .executeTakeFirst();
  if (taken) {
    const title = (taken.title as string | null) ?? table;
    return Number(taken.is_deleted) === 0
      ? { key: 'moduleAdmin.tableTaken', vars: { table, title } }
      : { key: 'moduleAdmin.tableDeleted', vars: { table, title } };
  }
  let physical: string;
  try {
    physical = moduleTableName(auth.app.identify, table);
  } catch {
    // The app identifier leaves too little room: m_{app}_{table} would pass 60 characters.
    return { key: 'moduleAdmin.tableTooLong', vars: { max: Math.max(1, 60 - `m_${auth.app.identify}_`.length) } };
  }
  if (await tableExists(ctx.db, physical)) return { key: 'moduleAdmin.tableExists', vars: { table } };
  return undefined;
}

/**
 * The smallest module a designer can start from: a list of the table with one text field (名称),
 * the usual record actions, at the latest schemaVersion. It passes the store's every check.
 */
export function minimalModuleSchema(title: string, table: string): unknown {
  const text = { zh: title, en: title };
  return {
    $schema: 'tessera://meta/page.schema.json',
    schemaVersion: LATEST_SCHEMA_VERSION,
    type: 'page',
    title: text,
    body: [
      {
        type: 'list',
        key: table,
        title: text,
        table,
        dataSource: { kind: 'COMMON', api: `common/${table}` },
        idKey: 'id',
        pagination: { pageSize: 10 },
        actions: ['add', 'edit', 'detail', 'delete', 'batchDelete', 'export', 'columns'],
        fields: [
          {
            id: newFieldId(),
            key: 'name',
            title: { zh: '名称', en: 'Name' },
            type: 'input',
            maxLength: 255,
            search: { rule: 'LIKE' },
          },
        ],
      },
    ],
  };
}

/**
 * Creates the module and, unless `menu` is false, its menu entry (menu-entry.ts): the entry is
 * checked before anything is written, so a wrong parent or role creates neither.
 */
export async function createModule(
  ctx: ServerContext,
  auth: RequestAuth,
  input: { title: string; table_name: string; menu?: MenuEntryInput | false },
): Promise<SaveResult & { menu_id?: string }> {
  const title = input.title.trim();
  const problem = await tableNameProblem(ctx, auth, input.table_name);
  if (problem) throw badRequest(problem.key, problem.vars);
  const entry =
    input.menu === false ? undefined : await resolveMenuEntry(ctx.db.db, ctx, auth, title, input.menu ?? {});
  const saved = await saveModule(ctx, auth, {
    title,
    tableName: input.table_name,
    schema: minimalModuleSchema(title, input.table_name),
    provenance: 'designer',
  });
  if (!entry) return saved;
  const menuId = await ctx.db.db
    .transaction()
    .execute((trx: Kysely<any>) => insertMenuEntry(trx, ctx, auth, saved.id, entry));
  return { ...saved, menu_id: menuId };
}

/** After a head row changed outside the store: drop its table here and tell every instance. */
async function announce(ctx: ServerContext, appId: string, rows: Row[]): Promise<void> {
  for (const row of rows) {
    ctx.registry.invalidate(appId, String(row.table_name));
    await ctx.bus.publish({
      type: 'schema.changed',
      appId,
      kind: 'module',
      id: String(row.id),
      version: String(row.version ?? 1),
    });
  }
}

/**
 * Soft delete (deleted = true) or restore of the app's modules by id; ids not in that state are
 * left alone. A restore is refused while another live module uses the table (checked under the
 * same transaction as the update).
 */
export async function setModulesDeleted(
  ctx: ServerContext,
  auth: RequestAuth,
  ids: readonly string[],
  deleted: boolean,
): Promise<{ count: number }> {
  const appId = auth.app.id;
  const changed = await ctx.db.db.transaction().execute(async (trx: Kysely<any>) => {
    const rows = await trx
      .selectFrom(ctx.tables.module)
      .select(['id', 'table_name', 'version'])
      .where('app_id', '=', appId)
      .where('id', 'in', [...ids])
      .where('is_deleted', '=', deleted ? 0 : 1)
      .execute();
    for (const row of rows) {
      if (!deleted) {
        const clash = await trx
          .selectFrom(ctx.tables.module)
          .select('id')
          .where('app_id', '=', appId)
          .where('table_name', '=', row.table_name)
          .where('is_deleted', '=', 0)
          .executeTakeFirst();
        if (clash) throw badRequest('moduleAdmin.restoreClash', { table: String(row.table_name) });
      }
      const { update_by, update_at } = insertAudit(auth.user.id, ctx.now());
      await trx
        .updateTable(ctx.tables.module)
        .set({ is_deleted: deleted ? 1 : 0, update_by, update_at })
        .where('app_id', '=', appId)
        .where('id', '=', row.id)
        .execute();
    }
    return rows;
  });
  await announce(ctx, appId, changed);
  return { count: changed.length };
}

/**
 * Rolls a live module back to the version before its current one, through the store like the
 * history's rollback (POST api/module/:id/rollback/:ref): a new version with provenance rollback.
 */
export async function rollbackOneStep(ctx: ServerContext, auth: RequestAuth, id: string): Promise<SaveResult> {
  const head = await ctx.db.db
    .selectFrom(ctx.tables.module)
    .select(['title', 'version', 'table_name'])
    .where('app_id', '=', auth.app.id)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!head) throw notFound();
  const current = Number(head.version ?? 1);
  const previous =
    current > 1 ? await getVersion(ctx.db.db, ctx, auth.app.id, 'module', id, String(current - 1)) : undefined;
  if (!previous) throw badRequest('moduleAdmin.noEarlierVersion', { title: head.title ?? head.table_name });
  return saveModule(ctx, auth, {
    id,
    schema: previous.schema,
    rollbackOf: previous.id,
    provenance: 'rollback',
    confirm: true,
    baseVersion: current,
  });
}
