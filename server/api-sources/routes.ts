/**
 * The api page's server (issue 16 item 4, docs/api-sources.md). Admins of the app manage its REST
 * data sources in the REST data provider's shape, so the page is a plain list schema:
 *   GET    /api/apiSources?current&pageSize&name&title   → { list, total } (secrets masked)
 *   GET    /api/apiSources/:id  POST /api/apiSources  PUT /api/apiSources/:id
 *   DELETE /api/apiSources/:id  DELETE /api/apiSources { ids }
 *   POST   /api/apiSources/test { ids: [id], params? } → status, timing, a redacted sample, mapped rows
 * Pages read a source as a REST data source: GET /api/apiData/:name?current&pageSize&… → { list,
 * total }, the call made by the server through the SSRF guard (admins always; other signed-in users
 * of the app when the source is `shared`). The app comes from the session only.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { translate } from '../../protocol/messages';
import { requireAuth, type RequestAuth } from '../auth/session-hook';
import type { ServerContext } from '../context';
import { apiSourceTable } from '../db/migrations/0015-api-sources';
import { badRequest, forbidden } from '../errors';
import { policyFromConfig } from '../net/outbound';
import { recordAdminChanges } from '../logs/record';
import { langOf, ok } from '../reply';
import { secretBoxFor } from '../secrets/secrets';
import { callSource, jsonOf, mapAnswer, redact, type Vars } from './call';
import { ApiSourceStore } from './store';
import { DATA_PARAMS, DATA_QUERY, ID_PARAMS, IDS_BODY, LIST_QUERY, SOURCE_BODY, TEST_BODY } from './shapes';
import type { SourceInput } from './source';

/** How much of an answer a test call shows. */
const SAMPLE_CHARS = 2000;
const SAMPLE_ROWS = 5;

function admin(request: FastifyRequest): RequestAuth {
  const auth = requireAuth(request);
  if (!auth.isAdmin) throw forbidden();
  return auth;
}

function pageOf(query: { current?: number; pageSize?: number }): { current: number; pageSize: number } {
  return { current: query.current ?? 1, pageSize: query.pageSize ?? 10 };
}

