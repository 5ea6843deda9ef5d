/**
 * GET / PUT api/sys/settings/current: the signed-in admin's app's system settings (docs/settings.md),
 * as one flat object the sys page's form loads and saves (schemas/pages/system/sys.json, a REST
 * data source whose one record is `current`). Admins only, refused by the access hook before the
 * body is looked at (config.settingsRoute). The body is checked by SETTINGS_SCHEMA (ranges, enums,
 * formats, each with its zh/en message); what a schema cannot say is checked here: one sign-in
 * method stays on, and the IP list parses and keeps the saving admin in (app-edit.ts). A save
 * writes the settings row and the app-row switches, then publishes `settings.changed` so every
 * instance rereads both (settings-store.ts), and writes an `admin-change` entry to the operation log
 * (before/after). No secret is among these settings.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  APP_ROW_SETTINGS,
  normaliseSettings,
  SETTINGS_SCHEMA,
  type StoredSettings,
  type SysSettings,
} from '../../protocol/settings';
import { requireAuth } from '../auth/session-hook';
import type { ServerContext } from '../context';
import { badRequest } from '../errors';
import { recordAdminChanges } from '../logs/record';
import { ok } from '../reply';
import { ipAllowListText } from './app-edit';
import type { AppRow } from './apps';

const URL = '/api/sys/settings/current';
/** The form echoes the record's id: only `current` names a settings record. */
const PUT_BODY = {
  ...SETTINGS_SCHEMA,
  properties: {
    ...SETTINGS_SCHEMA.properties,
    id: { const: 'current', description: 'The settings record the form loaded (always "current")' },
  },
};

function settingsOf(app: AppRow, stored: StoredSettings): SysSettings & { id: string } {
  return {
    id: 'current',
    ...stored,
    encrypt: Number(app.encrypt) === 1,
    watermark: Number(app.watermark) === 1,
    ip_allow_list: app.ip_allow_list ?? '',
  };
}

async function current(ctx: ServerContext, appId: string) {
  const app = await ctx.apps.findById(appId);
  if (!app) throw badRequest('error.appNotFound');
  return settingsOf(app, await ctx.settings.get(appId));
}

export function registerSettingsRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const config = { settingsRoute: true };

  app.get(URL, { config, schema: { querystring: { type: 'object', additionalProperties: false } } }, async (request) =>
    ok(request, await current(ctx, requireAuth(request).app.id)),
  );

  app.put(URL, { config, schema: { body: PUT_BODY } }, async (request) => {
    const auth = requireAuth(request);
    const body = request.body as Record<string, unknown>;
    const appId = auth.app.id;
    const before = await current(ctx, appId);
    const changes = normaliseSettings(body);
    delete (changes as { id?: unknown }).id;
    if (new Set(changes.password_classes).size !== (changes.password_classes ?? []).length)
      throw badRequest('sys.classes');
    const next: SysSettings = { ...before, ...changes };
    delete (next as Partial<typeof before>).id;
    if (!next.login_password && !next.login_sms && !next.login_dingtalk) throw badRequest('sys.noMethod');
    const ipList = ipAllowListText(next.ip_allow_list, clientIp(request));

    const stored: Record<string, unknown> = { ...next };
    for (const key of APP_ROW_SETTINGS) delete stored[key];
    const now = ctx.now();
    await ctx.settings.save(appId, stored as unknown as StoredSettings, auth.user.id, now);
    await ctx.db.db
      .updateTable(ctx.tables.app)
      .set({
        encrypt: next.encrypt ? 1 : 0,
        watermark: next.watermark ? 1 : 0,
        ip_allow_list: ipList,
        update_by: auth.user.id,
        update_at: now,
      })
      .where('id', '=', appId)
      .execute();
    ctx.apps.invalidate(appId);
    // Which settings changed, never their values (the log page records the before/after diff).
    const changed = Object.keys(changes).filter(
      (key) =>
        JSON.stringify(changes[key as keyof typeof changes]) !== JSON.stringify(before[key as keyof typeof before]),
    );
    request.log.info({ appId, userId: auth.user.id, changed }, 'system settings saved');
    const saved = await current(ctx, appId);
    const { id: _before, ...beforeValues } = before;
    const { id: _after, ...afterValues } = saved;
    await recordAdminChanges(ctx, request, [
      { appId, userId: auth.user.id, table: 'settings', recordId: 'current', before: beforeValues, after: afterValues },
    ]);
    await ctx.bus.publish({ type: 'settings.changed', appId });
    return ok(request, saved);
  });
}

/** The address the saving admin calls from (request.ip honours TRUST_PROXY, server/config.ts). */
const clientIp = (request: FastifyRequest) => request.ip;
