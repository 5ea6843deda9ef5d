/**
 * The sms page's server (issue 16 item 6, docs/sms.md); admins of the app only, the app from the
 * session. Each list speaks the REST data provider's shape (GET ?current&pageSize → { list, total }):
 *   /api/smsSettings[/:id]   provider settings (the AccessKey secret sealed, answered as a mask)
 *   /api/smsTemplates[/:id]  a template code per scene
 *   /api/smsLogs[/:id]       the send log (read only)
 *   POST /api/smsTemplates/test { ids: [templateId], mobile? } → a test send through the provider,
 *     to `mobile` or the settings' test mobile; logged like every send.
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { translate } from '../../protocol/messages';
import { requireAuth, type RequestAuth } from '../auth/session-hook';
import type { ServerContext } from '../context';
import { smsTables } from '../db/migrations/0018-sms-admin';
import { badRequest, forbidden } from '../errors';
import { checkTarget, policyFromConfig } from '../net/outbound';
import { recordAdminChanges } from '../logs/record';
import { langOf, ok } from '../reply';
import { secretBoxFor } from '../secrets/secrets';
import { AliyunSmsSender } from './aliyun';
import { maskMobile } from './send-log';
import { DEFAULT_ENDPOINT, SmsAdminStore, templateView, type SettingInput, type TemplateInput } from './admin-store';
import {
  ID_PARAMS,
  IDS_BODY,
  IGNORED_KEYS,
  LOG_QUERY,
  PAGE_QUERY,
  SETTING_BODY,
  TEMPLATE_BODY,
  TEMPLATE_QUERY,
  TEST_BODY,
} from './admin-shapes';

function admin(request: FastifyRequest): RequestAuth {
  const auth = requireAuth(request);
  if (!auth.isAdmin) throw forbidden();
  return auth;
}

const pageOf = (query: { current?: number; pageSize?: number }) => ({
  current: query.current ?? 1,
  pageSize: query.pageSize ?? 10,
});

/** The body without the read-only keys the edit form echoes. */
function input<T>(body: unknown): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>))
    if (!IGNORED_KEYS.includes(key)) out[key] = value;
  return out as T;
}

const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

