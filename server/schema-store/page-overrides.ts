/**
 * Admins' overrides of committed system pages (schemas/pages/**.json). The committed file stays
 * the default; an admin's saved version is stored in page_override (one live row per app and
 * page key) with numbered versions (kind `page`) through the same pipeline, and a reset deletes the
 * override so the committed page serves again. Page keys are resolved against the committed files
 * (read once at startup), never used as paths as given.
 *   GET    api/page/:key(*)           the override, else the committed page (any signed-in user)
 *   PUT    api/page/:key(*)           save an override { schema, base_version? }     (admin)
 *   DELETE api/page/:key(*)           reset to the committed page                     (admin)
 *   GET    api/page-versions/:key(*)  versions of the current override                (admin)
 *   GET    api/page-heads             { key: tag } of this app's live overrides    (any signed-in user)
 * A tag is `<override id>.<version>`: a reset and a new override start a new row, so a tag never
 * names two different schemas (the version number alone restarts at 1 after a reset). The browser
 * reads the heads once and fetches an overridden page only when its tag changed (src/session/page-cache.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { requireAuth, type RequestAuth } from '../auth/session-hook';
import type { ServerContext } from '../context';
import { pageOverrideTable } from '../db/migrations/0008-schema-store';
import { newId } from '../db/ids';
import { insertAudit } from '../db/tables';
import { badRequest, notFound } from '../errors';
import { schemaSaveProperties, strictObject } from '../http/shapes';
import { loggedSave } from '../logs/record';
import { ok } from '../reply';
import { admin } from './route-params';
import { schemaHash } from './hash';
import { underSchemaLock } from './lock';
import { notifySchemaChanged } from './notify';
import { checkPageSchema, readSchemaInput, readStoredSchema } from './prepare';
import { referenceContext } from './refs';
import { writeVersion } from './page-save';
import { conflictError, listVersions } from './versions';

const PAGES_DIR = 'schemas/pages';

/** Committed page key (path under schemas/pages without .json) → its file. */
function committedPages(dir = PAGES_DIR): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (at: string) => {
    let names: string[];
    try {
      names = readdirSync(at);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.json'))
        out.set(
          relative(dir, path)
            .replace(/\\/g, '/')
            .replace(/\.json$/, ''),
          path,
        );
    }
  };
  walk(dir);
  return out;
}

interface OverrideRow {
  id: string;
  schema: string | null;
  version: number;
}