export function registerApiSourceRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const box = secretBoxFor(ctx.config);
  const store = new ApiSourceStore(ctx.db.db, apiSourceTable(ctx.config.tablePrefix), box, ctx.now);
  const policy = policyFromConfig(ctx.config);
  const table = apiSourceTable(ctx.config.tablePrefix);
  type View = Record<string, unknown>;
  /** Admin changes go to the operation log as the answer views (secrets only as masks, redacted too). */
  const logChanges = (
    request: FastifyRequest,
    auth: RequestAuth,
    rows: { id: string; before?: View; after?: View }[],
  ) =>
    recordAdminChanges(
      ctx,
      request,
      rows.map((row) => ({
        appId: auth.app.id,
        userId: auth.user.id,
        table,
        recordId: row.id,
        before: row.before,
        after: row.after,
      })),
    );
  const views = (appId: string, ids: string[]) =>
    Promise.all([...new Set(ids)].map(async (id) => ({ id, before: store.view(await store.get(appId, id)) })));
  const removeSources = async (request: FastifyRequest, ids: string[]) => {
    const auth = admin(request);
    const removed = await views(auth.app.id, ids);
    await store.remove(auth.app.id, ids);
    await logChanges(request, auth, removed);
    return ok(request, null);
  };

  app.get('/api/apiSources', { schema: { querystring: LIST_QUERY } }, async (request) => {
    const auth = admin(request);
    const query = request.query as { current?: number; pageSize?: number; name?: string; title?: string };
    return ok(request, await store.list(auth.app.id, pageOf(query), query));
  });

  app.get('/api/apiSources/:id', { schema: { params: ID_PARAMS } }, async (request) => {
    const auth = admin(request);
    return ok(request, store.view(await store.get(auth.app.id, (request.params as { id: string }).id)));
  });

  app.post('/api/apiSources', { schema: { body: SOURCE_BODY('create') } }, async (request) => {
    const auth = admin(request);
    const row = await store.create(auth.app.id, auth.user.id, request.body as SourceInput, policy);
    await logChanges(request, auth, [{ id: row.id, after: store.view(row) }]);
    return ok(request, store.view(row));
  });

  app.put('/api/apiSources/:id', { schema: { params: ID_PARAMS, body: SOURCE_BODY('update') } }, async (request) => {
    const auth = admin(request);
    const { id } = request.params as { id: string };
    const [{ before }] = await views(auth.app.id, [id]);
    const row = await store.update(auth.app.id, auth.user.id, id, request.body as SourceInput, policy);
    await logChanges(request, auth, [{ id, before, after: store.view(row) }]);
    return ok(request, store.view(row));
  });

  app.delete('/api/apiSources/:id', { schema: { params: ID_PARAMS } }, (request) =>
    removeSources(request, [(request.params as { id: string }).id]),
  );

  app.delete('/api/apiSources', { schema: { body: IDS_BODY } }, (request) =>
    removeSources(request, (request.body as { ids: string[] }).ids),
  );

  app.post('/api/apiSources/test', { schema: { body: TEST_BODY } }, async (request) => {
    const auth = admin(request);
    const body = request.body as { ids: [string]; params?: Vars };
    const row = await store.get(auth.app.id, body.ids[0]);
    const vars: Vars = { current: 1, pageSize: 10, ...body.params };
    const { response, ms, prepared } = await callSource(row, store.secretOf(row), vars, policy, ctx.now);
    const text = response.body.toString('utf8');
    let rows: Record<string, unknown>[] | undefined;
    let total: number | undefined;
    let mappingError: string | undefined;
    try {
      const mapped = mapAnswer(row, jsonOf(response));
      rows = mapped.rows;
      total = mapped.total ?? mapped.rows.length;
    } catch (error) {
      const e = error as { key?: string; vars?: Record<string, unknown> };
      mappingError = e.key ? translate(langOf(request), e.key, e.vars) : String(error);
    }
    const hide = (value: string) => redact(value, prepared.secrets);
    const data = {
      status: response.status,
      ms,
      url: hide(response.url),
      method: prepared.method,
      redirects: response.redirects,
      contentType: response.headers['content-type'] ?? '',
      bytes: response.body.length,
      sample: hide(text.slice(0, SAMPLE_CHARS)),
      truncated: text.length > SAMPLE_CHARS,
      rows: rows ? JSON.parse(hide(JSON.stringify(rows.slice(0, SAMPLE_ROWS)))) : [],
      total: total ?? 0,
      ...(mappingError ? { mappingError } : {}),
    };
    const message = translate(langOf(request), 'apiSource.testResult', {
      status: response.status,
      ms,
      rows: rows?.length ?? 0,
    });
    return { ...ok(request, data), message };
  });

  app.get('/api/apiData/:name', { schema: { params: DATA_PARAMS, querystring: DATA_QUERY } }, async (request) => {
    const auth = requireAuth(request);
    const { name } = request.params as { name: string };
    const row = await store.byName(auth.app.id, name);
    if (!row || (!auth.isAdmin && Number(row.shared) !== 1)) {
      if (row) throw forbidden();
      throw badRequest('apiSource.notFound', { name });
    }
    const query = { ...(request.query as Record<string, string>) };
    const { current, pageSize } = pageOf({
      current: Number(query.current) || 1,
      pageSize: Number(query.pageSize) || 10,
    });
    const vars: Vars = { ...query, current, pageSize };
    const { response, prepared } = await callSource(row, store.secretOf(row), vars, policy, ctx.now);
    if (response.status >= 400) throw badRequest('apiSource.upstreamStatus', { status: response.status });
    const mapped = mapAnswer(row, jsonOf(response));
    const safe = JSON.parse(redact(JSON.stringify(mapped.rows), prepared.secrets)) as Record<string, unknown>[];
    // Without a total the upstream sent every row: the page is cut here.
    if (mapped.total === undefined)
      return ok(request, { list: safe.slice((current - 1) * pageSize, current * pageSize), total: safe.length });
    return ok(request, { list: safe, total: mapped.total });
  });
}
