/**
 * The balance, usage and top-ups of the signed-in user (the personal center's recharge tab) and the
 * payment provider's callback (docs/ai.md "Quota, pay mode and recharge"):
 *   GET  /api/ai/wallet                      { balance, payMode, payReady }  (thousandths of the unit)
 *   GET  /api/ai/usage?current&pageSize      { list, total }  the user's charged calls
 *   GET  /api/ai/recharge?current&pageSize   { list, total }  the user's top-up orders
 *   POST /api/ai/recharge { amount }         { orderNo, payUrl }  amount in the unit, 2 decimals
 *   POST /api/ai/pay/notify                  the gateway's signed callback (public), answered `success`
 * The callback credits an order exactly once: the order turns from pending to paid in the same
 * transaction as the credit, and only the one update that finds it pending credits it. A callback
 * whose signature, merchant or amount does not match credits nothing and is answered `fail`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth } from '../auth/session-hook';
import type { ServerContext } from '../context';
import { newId } from '../db/ids';
import { badRequest } from '../errors';
import { langOf, ok } from '../reply';
import { limitedBy } from '../rate-limits';
import { translate } from '../../protocol/messages';
import { aiSettingsOf, PAY_MODE_PER_USE } from './ai-config';
import type { AiBilling } from './billing';
import type { PayConfigStore } from './config-routes';

const PAGE_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    current: { type: 'integer', minimum: 1, maximum: 100_000, description: 'Page, from 1' },
    pageSize: { type: 'integer', minimum: 1, maximum: 100, description: 'Rows a page' },
  },
} as const;

/** At least 0.01, at most 100,000 of the unit, in cents: a typo of a few zeros is refused, not charged. */
const MAX_FEN = 10_000_000;
const RECHARGE_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['amount'],
  description: 'A top-up order',
  properties: {
    amount: {
      type: 'number',
      minimum: 0.01,
      maximum: MAX_FEN / 100,
      'x-error': 'aiPay.amountInvalid',
      description: 'The amount in the currency unit, at most two decimals',
    },
  },
} as const;

const NOTIFY_BODY = {
  type: 'object',
  description: "The payment gateway's callback (payment.ts)",
  additionalProperties: { type: ['string', 'number'], maxLength: 2048 },
  maxProperties: 30,
} as const;

export function registerRechargeRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  billing: AiBilling,
  payConfig: PayConfigStore,
): void {
  const { topups } = billing.tables;
  const db = ctx.db.db;

  app.get(
    '/api/ai/wallet',
    { schema: { querystring: { type: 'object', additionalProperties: false } } },
    async (request) => {
      const auth = requireAuth(request);
      return ok(request, {
        balance: await billing.balance(auth.app.id, auth.user.id),
        payMode: aiSettingsOf(auth.app).payMode,
        payReady: Boolean(await payConfig.provider(auth.app.id).catch(() => undefined)),
      });
    },
  );

  app.get('/api/ai/usage', { schema: { querystring: PAGE_QUERY } }, async (request) => {
    const auth = requireAuth(request);
    const query = request.query as { current?: number; pageSize?: number };
    return ok(request, await billing.usageOf(auth.app.id, auth.user.id, query.current ?? 1, query.pageSize ?? 10));
  });

  app.get('/api/ai/recharge', { schema: { querystring: PAGE_QUERY } }, async (request) => {
    const auth = requireAuth(request);
    const { current = 1, pageSize = 10 } = request.query as { current?: number; pageSize?: number };
    const base = db.selectFrom(topups).where('app_id', '=', auth.app.id).where('user_id', '=', auth.user.id);
    const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    const rows = await base
      .selectAll()
      .orderBy('create_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((current - 1) * pageSize)
      .execute();
    return ok(request, {
      total: Number(total?.n ?? 0),
      list: rows.map((row) => ({
        orderNo: String(row.id),
        amount: Number(row.amount),
        status: String(row.status),
        createTime: Number(row.create_at),
        paidTime: row.paid_at === null ? null : Number(row.paid_at),
      })),
    });
  });

  app.post('/api/ai/recharge', { config: limitedBy('payOrder'), schema: { body: RECHARGE_BODY } }, async (request) => {
    const auth = requireAuth(request);
    const fen = Math.round((request.body as { amount: number }).amount * 100);
    if (Math.abs(fen / 100 - (request.body as { amount: number }).amount) > 1e-9 || fen < 1 || fen > MAX_FEN)
      throw badRequest('aiPay.amountInvalid');
    if (aiSettingsOf(auth.app).payMode !== PAY_MODE_PER_USE) throw badRequest('aiPay.notPayMode');
    const gateway = await payConfig.provider(auth.app.id).catch(() => undefined);
    if (!gateway) throw badRequest('aiPay.gatewayMissing');
    const orderNo = newId();
    const now = ctx.now();
    await db
      .insertInto(topups)
      .values({
        id: orderNo,
        app_id: auth.app.id,
        user_id: auth.user.id,
        amount: fen * 10,
        status: 'pending',
        provider_trade_no: null,
        create_at: now,
        paid_at: null,
      })
      .execute();
    const base = gateway.notifyBase ?? originOf(request);
    const payUrl = gateway.provider.payUrl(
      {
        orderNo,
        amountFen: fen,
        subject: translate(langOf(request), 'aiPay.subject', { title: auth.app.title ?? auth.app.identify }),
        notifyUrl: `${base}/api/ai/pay/notify`,
        returnUrl: `${base}/${encodeURIComponent(auth.app.identify)}/user/detail?tab=recharge`,
      },
      now,
    );
    return ok(request, { orderNo, payUrl });
  });

  app.post(
    '/api/ai/pay/notify',
    { config: { public: true, envelope: 'optional', ...limitedBy('payNotify') }, schema: { body: NOTIFY_BODY } },
    async (request, reply) => {
      const body = request.body as Record<string, unknown>;
      const fail = (reason: string) => {
        request.log.warn({ orderNo: String(body.out_trade_no ?? '').slice(0, 64), reason }, 'payment callback refused');
        return reply.code(400).type('text/plain').send('fail');
      };
      const orderNo = String(body.out_trade_no ?? '');
      if (!/^[0-9a-f]{32}$/.test(orderNo)) return fail('unknown order');
      const order = await db.selectFrom(topups).selectAll().where('id', '=', orderNo).executeTakeFirst();
      if (!order) return fail('unknown order');
      const gateway = await payConfig.provider(String(order.app_id)).catch(() => undefined);
      const notice = gateway?.provider.verifyNotice(body);
      if (!notice) return fail('signature');
      if (notice.amountFen * 10 !== Number(order.amount)) return fail('amount');
      const credited = await db.transaction().execute(async (trx) => {
        const paid = await trx
          .updateTable(topups)
          .set({ status: 'paid', provider_trade_no: notice.tradeNo || null, paid_at: ctx.now() })
          .where('id', '=', orderNo)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        if (Number(paid.numUpdatedRows) !== 1) return false; // already paid: a repeated callback
        await billing.credit(trx, String(order.app_id), String(order.user_id), Number(order.amount));
        return true;
      });
      request.log.info({ orderNo, credited }, 'payment callback accepted');
      return reply.type('text/plain').send('success');
    },
  );
}

/** The address the browser used (honours TRUST_PROXY through request.protocol / host). */
function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
