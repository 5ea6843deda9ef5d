/**
 * App info (public), module schema and dictionaries (session's app), health. App info never
 * carries the private key: the client only needs the public key to seal requests.
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../protocol/codes';
import { can } from '../access/can';
import { grantsOf } from '../access/grants';
import { refuse } from '../access/hook';
import { requireAuth } from '../auth/session-hook';
import { registerShellRoutes } from './shell-routes';
import type { ServerContext } from '../context';
import { ApiError, notFound } from '../errors';
import { ok } from '../reply';
import { readStoredSchema } from '../schema-store/prepare';
import type { AppRow } from './apps';

function json(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** What any visitor may know of an app; table_prefix tells the shell how system tables are named. */
export function publicAppInfo(app: AppRow, tablePrefix: string) {
  return {
    id: app.id,
    identify: app.identify,
    title: app.title,
    shortTitle: app.short_title,
    logo: app.logo,
    login_cover: app.login_cover,
    watermark: Number(app.watermark),
    watermark_rotate: app.watermark_rotate,
    source: app.source,
    ai_config: json(app.ai_config),
    upload_config: json(app.upload_config),
    public_key: app.public_key,
    encrypt: Number(app.encrypt) === 1,
    // On unless turned off; the shell never applies it in development builds (docs/auth.md).
    protect: app.protect === undefined || app.protect === null ? true : Number(app.protect) === 1,
    table_prefix: tablePrefix,
  };
}

interface DictItem {
  value: string;
  label: string;
  children?: DictItem[];
}

export function registerPlatformRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerShellRoutes(app, ctx);
  app.get('/api/health', { config: { public: true, envelope: 'optional' } }, async (request) => {
    await sql`select 1`.execute(ctx.db.db);
    return ok(request, { status: 'ok' });
  });

  app.get<{ Params: { identify: string } }>(
    '/api/app/:identify',
    { config: { public: true, envelope: 'optional' } },
    async (request) => {
      const found = await ctx.apps.findByIdentify(request.params.identify);
      if (!found) throw new ApiError(ResultCode.APP_NOT_FOUND, 'error.appNotFound');
      return ok(request, publicAppInfo(found, ctx.config.tablePrefix));
    },
  );

  app.get<{ Params: { id: string } }>('/api/module/:id', async (request) => {
    const auth = requireAuth(request);
    const target = auth.app;
    const row = await ctx.db.db
      .selectFrom(ctx.tables.module)
      .select(['id', 'title', 'table_name', 'schema', 'update_at'])
      .where('app_id', '=', target.id)
      .where('id', '=', request.params.id)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!row) throw notFound();
    // A page the user's menus do not open is refused here too (docs/auth.md, server/access).
    refuse(can(await grantsOf(ctx, request, auth), 'read', { type: 'module', id: request.params.id }));
    // Through migrate, like every read of a stored schema (server/schema-store/prepare.ts).
    return ok(request, {
      ...row,
      update_at: Number(row.update_at),
      schema: readStoredSchema(row.schema as string | null),
    });
  });

  app.get<{ Params: { code: string } }>('/api/dict/:code', async (request) => {
    const { app: target } = requireAuth(request);
    const rows = await ctx.db.db
      .selectFrom(ctx.tables.dict)
      .select(['id', 'value', 'label', 'parent_id'])
      .where('app_id', '=', target.id)
      .where('dict_code', '=', request.params.code)
      .where('is_deleted', '=', 0)
      .orderBy('sort', 'asc')
      .orderBy('create_at', 'asc')
      .execute();
    // Items with a parent in the same dictionary nest under it (tree selects); others are roots.
    const items = new Map(
      rows.map((r) => [r.id as string, { value: String(r.value), label: String(r.label ?? '') } as DictItem]),
    );
    const roots: DictItem[] = [];
    for (const row of rows) {
      const item = items.get(row.id as string)!;
      const parent = row.parent_id ? items.get(row.parent_id as string) : undefined;
      if (parent) (parent.children ??= []).push(item);
      else roots.push(item);
    }
    return ok(request, roots);
  });
}
