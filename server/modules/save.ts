/**
 * Saving a module's page schema (DESIGN §4): validate it with the one Ajv factory, create the
 * module's table or add the columns and unique indexes of new fields (never dropping or retyping
 * a column), write the module row (update_at bumped) and a module_version row (author, time,
 * schema, a diff summary, ai_generated) — all in one transaction where DDL is transactional
 * (SQLite, PostgreSQL). MySQL commits each DDL statement, so there the table work runs first and,
 * if any later step fails, exactly what this save added (the table it created, or its new
 * columns and unique indexes) is dropped again: compensation, never touching older columns.
 */
import type { Kysely } from 'kysely';
import '../../runtime/widgets/definitions';
import '../../runtime/nodes/definitions';
import { validatePage } from '../../runtime/core/schema/ajv';
import type { RequestAuth } from '../auth/session-hook';
import type { ServerContext } from '../context';
import { newId } from '../db/ids';
import { insertAudit, uniqueIndexName } from '../db/tables';
import { ApiError, badRequest, ModuleSchemaError, notFound } from '../errors';
import { ResultCode } from '../../protocol/codes';
import { moduleFields, moduleTableName, TABLE_NAME } from './columns';
import { schemaDiff, type SchemaDiff } from './save-diff';
import { syncModuleTableIn, type SyncResult } from './table-sync';
import { sql } from 'kysely';

export interface SaveInput {
  /** The module to update; absent for a new module. */
  id?: string;
  title?: string;
  tableName?: string;
  schema: unknown;
  aiGenerated?: boolean;
  rollbackOf?: string;
}

export interface SaveResult {
  id: string;
  versionId: string;
  diff: SchemaDiff;
}

/** Test seam: runs inside the metadata transaction, after the table work (failure injection). */
export interface SaveHooks {
  beforeCommit?: () => Promise<void> | void;
}

const MAX_ISSUES = 20;

function invalid(issues: string[]): ApiError {
  return badRequest('data.module.invalidSchema', { issues: issues.slice(0, MAX_ISSUES).join('; ') });
}

function parseSchema(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    throw invalid(['/: is not valid JSON']);
  }
}

async function dropAdded(ctx: ServerContext, physical: string, done: SyncResult, uniqueAdded: string[]): Promise<void> {
  const db = ctx.db.db;
  if (done.created) {
    await db.schema.dropTable(physical).ifExists().execute();
    return;
  }
  for (const key of uniqueAdded) {
    const index = uniqueIndexName(physical, key);
    await sql`drop index ${sql.id(index)} on ${sql.table(physical)}`.execute(db).catch(() => undefined);
    // MySQL's live-unique index stands on a virtual column of the same name (dialects/mysql.ts).
    await db.schema
      .alterTable(physical)
      .dropColumn(index)
      .execute()
      .catch(() => undefined);
  }
  for (const column of done.addedColumns) await db.schema.alterTable(physical).dropColumn(column).execute();
}

