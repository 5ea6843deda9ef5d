/**
 * Dashboards through the schema store (the common API no longer writes them):
 *   GET  api/dashboard/:id                 the schema (users whose menus open it; admins)
 *   POST api/dashboard                     new { title?, schema }                    (admin)
 *   PUT  api/dashboard/:id                 save { title?, schema, base_version? }    (admin)
 *   GET  api/dashboard/:id/versions        newest first                              (admin)
 *   GET  api/dashboard/:id/versions/:ref   one version (id or number)                (admin)
 *   GET  api/dashboard/:id/diff?from=&to=  readable changes                          (admin)
 *   POST api/dashboard/:id/rollback/:ref   that version's schema again, a new version (admin)
 *   GET  api/dashboards/sources            tables and fields a widget may bind to     (admin)
 */
import type { FastifyInstance } from 'fastify';
import { can } from '../access/can';
import { grantsOf } from '../access/grants';
import { requireAuth } from '../auth/session-hook';
import type { ServerContext } from '../context';
import { forbidden, notFound } from '../errors';
import { loggedSave } from '../logs/record';
import { schemaSaveProperties, strictObject } from '../http/shapes';
import { ok } from '../reply';
import { admin, ID_PARAMS, type IdParams } from './route-params';
import { registerDashboardAdminRoutes } from './dashboard-admin-routes';
import { registerDashboardSources } from './dashboard-sources';
import { saveDashboard, type PageSaveInput } from './page-save';
import { readStoredSchema } from './prepare';
import { registerVersionRoutes } from './version-routes';

const SAVE_BODY = strictObject(schemaSaveProperties, 'A dashboard schema to save', ['title', 'base_version']);

/** A save body the route schema has checked, as the store takes it. */
function dashboardInput(body: Record<string, unknown>): Omit<PageSaveInput, 'id'> {
  const base = body.base_version;
  return {
    title: typeof body.title === 'string' ? body.title.slice(0, 255) : undefined,
    schema: body.schema,
    baseVersion: typeof base === 'number' ? base : undefined,
  };
}

export function registerDashboardRoutes(app: FastifyInstance, ctx: ServerContext): void {
  // The dashboard list page's routes (api/dashboards: list, create, rename, duplicate, delete, …).
  registerDashboardAdminRoutes(app, ctx);
  // What the designer's query builder may bind a widget to (api/dashboards/sources).
  registerDashboardSources(app, ctx);

  app.get('/api/dashboard/:id', { schema: { params: ID_PARAMS } }, async (request) => {
    const auth = requireAuth(request);
    const id = (request.params as IdParams).id;
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

  app.post('/api/dashboard', { schema: { body: SAVE_BODY } }, async (request) => {
    const auth = admin(request);
    const result = await saveDashboard(ctx, auth, dashboardInput(request.body as Record<string, unknown>));
    return ok(request, await loggedSave(ctx, request, auth, 'dashboard', result));
  });

  app.put('/api/dashboard/:id', { schema: { params: ID_PARAMS, body: SAVE_BODY } }, async (request) => {
    const auth = admin(request);
    const id = (request.params as IdParams).id;
    const input = dashboardInput(request.body as Record<string, unknown>);
    const result = await saveDashboard(ctx, auth, { ...input, id });
    return ok(request, await loggedSave(ctx, request, auth, 'dashboard', result));
  });

  registerVersionRoutes(app, ctx, 'dashboard', (auth, id, version, baseVersion) =>
    saveDashboard(ctx, auth, { id, schema: version.schema, rollbackOf: version.id, baseVersion }),
  );
}
