/**
 * Routes of the dashboard list page (schemas/pages/system/dashboard.json; docs/dashboards.md),
 * admin only. The page's list is a REST data source on api/dashboards; the rest are its buttons.
 * Saving, versions, diff and rollback to any version stay the store's (dashboard-routes.ts).
 *   GET    api/dashboards?title=&is_deleted=&current=&pageSize=   { list, total }
 *   GET    api/dashboards/:id                                     one row + its versions
 *   POST   api/dashboards                 { title }               an empty dashboard (version 1)
 *   PUT    api/dashboards/:id             { title }               rename (a new version)
 *   POST   api/dashboards/duplicate       { ids: [one] }          a copy (version 1)
 *   DELETE api/dashboards/:id, api/dashboards { ids }             soft delete
 *   POST   api/dashboards/restore         { ids }                 undo the soft delete
 *   POST   api/dashboards/rollback        { ids: [one] }          back to the previous version
 *   GET    api/dashboards/:id/export                              the dashboard as a file
 *   POST   api/dashboards/import          { file }                a file as a new dashboard
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { badRequest } from '../errors';
import { recordId, strictObject, text } from '../http/shapes';
import { loggedSave } from '../logs/record';
import { langOf, ok } from '../reply';
import { admin, ID_PARAMS, type IdParams } from './route-params';
import {
  createDashboard,
  dashboardDetail,
  duplicateDashboard,
  exportDashboard,
  importDashboard,
  listDashboards,
  renameDashboard,
  rollbackDashboardOneStep,
  setDashboardsDeleted,
  type DashboardListQuery,
} from './dashboard-admin';

const LIST_QUERY = strictObject(
  {
    title: { type: 'string', maxLength: 255, description: 'Part of the title' },
    is_deleted: { type: 'integer', enum: [0, 1], description: '1: the deleted dashboards (default 0: the live ones)' },
    current: { type: 'integer', minimum: 1, maximum: 100000, description: 'Page number, from 1' },
    pageSize: { type: 'integer', minimum: 1, maximum: 200, description: 'Rows per page' },
  },
  "The dashboard list's search and page",
  ['title', 'is_deleted', 'current', 'pageSize'],
);
const shown = (description: string) => ({ description: `${description} (shown in the edit form; ignored)` });
/**
 * Create or rename: the title. The list's add and edit forms send their other (read-only) fields
 * too, so the row's columns are named here (and ignored) rather than refused as unknown.
 */
const RENAME_BODY = strictObject(
  {
    title: text(60, "The dashboard's title"),
    id: shown('The id'),
    widget_count: shown('Widget count'),
    version: shown('Version'),
    author_name: shown('Author'),
    update_at: shown('Last change'),
    is_deleted: shown('Deleted flag'),
    versions: shown('Version history'),
  },
  'A new title for a dashboard',
  ['id', 'widget_count', 'version', 'author_name', 'update_at', 'is_deleted', 'versions'],
);
const IDS_BODY = strictObject(
  { ids: { type: 'array', minItems: 1, maxItems: 100, items: recordId, description: 'Dashboard ids' } },
  'The dashboards addressed',
);
const IMPORT_BODY = strictObject(
  { file: { type: 'object', description: 'A dashboard file as exported (format tessera-dashboard)' } },
  'A dashboard file to import',
);

export function registerDashboardAdminRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/api/dashboards', { schema: { querystring: LIST_QUERY } }, async (request) =>
    ok(request, await listDashboards(ctx, admin(request), request.query as DashboardListQuery)),
  );

  app.get('/api/dashboards/:id', { schema: { params: ID_PARAMS } }, async (request) =>
    ok(request, await dashboardDetail(ctx, admin(request), (request.params as IdParams).id)),
  );

  app.post('/api/dashboards', { schema: { body: RENAME_BODY } }, async (request) => {
    const auth = admin(request);
    const result = await createDashboard(ctx, auth, (request.body as { title: string }).title.trim());
    return ok(request, await loggedSave(ctx, request, auth, 'dashboard', result));
  });

  app.put('/api/dashboards/:id', { schema: { params: ID_PARAMS, body: RENAME_BODY } }, async (request) => {
    const auth = admin(request);
    const { id } = request.params as IdParams;
    const title = (request.body as { title: string }).title.trim();
    const result = await renameDashboard(ctx, auth, id, title, langOf(request));
    return ok(request, await loggedSave(ctx, request, auth, 'dashboard', result));
  });

  app.post('/api/dashboards/duplicate', { schema: { body: IDS_BODY } }, async (request) => {
    const auth = admin(request);
    const { ids } = request.body as { ids: string[] };
    if (ids.length !== 1) throw badRequest('dashboardAdmin.oneAtATime');
    const result = await duplicateDashboard(ctx, auth, ids[0], langOf(request));
    return ok(request, await loggedSave(ctx, request, auth, 'dashboard', result));
  });

  app.delete('/api/dashboards/:id', { schema: { params: ID_PARAMS } }, async (request) =>
    ok(request, await setDashboardsDeleted(ctx, admin(request), [(request.params as IdParams).id], true)),
  );

  app.delete('/api/dashboards', { schema: { body: IDS_BODY } }, async (request) =>
    ok(request, await setDashboardsDeleted(ctx, admin(request), (request.body as { ids: string[] }).ids, true)),
  );

  app.post('/api/dashboards/restore', { schema: { body: IDS_BODY } }, async (request) =>
    ok(request, await setDashboardsDeleted(ctx, admin(request), (request.body as { ids: string[] }).ids, false)),
  );

  app.post('/api/dashboards/rollback', { schema: { body: IDS_BODY } }, async (request) => {
    const auth = admin(request);
    const { ids } = request.body as { ids: string[] };
    if (ids.length !== 1) throw badRequest('dashboardAdmin.oneAtATime');
    const result = await rollbackDashboardOneStep(ctx, auth, ids[0]);
    return ok(request, await loggedSave(ctx, request, auth, 'dashboard', result, 'rollback'));
  });

  // A file, not a JSON answer: the page's download button saves it.
  app.get('/api/dashboards/:id/export', { schema: { params: ID_PARAMS } }, async (request, reply) => {
    const file = await exportDashboard(ctx, admin(request), (request.params as IdParams).id);
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-disposition', 'attachment; filename="dashboard.tessera-dashboard.json"')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(JSON.stringify(file, null, 2));
  });

  app.post('/api/dashboards/import', { schema: { body: IMPORT_BODY } }, async (request) => {
    const auth = admin(request);
    const result = await importDashboard(ctx, auth, (request.body as { file: Record<string, unknown> }).file);
    return ok(request, await loggedSave(ctx, request, auth, 'dashboard', result, 'import'));
  });
}
