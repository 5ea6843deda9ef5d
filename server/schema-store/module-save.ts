/**
 * Saving a module schema through the store's one pipeline (docs/schemas.md): parse → migrate →
 * validate → derive the model → plan the table sync → (dry run: answer the plan) → check unique
 * indexes against existing data → sync the table → write the head row and a numbered version
 * (author, time, provenance, content hash, model, diff summary) → notify every instance.
 *
 * Optimistic concurrency: a save names `baseVersion`, the head version it was based on; when the
 * head moved on, it fails with CONFLICT naming the other author and time, and nothing is written.
 * Saves of one module are serialised (lock.ts), so of two racing saves exactly one wins.
 * SQLite and PostgreSQL run it all in one transaction; on MySQL, where DDL commits, each applied
 * step's inverse is run if a later step or the metadata write fails (compensation), and journaled
 * before the step runs so that a save killed midway is undone by the next start or the next save
 * of the module (journal.ts).
 */
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { RequestAuth } from '../auth/session-hook';
import type { ServerContext } from '../context';
import { newId } from '../db/ids';
import { insertAudit } from '../db/tables';
import { ApiError, badRequest, ModuleSchemaError, notFound } from '../errors';
import { ResultCode } from '../../protocol/codes';
import { moduleTableName } from '../modules/columns';
import type { SchemaDiff } from '../modules/save-diff';
import { applyPlan, checkUniqueSteps, physicalColumns, runUndo, type UndoStep } from './apply';
import { countPlanUnconverted } from './convert';
import { schemaHash } from './hash';
import { invalidSchema, issue } from './issues';
import { closeJournal, openJournal, recoverLocked } from './journal';
import { underSchemaLock } from './lock';
import { deriveModel, modelDiff, modelOf, withRetired, type ModuleModel } from './model';
import { notifySchemaChanged } from './notify';
import { planSync, type PlanStep } from './plan';
import { checkModuleSchema, readSchemaInput, readStoredSchema } from './prepare';
import { referenceContext } from './refs';
import { conflictError, headModel, type Provenance } from './versions';

export interface SaveInput {
  /** The module to update; absent for a new module. */
  id?: string;
  title?: string;
  tableName?: string;
  schema: unknown;
  /** The head version this save was based on (absent: whatever the head is when the save starts). */
  baseVersion?: number;
  provenance?: Provenance;
  aiGenerated?: boolean;
  rollbackOf?: string;
  /** Allows destructive steps (retiring a column). */
  confirm?: boolean;
  /** Answer the plan without changing anything. */
  dryRun?: boolean;
}

export interface SaveResult {
  id: string;
  versionId: string | null;
  version: number;
  hash: string;
  plan: PlanStep[];
  diff: SchemaDiff;
  dryRun?: true;
}

/** Test seam: runs inside the metadata transaction, after the table work (failure injection). */
export interface SaveHooks {
  beforeCommit?: () => Promise<void> | void;
  /** Runs after the plan is known and before any table work. */
  beforeSync?: () => Promise<void> | void;
}

/**
 * What this process last saved per module: the version's model and the page's title. The next
 * save of that module, based on that same version, skips reading the head's model row and parsing
 * its 30 KB schema (most of what a save adds to Ajv + ALTER: docs/benchmarks-log.md "Schema save").
 * Keyed by version and written after the commit, so a save by another instance (a newer head) or a
 * failed commit is a miss, never a wrong model.
 */
type LastSaved = LRUCache<string, { version: number; model: ModuleModel; title: unknown }>;
const lastSavedByServer = new WeakMap<ServerContext, LastSaved>();
function lastSavedOf(ctx: ServerContext): LastSaved {
  let cache = lastSavedByServer.get(ctx);
  if (!cache) lastSavedByServer.set(ctx, (cache = new LRUCache({ max: 1000 })));
  return cache;
}

interface Head {
  id: string;
  title: string | null;
  table_name: string;
  schema: string | null;
  version: number;
}