export function registerSmsAdminRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const store = new SmsAdminStore(
    ctx.db.db,
    ctx.config.tablePrefix,
    smsTables(ctx.config.tablePrefix),
    secretBoxFor(ctx.config),
    ctx.now,
  );
  const policy = policyFromConfig(ctx.config);
  const tables = smsTables(ctx.config.tablePrefix);
  /** Admin changes go to the operation log as the answer views (the secret only as its mask, redacted too). */
  type View = Record<string, unknown>;
  const logChanges = (
    request: FastifyRequest,
    auth: RequestAuth,
    table: string,
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
  const settingViews = (appId: string, ids: string[]) =>
    Promise.all(ids.map(async (id) => ({ id, before: store.settingView(await store.getSetting(appId, id)) })));
  const templateViews = (appId: string, ids: string[]) =>
    Promise.all(ids.map(async (id) => ({ id, before: templateView(await store.getTemplate(appId, id)) })));
  const endpointOf = (endpoint: string | null | undefined) => (endpoint?.trim() || DEFAULT_ENDPOINT).replace(/\/$/, '');
  /** A given endpoint is checked on save (the default one is the provider's own, resolved at send). */
  const checkEndpoint = async (endpoint: string | null | undefined) => {
    if (endpoint?.trim()) await checkTarget(endpointOf(endpoint), policy);
  };

  app.get('/api/smsSettings', { schema: { querystring: PAGE_QUERY } }, async (request) => {
    const auth = admin(request);
    return ok(request, await store.listSettings(auth.app.id, pageOf(request.query as object)));
  });
  app.get('/api/smsSettings/:id', { schema: { params: ID_PARAMS } }, async (request) => {
    const auth = admin(request);
    return ok(request, store.settingView(await store.getSetting(auth.app.id, idOf(request))));
  });
  app.post('/api/smsSettings', { schema: { body: SETTING_BODY('create') } }, async (request) => {
    const auth = admin(request);
    const body = input<SettingInput>(request.body);
    await checkEndpoint(body.endpoint ?? null);
    const after = store.settingView(await store.createSetting(auth.app.id, auth.user.id, body));
    await logChanges(request, auth, tables.setting, [{ id: String(after.id), after }]);
    return ok(request, after);
  });
  app.put('/api/smsSettings/:id', { schema: { params: ID_PARAMS, body: SETTING_BODY('update') } }, async (request) => {
    const auth = admin(request);
    const body = input<SettingInput>(request.body);
    await checkEndpoint(body.endpoint);
    const [{ before }] = await settingViews(auth.app.id, [idOf(request)]);
    const after = store.settingView(await store.updateSetting(auth.app.id, auth.user.id, idOf(request), body));
    await logChanges(request, auth, tables.setting, [{ id: idOf(request), before, after }]);
    return ok(request, after);
  });
  const removeSettings = async (request: FastifyRequest, ids: string[]) => {
    const auth = admin(request);
    const removed = await settingViews(auth.app.id, [...new Set(ids)]);
    await store.remove('setting', auth.app.id, ids);
    await logChanges(request, auth, tables.setting, removed);
    return ok(request, null);
  };
  app.delete('/api/smsSettings/:id', { schema: { params: ID_PARAMS } }, (request) =>
    removeSettings(request, [idOf(request)]),
  );
  app.delete('/api/smsSettings', { schema: { body: IDS_BODY } }, (request) =>
    removeSettings(request, (request.body as { ids: string[] }).ids),
  );

  app.get('/api/smsTemplates', { schema: { querystring: TEMPLATE_QUERY } }, async (request) => {
    const auth = admin(request);
    const query = request.query as { current?: number; pageSize?: number; scene?: string };
    return ok(request, await store.listTemplates(auth.app.id, pageOf(query), query.scene));
  });
  app.get('/api/smsTemplates/:id', { schema: { params: ID_PARAMS } }, async (request) => {
    const auth = admin(request);
    return ok(request, templateView(await store.getTemplate(auth.app.id, idOf(request))));
  });
  app.post('/api/smsTemplates', { schema: { body: TEMPLATE_BODY('create') } }, async (request) => {
    const auth = admin(request);
    const row = await store.createTemplate(auth.app.id, auth.user.id, input<TemplateInput>(request.body));
    await logChanges(request, auth, tables.template, [{ id: row.id, after: templateView(row) }]);
    return ok(request, templateView(row));
  });
  app.put(
    '/api/smsTemplates/:id',
    { schema: { params: ID_PARAMS, body: TEMPLATE_BODY('update') } },
    async (request) => {
      const auth = admin(request);
      const [{ before }] = await templateViews(auth.app.id, [idOf(request)]);
      const row = await store.updateTemplate(
        auth.app.id,
        auth.user.id,
        idOf(request),
        input<TemplateInput>(request.body),
      );
      await logChanges(request, auth, tables.template, [{ id: row.id, before, after: templateView(row) }]);
      return ok(request, templateView(row));
    },
  );
  const removeTemplates = async (request: FastifyRequest, ids: string[]) => {
    const auth = admin(request);
    const removed = await templateViews(auth.app.id, [...new Set(ids)]);
    await store.remove('template', auth.app.id, ids);
    await logChanges(request, auth, tables.template, removed);
    return ok(request, null);
  };
  app.delete('/api/smsTemplates/:id', { schema: { params: ID_PARAMS } }, (request) =>
    removeTemplates(request, [idOf(request)]),
  );
  app.delete('/api/smsTemplates', { schema: { body: IDS_BODY } }, (request) =>
    removeTemplates(request, (request.body as { ids: string[] }).ids),
  );

  app.get('/api/smsLogs', { schema: { querystring: LOG_QUERY } }, async (request) => {
    const auth = admin(request);
    const query = request.query as { current?: number; pageSize?: number; scene?: string; status?: string };
    return ok(request, await store.listLogs(auth.app.id, pageOf(query), { scene: query.scene, status: query.status }));
  });
  app.get('/api/smsLogs/:id', { schema: { params: ID_PARAMS } }, async (request) => {
    const auth = admin(request);
    return ok(request, await store.getLog(auth.app.id, idOf(request)));
  });

  app.post('/api/smsTemplates/test', { schema: { body: TEST_BODY } }, async (request) => {
    const auth = admin(request);
    const body = request.body as { ids: [string]; mobile?: string };
    const template = await store.getTemplate(auth.app.id, body.ids[0]);
    const setting = await store.activeSetting(auth.app.id);
    if (!setting) throw badRequest('sms.notConfigured');
    const mobile = body.mobile?.trim() || setting.test_mobile;
    if (!mobile) throw badRequest('sms.noTestMobile');
    const endpoint = endpointOf(setting.endpoint);
    // Checked again at send time: a name may resolve elsewhere than when it was saved.
    await checkTarget(endpoint, policy);
    const sender = new AliyunSmsSender(
      {
        accessKeyId: setting.access_key_id,
        accessKeySecret: store.secretOf(setting),
        signName: setting.sign_name,
        templateCode: template.template_code,
        endpoint,
      },
      ctx.now,
    );
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    let answer: string;
    try {
      answer = await sender.deliver(mobile, { code });
    } catch {
      answer = 'UNREACHABLE';
    }
    const status = answer === 'OK' ? 'sent' : 'failed';
    await store.log(auth.app.id, {
      mobile,
      scene: template.scene,
      provider: setting.provider,
      templateCode: template.template_code,
      status,
      answerCode: answer,
      userId: auth.user.id,
    });
    const vars = { mobile: maskMobile(mobile), answer };
    if (status === 'failed') throw badRequest('sms.testFailed', { answer });
    const message = translate(langOf(request), 'sms.testSent', vars);
    return { ...ok(request, { status, answer, mobile: vars.mobile }), message };
  });
}
