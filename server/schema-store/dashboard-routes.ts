/**
 * Dashboards through the schema store (the common API no longer writes them):
 *   GET  api/dashboard/:id                 the schema (users whose menus open it; admins)
 *   POST api/dashboard                     new { title?, schema }                    (admin)
 *   PUT  api/dashboard/:id                 save { title?, schema, base_version? }    (admin)
 *   GET  api/dashboard/:id/versions        newest first                              (admin)
 *   GET  api/dashboard/:id/versions/:ref   one version (id or number)                (admin)
 *   GET  api/dashboard/:id/diff?from=&to=  readable changes                          (admin)
 *   POST api/dashboard/:id/rollback/:ref   that version's schema again, a new version (admin)
 */
import type { FastifyInstance } from 'fastify';
import { can } from '../access/can';
import { grantsOf } from '../access/grants';
import { requireAuth } from '../auth/session-hook';
import type { ServerContext } from '../context';
import { badRequest, forbidden, notFound } from '../errors';
import { ok } from '../reply';
import { isPlainObject } from '../common/values';
import { admin, idOf, refOf } from '../modules/save-routes';
import { diffSchemas } from './diff';
import { saveDashboard, type PageSaveInput } from './page-save';
import { readStoredSchema } from './prepare';
import { getVersion, listVersions } from './versions';

function dashboardInput(body: unknown): Omit<PageSaveInput, 'id'> {
  if (!isPlainObject(body)) throw badRequest('server.bodyNotObject');
  for (const key of Object.keys(body))
    if (!['title', 'schema', 'base_version'].includes(key))
      throw badRequest('server.unknownField', { key: key.slice(0, 64) });
  if (body.title !== undefined && body.title !== null && typeof body.title !== 'string')
    throw badRequest('server.invalidValue', { key: 'title' });
  if (body.schema === undefined || body.schema === null) throw badRequest('server.fieldRequired', { title: 'schema' });
  const base = body.base_version;
  if (base !== undefined && base !== null && !(Number.isInteger(base) && (base as number) >= 0))
    throw badRequest('server.invalidValue', { key: 'base_version' });
  return {
    title: typeof body.title === 'string' ? body.title.slice(0, 255) : undefined,
    schema: body.schema,
    baseVersion: typeof base === 'number' ? base : undefined,
  };
}

export function registerDashboardRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/api/dashboard/:id', async (request) => {
    const auth = requireAuth(request);
    const id = idOf((request.params as { id?: unknown }).id);
    const row = await ctx.db.db
      .selectFrom(ctx.tables.dashboard)
      .select(['id', 'title', 'schema', 'version', 'update_at'])
      .where('app_id', '=', auth.app.id)
      .where('id', '=', id)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!row) throw notFound();
    const decision = can(await grantsOf(ctx, request, auth), 'read', { type: 'systemTable', table: 'dashboard', id });
    if (!decision.allowed || (decision.rows && !decision.rows.includes(id))) throw forbidden();
    return ok(request, {
      ...row,
      version: Number(row.version),
      update_at: Number(row.update_at),
      schema: readStoredSchema(row.schema as string | null),
    });
  });

  app.post('/api/dashboard', async (request) => {
    const auth = admin(request);
    return ok(request, await saveDashboard(ctx, auth, dashboardInput(request.body)));
  });

  app.put('/api/dashboard/:id', async (request) => {
    const auth = admin(request);
    const id = idOf((request.params as { id?: unknown }).id);
    return ok(request, await saveDashboard(ctx, auth, { ...dashboardInput(request.body), id }));
  });

  app.get('/api/dashboard/:id/versions', async (request) => {
    const auth = admin(request);
    const id = idOf((request.params as { id?: unknown }).id);
    const rows = await listVersions(ctx.db.db, ctx, auth.app.id, 'dashboard', id, true);
    return ok(
      request,
      rows.map(({ model: _model, ...row }) => row),
    );
  });

  app.get('/api/dashboard/:id/versions/:ref', async (request) => {
    const auth = admin(request);
    const params = request.params as { id?: unknown; ref?: unknown };
    const found = await getVersion(ctx.db.db, ctx, auth.app.id, 'dashboard', idOf(params.id), refOf(params.ref));
    if (!found) throw badRequest('data.module.versionMissing');
    const { model: _model, ...row } = found;
    return ok(request, row);
  });

  app.get('/api/dashboard/:id/diff', async (request) => {
    const auth = admin(request);
    const id = idOf((request.params as { id?: unknown }).id);
    const query = request.query as { from?: unknown; to?: unknown };
    const [from, to] = await Promise.all(
      [query.from, query.to].map((ref) => getVersion(ctx.db.db, ctx, auth.app.id, 'dashboard', id, refOf(ref))),
    );
    if (!from || !to) throw badRequest('data.module.versionMissing');
    return ok(request, { from: from.version, to: to.version, changes: diffSchemas(from.schema, to.schema) });
  });

  app.post('/api/dashboard/:id/rollback/:ref', async (request) => {
    const auth = admin(request);
    const params = request.params as { id?: unknown; ref?: unknown };
    const id = idOf(params.id);
    const version = await getVersion(ctx.db.db, ctx, auth.app.id, 'dashboard', id, refOf(params.ref));
    if (!version) throw badRequest('data.module.versionMissing');
    const body = isPlainObject(request.body) ? request.body : {};
    const base = Number.isInteger(body.base_version) ? (body.base_version as number) : undefined;
    return ok(
      request,
      await saveDashboard(ctx, auth, { id, schema: version.schema, rollbackOf: version.id, baseVersion: base }),
    );
  });
}