async function readHead(trx: Kysely<any>, ctx: ServerContext, appId: string, id: string): Promise<Head | undefined> {
  let query = trx
    .selectFrom(ctx.tables.module)
    .select(['id', 'title', 'table_name', 'schema', 'version'])
    .where('app_id', '=', appId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0);
  if (ctx.db.spec.name === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? ({ ...row, version: Number(row.version ?? 1) } as Head) : undefined;
}

export async function saveModule(
  ctx: ServerContext,
  auth: RequestAuth,
  input: SaveInput,
  hooks: SaveHooks = {},
): Promise<SaveResult> {
  const appId = auth.app.id;
  const modules = ctx.tables.module;
  // The table of an existing module is fixed; read it before validating against it.
  const known = input.id
    ? await ctx.db.db
        .selectFrom(modules)
        .select(['table_name'])
        .where('app_id', '=', appId)
        .where('id', '=', input.id)
        .where('is_deleted', '=', 0)
        .executeTakeFirst()
    : undefined;
  if (input.id && !known) throw notFound();
  const table = known ? String(known.table_name) : (input.tableName ?? '');
  if (known && input.tableName !== undefined && input.tableName !== table) throw badRequest('data.module.tableFixed');
  const read = readSchemaInput(input.schema);
  const schema = checkModuleSchema(read, table, await referenceContext(ctx, auth.app, read, table));
  let physical: string;
  let derived: ModuleModel;
  try {
    physical = moduleTableName(auth.app.identify, table);
    // Derived once, outside any lock; fails early for a field that cannot have a column.
    derived = deriveModel(schema, table);
  } catch (error) {
    if (error instanceof ModuleSchemaError)
      throw invalidSchema([issue('', 'schema.model', error.message, error.message)]);
    throw error;
  }
  const hash = schemaHash(schema);
  const text = JSON.stringify(schema);
  const lockKey = input.id ? `m_${input.id}` : `new_${appId}_${table}`;

  let result: SaveResult | undefined;
  let savedModel: ModuleModel | undefined;
  try {
    result = await underSchemaLock(ctx.db, lockKey, async (trx) => {
      // A save of this module killed midway (MySQL) left a journal row: its table changes go first.
      // (The server's start logs what it recovers; here the save itself is the evidence.)
      await recoverLocked(trx, ctx.db, ctx.config.tablePrefix, lockKey);
      const head = input.id ? await readHead(trx, ctx, appId, input.id) : undefined;
      if (input.id && !head) throw notFound();
      if (head && input.baseVersion !== undefined && input.baseVersion !== head.version)
        throw await conflictError(trx, ctx, appId, 'module', head.id);
      if (!head) {
        const taken = await trx
          .selectFrom(modules)
          .select('id')
          .where('app_id', '=', appId)
          .where('table_name', '=', table)
          .where('is_deleted', '=', 0)
          .executeTakeFirst();
        if (taken) throw badRequest('data.module.tableTaken', { table });
      }
      const version = (head?.version ?? 0) + 1;
      const known = head && lastSavedOf(ctx).get(`${appId}:${head.id}`);
      const hit = known && known.version === head.version ? known : undefined;
      // Migrated like every read: a head stored at version 1 gets the same derived field ids as the
      // incoming schema, so its fields match by id instead of reading as removed and re-added.
      const before = hit ? { title: hit.title } : head ? (readStoredSchema(head.schema) ?? undefined) : undefined;
      const oldModel = hit
        ? hit.model
        : head
          ? modelOf(await headModel(trx, ctx, appId, 'module', head.id, head.version), before, table)
          : undefined;
      const columns = await physicalColumns(trx, ctx.db, physical);
      const next = withRetired(derived, oldModel);
      const plan = planSync(ctx.db, oldModel, next, columns, version);
      const changes = modelDiff(oldModel, next, before, schema);
      const diff: SchemaDiff = {
        tableCreated: plan.steps.some((s) => s.op === 'createTable'),
        columnsAdded: plan.steps.flatMap((s) =>
          s.op === 'addColumn' ? [s.column] : s.op === 'createTable' ? s.columns.map((c) => c.column) : [],
        ),
        ...changes,
        ...(input.rollbackOf ? { rollbackOf: input.rollbackOf } : {}),
      };
      const id = head?.id ?? input.id ?? newId();
      // How many rows a narrowing leaves behind, read before anything changes (the dry run shows it).
      if (columns) await countPlanUnconverted(trx, ctx.db, physical, plan.steps);
      if (input.dryRun) return { id, versionId: null, version, hash, plan: plan.steps, diff, dryRun: true as const };
      if (plan.destructive && !input.confirm) {
        const error = badRequest('data.schema.confirmNeeded', {
          fields: plan.steps.flatMap((s) => (s.op === 'retireColumn' ? [s.key] : [])).join(', '),
        });
        error.data = { plan: plan.steps };
        throw error;
      }
      if (columns) await checkUniqueSteps(trx, physical, plan.steps);
      await hooks.beforeSync?.();
      const undo: UndoStep[] = [];
      const now = ctx.now();
      const title = input.title ?? head?.title ?? textTitle(schema);
      const versionId = newId();
      const journal = ctx.db.spec.transactionalDdl
        ? undefined
        : await openJournal(trx, ctx.config.tablePrefix, { appId, moduleId: id, lockKey, table: physical }, now);
      try {
        await applyPlan(trx, ctx.db, physical, plan.steps, undo, journal?.write);
        const writeMeta = async (meta: Kysely<any>) => {
          if (head) {
            const updated = await meta
              .updateTable(modules)
              .set({ title, schema: text, version, update_by: auth.user.id, update_at: now })
              .where('id', '=', id)
              .where('app_id', '=', appId)
              .where('version', '=', head.version)
              .executeTakeFirst();
            if (Number(updated.numUpdatedRows) !== 1) throw await conflictError(meta, ctx, appId, 'module', id);
          } else {
            await meta
              .insertInto(modules)
              .values({
                id,
                app_id: appId,
                ...insertAudit(auth.user.id, now),
                title,
                table_name: table,
                schema: text,
                version,
              })
              .execute();
          }
          await meta
            .insertInto(ctx.tables.module_version)
            .values({
              id: versionId,
              app_id: appId,
              ...insertAudit(auth.user.id, now),
              module_id: id,
              kind: 'module',
              version,
              hash,
              provenance: input.provenance ?? (input.rollbackOf ? 'rollback' : input.aiGenerated ? 'ai' : 'designer'),
              model: JSON.stringify(plan.model),
              schema: text,
              author: auth.user.id,
              created_at: now,
              ai_generated: input.aiGenerated ? 1 : 0,
              diff: JSON.stringify(diff),
            })
            .execute();
          // Deleted with the version row: committed together, or neither.
          if (journal) await closeJournal(meta, ctx.config.tablePrefix, journal.id);
          await hooks.beforeCommit?.();
        };
        if (ctx.db.spec.transactionalDdl) await writeMeta(trx);
        else await trx.transaction().execute(writeMeta);
      } catch (error) {
        // MySQL committed each DDL step: undo them, newest first, on the same connection. The journal
        // row goes only once every inverse ran; otherwise the next start or save retries them.
        if (!ctx.db.spec.transactionalDdl && journal) {
          if (await compensate(trx, ctx, physical, undo, error))
            await closeJournal(trx, ctx.config.tablePrefix, journal.id).catch(() => undefined);
        }
        throw error;
      }
      savedModel = plan.model;
      return { id, versionId, version, hash, plan: plan.steps, diff };
    });
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
  if (!result.dryRun && savedModel) {
    lastSavedOf(ctx).set(`${appId}:${result.id}`, {
      version: result.version,
      model: savedModel,
      title: (schema as { title?: unknown }).title,
    });
  }
  if (!result.dryRun)
    await notifySchemaChanged(ctx, { appId, kind: 'module', id: result.id, version: result.version, hash, table });
  return result;
}

/** Runs the inverses newest first; answers whether every one of them ran. */
async function compensate(
  trx: Kysely<any>,
  ctx: ServerContext,
  table: string,
  undo: UndoStep[],
  error: unknown,
): Promise<boolean> {
  let complete = true;
  for (const step of [...undo].reverse()) {
    await runUndo(trx, ctx.db, table, step).catch((failure: unknown) => {
      // Logged by the caller with the original error; the schema stays as the last good save.
      (error as { compensation?: unknown }).compensation = failure;
      complete = false;
    });
  }
  return complete;
}

function textTitle(schema: unknown): string | null {
  const title = (schema as { title?: unknown }).title;
  if (typeof title === 'string') return title;
  if (title && typeof title === 'object' && typeof (title as { zh?: unknown }).zh === 'string')
    return (title as { zh: string }).zh;
  return null;
}