async function readOverride(db: Kysely<any>, ctx: ServerContext, appId: string, key: string, lock = false) {
  let query = db
    .selectFrom(pageOverrideTable(ctx.config.tablePrefix))
    .select(['id', 'schema', 'version'])
    .where('app_id', '=', appId)
    .where('page_key', '=', key)
    .where('is_deleted', '=', 0);
  if (lock && ctx.db.spec.name === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? ({ id: String(row.id), schema: row.schema, version: Number(row.version) } as OverrideRow) : undefined;
}

export async function savePageOverride(
  ctx: ServerContext,
  auth: RequestAuth,
  key: string,
  input: { schema: unknown; baseVersion?: number },
) {
  const read = readSchemaInput(input.schema);
  const schema = checkPageSchema(read, await referenceContext(ctx, auth.app, read));
  const appId = auth.app.id;
  const text = JSON.stringify(schema);
  const hash = schemaHash(schema);
  const table = pageOverrideTable(ctx.config.tablePrefix);
  const result = await underSchemaLock(ctx.db, `p_${appId}_${key}`, async (trx) => {
    const run = async (meta: Kysely<any>) => {
      const now = ctx.now();
      const head = await readOverride(meta, ctx, appId, key, true);
      // No override yet: the committed page is version 0.
      const current = head?.version ?? 0;
      if (input.baseVersion !== undefined && input.baseVersion !== current) {
        if (head) throw await conflictError(meta, ctx, appId, 'page', head.id);
        throw badRequest('server.invalidValue', { key: 'base_version' });
      }
      const id = head?.id ?? newId();
      const version = current + 1;
      if (head) {
        const updated = await meta
          .updateTable(table)
          .set({ schema: text, version, update_by: auth.user.id, update_at: now })
          .where('id', '=', id)
          .where('version', '=', current)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw await conflictError(meta, ctx, appId, 'page', id);
      } else {
        await meta
          .insertInto(table)
          .values({ id, app_id: appId, ...insertAudit(auth.user.id, now), page_key: key, schema: text, version })
          .execute();
      }
      const versionId = await writeVersion(meta, ctx, {
        kind: 'page',
        appId,
        userId: auth.user.id,
        headId: id,
        version,
        text,
        provenance: 'designer',
        now,
      });
      return { id, versionId, version, hash };
    };
    return ctx.db.spec.transactionalDdl ? run(trx) : trx.transaction().execute(run);
  });
  await notifySchemaChanged(ctx, { appId, kind: 'page', id: key, version: result.version, hash });
  return result;
}

const SAVE_BODY = strictObject(
  { schema: schemaSaveProperties.schema, base_version: schemaSaveProperties.base_version },
  'A page schema overriding the committed page for the session’s app',
  ['base_version'],
);

export function registerPageOverrideRoutes(app: FastifyInstance, ctx: ServerContext, dir = PAGES_DIR): void {
  const pages = committedPages(dir);
  const keyOf = (params: unknown): string => {
    const key = (params as { '*'?: unknown })['*'];
    if (typeof key !== 'string' || !pages.has(key)) throw notFound();
    return key;
  };

  app.get('/api/page-heads', async (request) => {
    const auth = requireAuth(request);
    const rows = await ctx.db.db
      .selectFrom(pageOverrideTable(ctx.config.tablePrefix))
      .select(['id', 'page_key', 'version'])
      .where('app_id', '=', auth.app.id)
      .where('is_deleted', '=', 0)
      .execute();
    const heads: Record<string, string> = {};
    // A committed page removed since its override was saved is not a page any more.
    for (const row of rows)
      if (pages.has(String(row.page_key))) heads[String(row.page_key)] = `${row.id}.${row.version}`;
    return ok(request, heads);
  });

  app.get('/api/page/*', async (request) => {
    const auth = requireAuth(request);
    const key = keyOf(request.params);
    const override = await readOverride(ctx.db.db, ctx, auth.app.id, key);
    if (override)
      return ok(request, {
        key,
        overridden: true,
        version: override.version,
        tag: `${override.id}.${override.version}`,
        schema: readStoredSchema(override.schema),
      });
    const committed = readStoredSchema(readFileSync(pages.get(key)!, 'utf8'));
    return ok(request, { key, overridden: false, version: 0, schema: committed });
  });

  app.put('/api/page/*', { schema: { body: SAVE_BODY } }, async (request) => {
    const auth = admin(request);
    const key = keyOf(request.params);
    const body = request.body as { schema: unknown; base_version?: number | null };
    const base = typeof body.base_version === 'number' ? body.base_version : undefined;
    const result = await savePageOverride(ctx, auth, key, { schema: body.schema, baseVersion: base });
    // Logged by the page's key (the route), not the override row's id.
    await loggedSave(ctx, request, auth, 'page', { id: key, version: result.version });
    return ok(request, result);
  });

  app.delete('/api/page/*', async (request) => {
    const auth = admin(request);
    const key = keyOf(request.params);
    const now = ctx.now();
    const override = await readOverride(ctx.db.db, ctx, auth.app.id, key);
    if (!override) return ok(request, { key, overridden: false });
    await ctx.db.db
      .updateTable(pageOverrideTable(ctx.config.tablePrefix))
      .set({ is_deleted: 1, update_by: auth.user.id, update_at: now })
      .where('id', '=', override.id)
      .execute();
    const committed = readFileSync(pages.get(key)!, 'utf8');
    await notifySchemaChanged(ctx, {
      appId: auth.app.id,
      kind: 'page',
      id: key,
      version: 0,
      hash: schemaHash(JSON.parse(committed)),
    });
    await loggedSave(ctx, request, auth, 'page', { id: key, version: 0 }, 'reset');
    return ok(request, { key, overridden: false });
  });

  app.get('/api/page-versions/*', async (request) => {
    const auth = admin(request);
    const key = keyOf(request.params);
    const override = await readOverride(ctx.db.db, ctx, auth.app.id, key);
    if (!override) return ok(request, []);
    const rows = await listVersions(ctx.db.db, ctx, auth.app.id, 'page', override.id);
    return ok(
      request,
      rows.map(({ model: _model, ...row }) => row),
    );
  });
}
