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
import { nestRows } from '../common/query/tree';
import type { Row } from '../common/values';
import { registerShellRoutes } from './shell-routes';
import type { ServerContext } from '../context';
import { ApiError, notFound } from '../errors';
import { identify, recordId, strictObject, text } from '../http/shapes';
import { ok } from '../reply';
import { readStoredSchema } from '../schema-store/prepare';
import { DEFAULT_SETTINGS, type StoredSettings } from '../../protocol/settings';
import type { AppRow } from './apps';

function json(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * What any visitor may know of an app; table_prefix tells the shell how system tables are named.
 * From its settings (docs/settings.md): which sign-in ways the login page offers, whether it asks
 * the picture code up front, the default language and colour, and what the top bar shows.
 */
export function publicAppInfo(app: AppRow, tablePrefix: string, settings: StoredSettings = DEFAULT_SETTINGS) {
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
    login_methods: { password: settings.login_password, sms: settings.login_sms, dingtalk: settings.login_dingtalk },
    // Asked from the first attempt; after N failures the server answers captchaWrong and the page shows it.
    captcha: settings.captcha_enabled && settings.captcha_after_failures === 0,
    default_lang: settings.default_lang,
    theme_color: settings.theme_color || null,
    about_text: settings.about_text || null,
    service_qr: settings.service_qr || null,
    demo_video: settings.demo_video || null,
  };
}

/**
 * label is Chinese; label_en (when set) is for readers in English — the runtime picks (dict.ts).
 * A disabled item is still sent, marked disabled: records storing its value keep their label, and
 * selects show it greyed out rather than offer it (docs/dict.md).
 */
function dictItem(row: {
  value: unknown;
  label: unknown;
  label_en: unknown;
  tag: unknown;
  enabled: unknown;
}): DictItem {
  const item: DictItem = { value: String(row.value), label: String(row.label ?? '') };
  if (typeof row.label_en === 'string' && row.label_en.trim()) item.label_en = row.label_en;
  if (typeof row.tag === 'string' && row.tag.trim()) item.tag = row.tag;
  if (row.enabled !== null && row.enabled !== undefined && Number(row.enabled) === 0) item.disabled = true;
  return item;
}

const APP_PARAMS = strictObject({ identify }, 'The app asked about');
const MODULE_PARAMS = strictObject({ id: recordId }, 'The module asked for');
const DICT_PARAMS = strictObject({ code: text(64, 'The dictionary code (dict_code)') }, 'The dictionary asked for');

interface DictItem {
  value: string;
  label: string;
  label_en?: string;
  /** Tag colour (antd preset or #rrggbb) a cell may show the label in. */
  tag?: string;
  disabled?: true;
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
    { config: { public: true, envelope: 'optional' }, schema: { params: APP_PARAMS } },
    async (request) => {
      const found = await ctx.apps.findByIdentify(request.params.identify);
      if (!found) throw new ApiError(ResultCode.APP_NOT_FOUND, 'error.appNotFound');
      return ok(request, publicAppInfo(found, ctx.config.tablePrefix, await ctx.settings.get(found.id)));
    },
  );

  app.get<{ Params: { id: string } }>('/api/module/:id', { schema: { params: MODULE_PARAMS } }, async (request) => {
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

  app.get<{ Params: { code: string } }>('/api/dict/:code', { schema: { params: DICT_PARAMS } }, async (request) => {
    const { app: target } = requireAuth(request);
    const rows = await ctx.db.db
      .selectFrom(ctx.tables.dict)
      .select(['id', 'value', 'label', 'label_en', 'tag', 'enabled', 'parent_id'])
      .where('app_id', '=', target.id)
      .where('dict_code', '=', request.params.code)
      .where('is_deleted', '=', 0)
      .orderBy('sort', 'asc')
      .orderBy('create_at', 'asc')
      .execute();
    // Items with a parent in the same dictionary nest under it (tree selects); others are roots. A
    // parent loop stored before writes were checked (server/common/parent-loop.ts) is shown as
    // roots by nestRows, never hidden.
    const toItem = (row: Row): DictItem => {
      const item = dictItem(row as Parameters<typeof dictItem>[0]);
      const children = row.children as Row[] | undefined;
      if (children) item.children = children.map(toItem);
      return item;
    };
    const roots = nestRows(rows as Row[], 'parent_id').map(toItem);
    return ok(request, roots);
  });
}
