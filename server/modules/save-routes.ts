/**
 * The module API's writes (admin only): POST api/module (new module), PUT api/module/:id (save),
 * GET api/module/:id/versions (newest first) and POST api/module/:id/rollback/:versionId (saves
 * that version's schema again — a new version; columns added since stay). See save.ts.
 * Body of a save: { title?, table_name (new modules), schema (object or JSON text), ai_generated? }.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth, type RequestAuth } from '../auth/session-hook';
import type { ServerContext } from '../context';
import { badRequest, forbidden, notFound } from '../errors';
import { ok } from '../reply';
import { isPlainObject } from '../common/values';
import { ID_PATTERN } from '../common/access';
import { saveModule, type SaveInput } from './save';

export const MAX_VERSIONS_LISTED = 100;

function admin(request: FastifyRequest): RequestAuth {
  const auth = requireAuth(request);
  if (!auth.isAdmin) throw forbidden();
  return auth;
}

function idOf(value: unknown): string {
  if (typeof value !== 'string' || !ID_PATTERN.test(value)) throw notFound();
  return value;
}

function saveInput(body: unknown): Omit<SaveInput, 'id'> {
  if (!isPlainObject(body)) throw badRequest('server.bodyNotObject');
  const allowed = new Set(['title', 'table_name', 'schema', 'ai_generated', 'id', 'update_at']);
  for (const key of Object.keys(body))
    if (!allowed.has(key)) throw badRequest('server.unknownField', { key: key.slice(0, 64) });
  if (body.title !== undefined && body.title !== null && typeof body.title !== 'string')
    throw badRequest('server.invalidValue', { key: 'title' });
  if (body.table_name !== undefined && typeof body.table_name !== 'string')
    throw badRequest('server.invalidValue', { key: 'table_name' });
  if (body.schema === undefined || body.schema === null) throw badRequest('server.fieldRequired', { title: 'schema' });
  return {
    title: typeof body.title === 'string' ? body.title.slice(0, 255) : undefined,
    tableName: body.table_name as string | undefined,
    schema: body.schema,
    aiGenerated: body.ai_generated === true || body.ai_generated === 1,
  };
}

export function registerModuleSaveRoutes(app: FastifyInstance, ctx: ServerContext): void {
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
    const rows = await ctx.db.db
      .selectFrom(ctx.tables.module_version)
      .select(['id', 'author', 'created_at', 'ai_generated', 'diff', 'schema'])
      .where('app_id', '=', auth.app.id)
      .where('module_id', '=', id)
      .where('is_deleted', '=', 0)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(MAX_VERSIONS_LISTED)
      .execute();
    return ok(
      request,
      rows.map((row) => ({
        id: row.id,
        author: row.author,
        created_at: Number(row.created_at),
        ai_generated: Number(row.ai_generated) === 1,
        diff: parseJson(row.diff),
        schema: parseJson(row.schema),
      })),
    );
  });

  app.post('/api/module/:id/rollback/:versionId', async (request) => {
    const auth = admin(request);
    const params = request.params as { id?: unknown; versionId?: unknown };
    const id = idOf(params.id);
    const versionId = idOf(params.versionId);
    const version = await ctx.db.db
      .selectFrom(ctx.tables.module_version)
      .select(['schema'])
      .where('app_id', '=', auth.app.id)
      .where('module_id', '=', id)
      .where('id', '=', versionId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!version) throw badRequest('data.module.versionMissing');
    return ok(request, await saveModule(ctx, auth, { id, schema: String(version.schema), rollbackOf: versionId }));
  });
}

function parseJson(text: unknown): unknown {
  if (typeof text !== 'string') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
