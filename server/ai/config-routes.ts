/**
 * GET / PUT /api/ai/config/current: the ai/config page (schemas/pages/ai/config.json, a REST form
 * whose one record is `current`), admins of the session's app only. What features are on, the pay
 * mode, the daily quota and its time zone go to the app row's ai_config (checked by the app page's
 * own rules, platform/app-edit.ts, so both pages accept the same values); the payment gateway goes
 * to ai_pay_config with its key sealed (answered as set + mask, never in clear). A save publishes
 * `settings.changed`, so every open browser reloads its app info and the top bar follows at once.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { requireAuth, type RequestAuth } from '../auth/session-hook';
import type { ServerContext } from '../context';
import { aiPayConfigTable } from '../db/migrations/0027-ai-billing';
import { badRequest, forbidden } from '../errors';
import { recordAdminChanges } from '../logs/record';
import { aiConfigText } from '../platform/app-edit';
import { ok } from '../reply';
import { maskSealed, type SecretBox } from '../secrets/secrets';
import { aiSettingsOf, DRAW_PRICE_MAX, PAY_MODES, rawAiConfig } from './ai-config';
import { HostedCheckout, type PaymentProvider } from './payment';

const URL_PATH = '/api/ai/config/current';
const SWITCH = { enum: [true, false, 0, 1, '0', '1'], description: 'On or off' } as const;
const httpUrl = (description: string) =>
  ({ type: ['string', 'null'], maxLength: 2048, pattern: '^(https?://\\S+)?$', description }) as const;

const BODY = {
  type: 'object',
  additionalProperties: false,
  description: "The app's AI settings (any subset)",
  properties: {
    id: { const: 'current', description: 'The settings record the form loaded (always "current")' },
    enabled: { ...SWITCH, description: 'AI on: the top bar may show its AI buttons' },
    showInNavBar: { ...SWITCH, description: 'Show AI chat and AI draw in the top bar' },
    chat: { ...SWITCH, description: 'The chat is on' },
    draw: { ...SWITCH, description: 'The image studio is on' },
    generator: { ...SWITCH, description: 'The AI app generator is on' },
    payMode: { enum: [...PAY_MODES], description: '0 free, 3 pay per use from a balance' },
    dailyQuota: { type: 'integer', minimum: 0, maximum: 100_000, description: 'AI calls per user per day; 0 no limit' },
    timeZone: { type: 'string', minLength: 1, maxLength: 64, description: "The quota day's IANA time zone" },
    drawPrice: {
      type: 'integer',
      minimum: 0,
      maximum: DRAW_PRICE_MAX,
      description: 'What one delivered image costs, in thousandths of the unit; 0 free',
    },
    payGatewayUrl: httpUrl("The payment gateway's address (its /pay page)"),
    payMerchantId: { type: ['string', 'null'], maxLength: 64, description: 'Our merchant id at the gateway' },
    payKey: {
      type: ['string', 'null'],
      maxLength: 256,
      description: 'The merchant signing key; stored encrypted, never answered. Empty keeps the stored one',
    },
    payKeySet: { description: 'Ignored (whether a key is stored)' },
    payKeyMask: { description: 'Ignored (the masked key)' },
    payNotifyBase: httpUrl("This server's public address the gateway calls back; empty: the address in use"),
  },
} as const;

interface PayConfigRow {
  app_id: string;
  gateway_url: string | null;
  merchant_id: string | null;
  secret: string | null;
  notify_base: string | null;
}

const keyContext = (appId: string) => `ai_pay_config:${appId}:secret`;
const flagOf = (value: unknown) => value === true || value === 1 || value === '1';

/** The app's payment gateway settings and the provider built from them (server-side only). */
export class PayConfigStore {
  constructor(
    private readonly ctx: ServerContext,
    private readonly box: SecretBox,
  ) {}

  private get table() {
    return aiPayConfigTable(this.ctx.config.tablePrefix);
  }

  async row(appId: string, db: Kysely<any> = this.ctx.db.db): Promise<PayConfigRow | undefined> {
    return (await db.selectFrom(this.table).selectAll().where('app_id', '=', appId).executeTakeFirst()) as
      PayConfigRow | undefined;
  }

  /** The provider of the app, or undefined while the gateway is not fully configured. */
  async provider(appId: string): Promise<{ provider: PaymentProvider; notifyBase: string | null } | undefined> {
    const row = await this.row(appId);
    if (!row?.gateway_url || !row.merchant_id || !row.secret) return undefined;
    const key = this.box.open(row.secret, keyContext(appId));
    return { provider: new HostedCheckout(row.gateway_url, row.merchant_id, key), notifyBase: row.notify_base };
  }

