/**
 * The version routes every stored schema kind with a head table has (module, dashboard), admin only:
 *   GET  api/<kind>/:id/versions         newest first
 *   GET  api/<kind>/:id/versions/:ref    one version (id or number)
 *   GET  api/<kind>/:id/diff?from=&to=   what changed between two versions, readable
 *   POST api/<kind>/:id/rollback/:ref    saves that version's schema again: a new version
 * The kind's own save does the rollback (a module's table sync, a dashboard's checks), so each
 * kind passes its `rollback`.
 */
import type { FastifyInstance } from 'fastify';
import type { RequestAuth } from '../auth/session-hook';
import type { ServerContext } from '../context';
import { badRequest } from '../errors';
import { rollbackBody } from '../http/shapes';
import { loggedSave } from '../logs/record';
import { ok } from '../reply';
import { diffSchemas } from './diff';
import {
  admin,
  DIFF_QUERY,
  ID_PARAMS,
  VERSION_PARAMS,
  type DiffQuery,
  type IdParams,
  type VersionParams,
} from './route-params';
import { getVersion, listVersions, type SchemaKind, type VersionRow } from './versions';

export type Rollback = (
  auth: RequestAuth,
  id: string,
  version: VersionRow,
  baseVersion: number | undefined,
) => Promise<{ id: string; version: number; dryRun?: true }>;

export function registerVersionRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  kind: Exclude<SchemaKind, 'page'>,
  rollback: Rollback,
): void {
  const version = (auth: RequestAuth, id: string, ref: string) =>
    getVersion(ctx.db.db, ctx, auth.app.id, kind, id, ref);

  app.get(`/api/${kind}/:id/versions`, { schema: { params: ID_PARAMS } }, async (request) => {
    const auth = admin(request);
    const id = (request.params as IdParams).id;
    const rows = await listVersions(ctx.db.db, ctx, auth.app.id, kind, id, true);
    return ok(
      request,
      rows.map(({ model: _model, ...row }) => row),
    );
  });

  app.get(`/api/${kind}/:id/versions/:ref`, { schema: { params: VERSION_PARAMS } }, async (request) => {
    const auth = admin(request);
    const params = request.params as VersionParams;
    const found = await version(auth, params.id, params.ref);
    if (!found) throw badRequest('data.module.versionMissing');
    const { model: _model, ...row } = found;
    return ok(request, row);
  });

  app.get(`/api/${kind}/:id/diff`, { schema: { params: ID_PARAMS, querystring: DIFF_QUERY } }, async (request) => {
    const auth = admin(request);
    const id = (request.params as IdParams).id;
    const query = request.query as DiffQuery;
    const [from, to] = await Promise.all([query.from, query.to].map((ref) => version(auth, id, ref)));
    if (!from || !to) throw badRequest('data.module.versionMissing');
    return ok(request, { from: from.version, to: to.version, changes: diffSchemas(from.schema, to.schema) });
  });

  app.post(
    `/api/${kind}/:id/rollback/:ref`,
    { schema: { params: VERSION_PARAMS, body: rollbackBody } },
    async (request) => {
      const auth = admin(request);
      const params = request.params as VersionParams;
      const found = await version(auth, params.id, params.ref);
      if (!found) throw badRequest('data.module.versionMissing');
      const base = (request.body as { base_version?: number | null } | null)?.base_version ?? undefined;
      const result = await rollback(auth, params.id, found, base);
      return ok(request, await loggedSave(ctx, request, auth, kind, result, 'rollback'));
    },
  );
}
