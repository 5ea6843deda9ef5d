/**
 * Saving a page schema that owns no table — a dashboard — through the store's pipeline: parse →
 * migrate → validate → lock → conflict check → head row + numbered version (hash, provenance)
 * → notify. Same version contract as modules (module-save.ts), minus the model and table sync.
 * A head saved before versions existed (seeded from a template) gets its current schema recorded
 * as version 1 (provenance `file`) on its first save, so history and rollback start there.
 */
import type { Kysely } from 'kysely';
import type { RequestAuth } from '../auth/session-hook';
import type { ServerContext } from '../context';
import { newId } from '../db/ids';
import { insertAudit } from '../db/tables';
import { notFound } from '../errors';
import { schemaHash } from './hash';
import { underSchemaLock } from './lock';
import { notifySchemaChanged } from './notify';
import { checkPageSchema, readSchemaInput } from './prepare';
import { referenceContext } from './refs';
import { conflictError, listVersions, type Provenance } from './versions';

export interface PageSaveInput {
  id?: string;
  title?: string;
  schema: unknown;
  baseVersion?: number;
  provenance?: Provenance;
  rollbackOf?: string;
}

export interface PageSaveResult {
  id: string;
  versionId: string;
  version: number;
  hash: string;
}

interface VersionValues {
  kind?: 'dashboard' | 'page';
  appId: string;
  userId: string | null;
  headId: string;
  version: number;
  text: string;
  provenance: Provenance;
  now: number;
  diff?: unknown;
}

export async function writeVersion(trx: Kysely<any>, ctx: ServerContext, v: VersionValues): Promise<string> {
  const id = newId();
  await trx
    .insertInto(ctx.tables.module_version)
    .values({
      id,
      app_id: v.appId,
      ...insertAudit(v.userId, v.now),
      module_id: v.headId,
      kind: v.kind ?? 'dashboard',
      version: v.version,
      hash: schemaHash(JSON.parse(v.text)),
      provenance: v.provenance,
      schema: v.text,
      author: v.userId,
      created_at: v.now,
      ai_generated: v.provenance === 'ai' ? 1 : 0,
      diff: v.diff === undefined ? null : JSON.stringify(v.diff),
    })
    .execute();
  return id;
}

export async function saveDashboard(
  ctx: ServerContext,
  auth: RequestAuth,
  input: PageSaveInput,
): Promise<PageSaveResult> {
  const read = readSchemaInput(input.schema);
  const schema = checkPageSchema(read, await referenceContext(ctx, auth.app, read));
  const appId = auth.app.id;
  const heads = ctx.tables.dashboard;
  const text = JSON.stringify(schema);
  const hash = schemaHash(schema);
  const result = await underSchemaLock(ctx.db, input.id ? `d_${input.id}` : `dnew_${appId}`, async (trx) => {
    const run = async (meta: Kysely<any>) => {
      const now = ctx.now();
      let query = meta
        .selectFrom(heads)
        .select(['id', 'title', 'schema', 'version'])
        .where('app_id', '=', appId)
        .where('is_deleted', '=', 0);
      if (input.id) query = query.where('id', '=', input.id);
      if (ctx.db.spec.name === 'postgres') query = query.forUpdate();
      const head = input.id ? await query.executeTakeFirst() : undefined;
      if (input.id && !head) throw notFound();
      const current = Number(head?.version ?? 0);
      if (head && input.baseVersion !== undefined && input.baseVersion !== current)
        throw await conflictError(meta, ctx, appId, 'dashboard', String(head.id));
      const id = head ? String(head.id) : newId();
      const version = current + 1;
      const title = input.title ?? (head?.title as string | undefined) ?? null;
      if (head) {
        const history = await listVersions(meta, ctx, appId, 'dashboard', id);
        if (history.length === 0 && head.schema)
          await writeVersion(meta, ctx, {
            appId,
            userId: null,
            headId: id,
            version: current,
            text: String(head.schema),
            provenance: 'file',
            now,
          });
        const updated = await meta
          .updateTable(heads)
          .set({ title, schema: text, version, update_by: auth.user.id, update_at: now })
          .where('id', '=', id)
          .where('app_id', '=', appId)
          .where('version', '=', current)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw await conflictError(meta, ctx, appId, 'dashboard', id);
      } else {
        await meta
          .insertInto(heads)
          .values({ id, app_id: appId, ...insertAudit(auth.user.id, now), title, schema: text, version })
          .execute();
      }
      const provenance = input.provenance ?? (input.rollbackOf ? 'rollback' : 'designer');
      const diff = input.rollbackOf ? { rollbackOf: input.rollbackOf } : undefined;
      const versionId = await writeVersion(meta, ctx, {
        appId,
        userId: auth.user.id,
        headId: id,
        version,
        text,
        provenance,
        now,
        diff,
      });
      return { id, versionId, version, hash };
    };
    return ctx.db.spec.transactionalDdl ? run(trx) : trx.transaction().execute(run);
  });
  await notifySchemaChanged(ctx, { appId, kind: 'dashboard', id: result.id, version: result.version, hash });
  return result;
}