  view(row: PayConfigRow | undefined) {
    const mask = maskSealed(this.box, row?.secret, row ? keyContext(row.app_id) : '');
    return {
      payGatewayUrl: row?.gateway_url ?? '',
      payMerchantId: row?.merchant_id ?? '',
      payKey: '',
      payKeySet: mask.set,
      payKeyMask: mask.mask,
      payNotifyBase: row?.notify_base ?? '',
    };
  }

  async save(trx: Kysely<any>, appId: string, userId: string, body: Record<string, unknown>): Promise<void> {
    const keys = ['payGatewayUrl', 'payMerchantId', 'payKey', 'payNotifyBase'];
    if (!keys.some((key) => Object.hasOwn(body, key))) return;
    const current = await this.row(appId, trx);
    const text = (key: string, stored: string | null | undefined) =>
      Object.hasOwn(body, key) ? String(body[key] ?? '').trim() || null : (stored ?? null);
    const key = typeof body.payKey === 'string' ? body.payKey.trim() : '';
    const values = {
      gateway_url: text('payGatewayUrl', current?.gateway_url)?.replace(/\/+$/, '') ?? null,
      merchant_id: text('payMerchantId', current?.merchant_id),
      // An empty key on save keeps the stored one (the form never holds it).
      secret: key ? this.box.seal(key, keyContext(appId)) : (current?.secret ?? null),
      notify_base: text('payNotifyBase', current?.notify_base)?.replace(/\/+$/, '') ?? null,
      update_by: userId,
      update_at: this.ctx.now(),
    };
    if (current) await trx.updateTable(this.table).set(values).where('app_id', '=', appId).execute();
    else
      await trx
        .insertInto(this.table)
        .values({ app_id: appId, ...values })
        .execute();
  }
}

function admin(request: FastifyRequest): RequestAuth {
  const auth = requireAuth(request);
  if (!auth.isAdmin) throw forbidden();
  return auth;
}

export function registerAiConfigRoutes(app: FastifyInstance, ctx: ServerContext, payConfig: PayConfigStore): void {
  const current = async (appId: string) => {
    const row = await ctx.apps.findById(appId);
    if (!row) throw badRequest('error.appNotFound');
    return { id: 'current', ...aiSettingsOf(row), ...payConfig.view(await payConfig.row(appId)) };
  };

  app.get(URL_PATH, { schema: { querystring: { type: 'object', additionalProperties: false } } }, async (request) => {
    const auth = admin(request);
    return ok(request, await current(auth.app.id));
  });

  app.put(URL_PATH, { schema: { body: BODY } }, async (request) => {
    const auth = admin(request);
    const appId = auth.app.id;
    const body = request.body as Record<string, unknown>;
    const before = await current(appId);
    const row = await ctx.apps.findById(appId);
    const next: Record<string, unknown> = { ...rawAiConfig(row ?? auth.app) };
    for (const key of ['enabled', 'showInNavBar', 'chat', 'draw', 'generator'] as const)
      if (Object.hasOwn(body, key)) next[key] = flagOf(body[key]);
    for (const key of ['payMode', 'dailyQuota', 'timeZone', 'drawPrice'] as const)
      if (Object.hasOwn(body, key)) next[key] = body[key];
    const stored = aiConfigText(next); // the app page's checks: an unknown time zone is refused here
    // Both or neither: a gateway saved without the pay mode beside it (or the reverse) would mislead.
    await ctx.db.db.transaction().execute(async (trx) => {
      await payConfig.save(trx, appId, auth.user.id, body);
      await trx
        .updateTable(ctx.tables.app)
        .set({ ai_config: stored, update_by: auth.user.id, update_at: ctx.now() })
        .where('id', '=', appId)
        .execute();
    });
    ctx.apps.invalidate(appId);
    const saved = await current(appId);
    const { id: _b, ...beforeValues } = before;
    const { id: _a, ...afterValues } = saved;
    await recordAdminChanges(ctx, request, [
      {
        appId,
        userId: auth.user.id,
        table: 'ai_config',
        recordId: 'current',
        before: beforeValues,
        after: afterValues,
      },
    ]);
    await ctx.bus.publish({ type: 'settings.changed', appId });
    return ok(request, saved);
  });
}
