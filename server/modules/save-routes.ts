/**
 * The module API's writes (admin only), all through the schema store (docs/schemas.md):
 *   POST api/module                      new module { title?, table_name, schema, ... }
 *   PUT  api/module/:id                  save { schema, base_version?, confirm?, dry_run?, ... }
 *   GET  api/module/:id/versions         newest first, with schemas
 *   GET  api/module/:id/versions/:ref    one version (id or number)
 *   GET  api/module/:id/diff?from=&to=   what changed between two versions, readable
 *   POST api/module/:id/rollback/:ref    saves that version's schema again: a new version
 *   GET  api/module/:id/export           schema + metadata as one JSON document
 *   POST api/module/import               { file: <an export>, table_name? } into the session's app
 * `schema` may be an object or JSON text. dry_run answers the table sync plan and changes nothing.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth, type RequestAuth } from '../auth/session-hook';
import type { ServerContext } from '../context';
import { badRequest, forbidden, notFound } from '../errors';
import { ok } from '../reply';
import { isPlainObject } from '../common/values';
import { ID_PATTERN } from '../common/access';
import { saveModule, type SaveInput } from '../schema-store/module-save';
import { getVersion, listVersions, type Provenance } from '../schema-store/versions';
import { diffSchemas } from '../schema-store/diff';
import { exportModule, importModule } from '../schema-store/transfer';
import { dropCachesOnSchemaChange } from '../schema-store/notify';
import { registerDashboardRoutes } from '../schema-store/dashboard-routes';
import { registerPageOverrideRoutes } from '../schema-store/page-overrides';

export { MAX_VERSIONS_LISTED } from '../schema-store/versions';

const PROVENANCES: readonly Provenance[] = ['designer', 'ai', 'import', 'file'];

export function admin(request: FastifyRequest): RequestAuth {
  const auth = requireAuth(request);
  if (!auth.isAdmin) throw forbidden();
  return auth;
}

export function idOf(value: unknown): string {
  if (typeof value !== 'string' || !ID_PATTERN.test(value)) throw notFound();
  return value;
}

/** A version reference: a version id or a version number. */
export function refOf(value: unknown): string {
  if (typeof value !== 'string' || !(ID_PATTERN.test(value) || /^\d{1,9}$/.test(value)))
    throw badRequest('data.module.versionMissing');
  return value;
}

const SAVE_KEYS = new Set([
  'title',
  'table_name',
  'schema',
  'ai_generated',
  'id',
  'update_at',
  'base_version',
  'confirm',
  'dry_run',
  'provenance',
]);

export function saveInput(body: unknown, allowed = SAVE_KEYS): Omit<SaveInput, 'id'> {
  if (!isPlainObject(body)) throw badRequest('server.bodyNotObject');
  for (const key of Object.keys(body))
    if (!allowed.has(key)) throw badRequest('server.unknownField', { key: key.slice(0, 64) });
  if (body.title !== undefined && body.title !== null && typeof body.title !== 'string')
    throw badRequest('server.invalidValue', { key: 'title' });
  if (body.table_name !== undefined && typeof body.table_name !== 'string')
    throw badRequest('server.invalidValue', { key: 'table_name' });
  if (body.schema === undefined || body.schema === null) throw badRequest('server.fieldRequired', { title: 'schema' });
  const base = body.base_version;
  if (base !== undefined && base !== null && !(Number.isInteger(base) && (base as number) >= 0))
    throw badRequest('server.invalidValue', { key: 'base_version' });
  const provenance = body.provenance;
  if (provenance !== undefined && !PROVENANCES.includes(provenance as Provenance))
    throw badRequest('server.invalidValue', { key: 'provenance' });
  return {
    title: typeof body.title === 'string' ? body.title.slice(0, 255) : undefined,
    tableName: body.table_name as string | undefined,
    schema: body.schema,
    aiGenerated: body.ai_generated === true || body.ai_generated === 1,
    baseVersion: typeof base === 'number' ? base : undefined,
    confirm: body.confirm === true,
    dryRun: body.dry_run === true,
    provenance: provenance as Provenance | undefined,
  };
}

export function registerModuleSaveRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const unsubscribe = dropCachesOnSchemaChange(ctx);
  app.addHook('onClose', async () => unsubscribe());
  // Dashboards are stored schemas too: their routes live with the store (schema-store/).
  registerDashboardRoutes(app, ctx);
  registerPageOverrideRoutes(app, ctx);

  app.post('/api/module', async (request) => {
    const auth = admin(request);
    const input = saveInput(request.body);
    if (!input.tableName) throw badRequest('server.fieldRequired', { title: 'table_name' });
    return ok(request, await saveModule(ctx, auth, input));
  });

  app.put('/api/module/:id', async (request) => {
    const auth = admin(request);
    const id = idOf((request.params as { id?: unknown }).id);
    return ok(request, await saveModule(ctx, auth, { ...saveInput(request.body), id }));
  });

  app.get('/api/module/:id/versions', async (request) => {
    const auth = admin(request);
    const id = idOf((request.params as { id?: unknown }).id);
    const rows = await listVersions(ctx.db.db, ctx, auth.app.id, 'module', id, true);
    return ok(
      request,
      rows.map(({ model: _model, ...row }) => row),
    );
  });

  app.get('/api/module/:id/versions/:ref', async (request) => {
    const auth = admin(request);
    const params = request.params as { id?: unknown; ref?: unknown };
    const found = await getVersion(ctx.db.db, ctx, auth.app.id, 'module', idOf(params.id), refOf(params.ref));
    if (!found) throw badRequest('data.module.versionMissing');
    const { model: _model, ...row } = found;
    return ok(request, row);
  });

  app.get('/api/module/:id/diff', async (request) => {
    const auth = admin(request);
    const id = idOf((request.params as { id?: unknown }).id);
    const query = request.query as { from?: unknown; to?: unknown };
    const [from, to] = await Promise.all(
      [query.from, query.to].map((ref) => getVersion(ctx.db.db, ctx, auth.app.id, 'module', id, refOf(ref))),
    );
    if (!from || !to) throw badRequest('data.module.versionMissing');
    return ok(request, { from: from.version, to: to.version, changes: diffSchemas(from.schema, to.schema) });
  });

  app.post('/api/module/:id/rollback/:ref', async (request) => {
    const auth = admin(request);
    const params = request.params as { id?: unknown; ref?: unknown };
    const id = idOf(params.id);
    const version = await getVersion(ctx.db.db, ctx, auth.app.id, 'module', id, refOf(params.ref));
    if (!version) throw badRequest('data.module.versionMissing');
    const body = isPlainObject(request.body) ? request.body : {};
    const base = Number.isInteger(body.base_version) ? (body.base_version as number) : undefined;
    // A rollback restores retired columns and retires newer ones: it is its own confirmation.
    return ok(
      request,
      await saveModule(ctx, auth, {
        id,
        schema: version.schema,
        rollbackOf: version.id,
        provenance: 'rollback',
        confirm: true,
        baseVersion: base,
      }),
    );
  });

  app.get('/api/module/:id/export', async (request) => {
    const auth = admin(request);
    return ok(request, await exportModule(ctx, auth, idOf((request.params as { id?: unknown }).id)));
  });

  app.post('/api/module/import', async (request) => {
    const auth = admin(request);
    if (!isPlainObject(request.body)) throw badRequest('server.bodyNotObject');
    const { file, table_name: tableName } = request.body;
    if (tableName !== undefined && typeof tableName !== 'string')
      throw badRequest('server.invalidValue', { key: 'table_name' });
    return ok(request, await importModule(ctx, auth, file, tableName));
  });
}