export async function saveModule(
  ctx: ServerContext,
  auth: RequestAuth,
  input: SaveInput,
  hooks: SaveHooks = {},
): Promise<SaveResult> {
  const schema = parseSchema(input.schema);
  const checked = validatePage(schema);
  if (!checked.valid) throw invalid(checked.errors.map((e) => `${e.path || '/'}: ${e.message}`));
  const appId = auth.app.id;
  const modules = ctx.tables.module;

  const previous = input.id
    ? await ctx.db.db
        .selectFrom(modules)
        .select(['id', 'title', 'table_name', 'schema'])
        .where('app_id', '=', appId)
        .where('id', '=', input.id)
        .where('is_deleted', '=', 0)
        .executeTakeFirst()
    : undefined;
  if (input.id && !previous) throw notFound();
  const table = previous ? String(previous.table_name) : (input.tableName ?? '');
  if (previous && input.tableName !== undefined && input.tableName !== table)
    throw badRequest('data.module.tableFixed');
  if (!TABLE_NAME.test(table) || table.length > 40)
    throw invalid([`table_name: must be lower-case letters, digits and _`]);

  let physical: string;
  let columns: ReturnType<typeof moduleFields>['columns'];
  try {
    physical = moduleTableName(auth.app.identify, table);
    columns = moduleFields(schema as { body?: never[] }, table).columns;
  } catch (error) {
    if (error instanceof ModuleSchemaError) throw invalid([error.message]);
    throw error;
  }
  if (!previous) {
    const taken = await ctx.db.db
      .selectFrom(modules)
      .select('id')
      .where('app_id', '=', appId)
      .where('table_name', '=', table)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (taken) throw badRequest('data.module.tableTaken', { table });
  }

  let before: unknown;
  try {
    before = previous ? JSON.parse(String(previous.schema)) : undefined;
  } catch {
    before = undefined;
  }
  const changes = schemaDiff(before, schema, table);
  const id = previous ? String(previous.id) : newId();
  const versionId = newId();
  const now = ctx.now();
  const text = JSON.stringify(schema);
  const title = input.title ?? (previous?.title as string | undefined) ?? textTitle(schema);
  const done: SyncResult = { created: false, addedColumns: [] };
  const diff = (): SchemaDiff => ({
    tableCreated: done.created,
    columnsAdded: [...done.addedColumns],
    ...changes,
    ...(input.rollbackOf ? { rollbackOf: input.rollbackOf } : {}),
  });

  const writeMeta = async (trx: Kysely<any>) => {
    if (previous) {
      await trx
        .updateTable(modules)
        .set({ title, schema: text, update_by: auth.user.id, update_at: now })
        .where('id', '=', id)
        .where('app_id', '=', appId)
        .execute();
    } else {
      await trx
        .insertInto(modules)
        .values({ id, app_id: appId, ...insertAudit(auth.user.id, now), title, table_name: table, schema: text })
        .execute();
    }
    await trx
      .insertInto(ctx.tables.module_version)
      .values({
        id: versionId,
        app_id: appId,
        ...insertAudit(auth.user.id, now),
        module_id: id,
        schema: text,
        author: auth.user.id,
        created_at: now,
        ai_generated: input.aiGenerated ? 1 : 0,
        diff: JSON.stringify(diff()),
      })
      .execute();
    await hooks.beforeCommit?.();
  };

  try {
    if (ctx.db.spec.transactionalDdl) {
      await ctx.db.db.transaction().execute(async (trx) => {
        await syncModuleTableIn(trx, ctx.db, physical, columns, done);
        await writeMeta(trx);
      });
    } else {
      try {
        await syncModuleTableIn(ctx.db.db, ctx.db, physical, columns, done);
        await ctx.db.db.transaction().execute(writeMeta);
      } catch (error) {
        await dropAdded(ctx, physical, done, changes.uniqueAdded).catch((undo: unknown) => {
          // Logged by the caller with the original error; the schema stays as the last good save.
          (error as { compensation?: unknown }).compensation = undo;
        });
        throw error;
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const failure = ctx.db.spec.classifyError(error);
    const wrapped =
      failure?.kind === 'duplicate'
        ? new ApiError(ResultCode.DATA_ERROR, 'server.duplicateEntry', {
            value: String(failure.value ?? ''),
            field: failure.columns?.at(-1) ?? failure.index ?? '',
          })
        : new ApiError(ResultCode.DATA_ERROR, 'error.dataOperation');
    wrapped.cause = error;
    throw wrapped;
  } finally {
    ctx.registry.invalidate(appId, table);
  }
  return { id, versionId, diff: diff() };
}

function textTitle(schema: unknown): string | null {
  const title = (schema as { title?: unknown }).title;
  if (typeof title === 'string') return title;
  if (title && typeof title === 'object' && typeof (title as { zh?: unknown }).zh === 'string')
    return (title as { zh: string }).zh;
  return null;
}
