/**
 * Quota and charges of AI calls (docs/ai.md "Quota, pay mode and recharge"): the seam every AI
 * feature calls — the chat's send, the image studio (per image) and the app generator.
 *
 *   const held = await billing.reserve({ app, userId, feature: 'chat', model, estimatedTokens });
 *   … the call …
 *   await billing.charge(held, usage, trx, recordId);   // in the transaction that stores the usage
 *   // or, when the call failed before any answer:
 *   await billing.release(held);
 *
 * reserve refuses, before anything reaches a provider, a feature switched off, a user past the
 * app's daily quota (counted in the app's time zone) and, in pay mode 3, a balance below the call's
 * estimated cost plus what the user's other running calls hold. Each user's wallet row is the lock:
 * reserve and charge update it first, so two calls of one user never both pass on one balance.
 * charge takes the real cost — the model's price per 1,000 tokens times the tokens used, rounded
 * up — from the balance (pay mode 3; it may end below zero when the answer ran longer than the
 * estimate: the next call is then refused) and records it in the usage list in every mode.
 * A drawing is priced per image instead (reserve with `perUnit`, chargeUnits with the images
 * delivered). A call finished by a later request (a polled drawing) names its result at reserve
 * (`refId`); `reservationOf(refId)` finds the reservation again on any instance.
 */
import type { Kysely, Transaction } from 'kysely';
import type { AppRow } from '../platform/apps';
import { newId } from '../db/ids';
import type { DialectSpec } from '../db/dialects/types';
import type { ServerContext } from '../context';
import { aiTopupTable, aiUsageTable, aiWalletTable } from '../db/migrations/0027-ai-billing';
import { badRequest } from '../errors';
import { aiSettingsOf, dayIn, PAY_MODE_PER_USE, type AiFeature } from './ai-config';

/** A reservation older than this no longer holds balance (its call died with its instance). */
const HOLD_MS = 10 * 60_000;

export interface PricedModel {
  id: string;
  label: string;
  price_per_1k: number | string;
}

export interface Reservation {
  id: string;
  appId: string;
  userId: string;
  payMode: number;
  price: number;
}

/** What a call priced per unit (a drawing: per image) costs: `price` thousandths a unit. */
export interface UnitPrice {
  id: string;
  label: string;
  price: number;
}

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface BillingTables {
  wallets: string;
  usage: string;
  topups: string;
}

/** Thousandths of the currency unit for `tokens` at `pricePer1k`, rounded up (a call is never free by rounding). */
export const costOf = (pricePer1k: number, tokens: number) => Math.ceil((pricePer1k * Math.max(0, tokens)) / 1000);

export class AiBilling {
  constructor(
    private readonly db: Kysely<any>,
    private readonly spec: DialectSpec,
    readonly tables: BillingTables,
    private readonly now: () => number,
  ) {}

  /** The user's wallet row exists (made at 0 on first use); a racing insert of the same row is fine. */
  private async ensureWallet(appId: string, userId: string): Promise<void> {
    const found = await this.db
      .selectFrom(this.tables.wallets)
      .select('id')
      .where('app_id', '=', appId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (found) return;
    try {
      await this.db
        .insertInto(this.tables.wallets)
        .values({ id: newId(), app_id: appId, user_id: userId, balance: 0, update_at: this.now() })
        .execute();
    } catch (error) {
      if (this.spec.classifyError(error)?.kind !== 'duplicate') throw error;
    }
  }

  /** Takes the wallet row's lock for the rest of `trx` (a row lock, or SQLite's write lock). */
  private async lockWallet(trx: Transaction<any>, appId: string, userId: string): Promise<number> {
    await trx
      .updateTable(this.tables.wallets)
      .set({ update_at: this.now() })
      .where('app_id', '=', appId)
      .where('user_id', '=', userId)
      .execute();
    const row = await trx
      .selectFrom(this.tables.wallets)
      .select('balance')
      .where('app_id', '=', appId)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.balance);
  }

  async balance(appId: string, userId: string): Promise<number> {
    const row = await this.db
      .selectFrom(this.tables.wallets)
      .select('balance')
      .where('app_id', '=', appId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.balance ?? 0);
  }

  async reserve(input: {
    app: Pick<AppRow, 'id' | 'ai_config'>;
    userId: string;
    feature: AiFeature;
    model?: PricedModel;
    estimatedTokens?: number;
    /** Priced per unit instead of per token: `units` of them are held. */
    perUnit?: UnitPrice;
    units?: number;
    /** The result this call will produce, when another request finishes it (reservationOf). */
    refId?: string;
  }): Promise<Reservation> {
    const settings = aiSettingsOf(input.app);
    if (!settings[input.feature]) throw badRequest('aiPay.featureOff');
    const appId = input.app.id;
    const now = this.now();
    const day = dayIn(settings.timeZone, now);
    const price = input.perUnit ? input.perUnit.price : Number(input.model?.price_per_1k ?? 0);
    const payMode = settings.payMode === PAY_MODE_PER_USE ? PAY_MODE_PER_USE : 0;
    const estimate = input.perUnit ? price * Math.max(0, input.units ?? 1) : costOf(price, input.estimatedTokens ?? 0);
    const held = payMode === PAY_MODE_PER_USE ? estimate : 0;
    const priced = input.perUnit ?? input.model;
    await this.ensureWallet(appId, input.userId);
    const id = newId();
    await this.db.transaction().execute(async (trx) => {
      const balance = await this.lockWallet(trx, appId, input.userId);
      if (settings.dailyQuota > 0) {
        const used = await trx
          .selectFrom(this.tables.usage)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('app_id', '=', appId)
          .where('user_id', '=', input.userId)
          .where('day', '=', day)
          .where('status', '<>', 'released')
          .executeTakeFirst();
        if (Number(used?.n ?? 0) >= settings.dailyQuota)
          throw badRequest('aiPay.quotaExceeded', { quota: settings.dailyQuota });
      }
      if (payMode === PAY_MODE_PER_USE) {
        const running = await trx
          .selectFrom(this.tables.usage)
          .select((eb) => eb.fn.sum('held').as('held'))
          .where('app_id', '=', appId)
          .where('user_id', '=', input.userId)
          .where('status', '=', 'reserved')
          .where('create_at', '>', now - HOLD_MS)
          .executeTakeFirst();
        const available = balance - Number(running?.held ?? 0);
        if (available < held || balance < 0)
          throw badRequest('aiPay.balanceLow', { need: money(held, 'up'), balance: money(Math.max(available, 0)) });
      }
      await trx
        .insertInto(this.tables.usage)
        .values({
          id,
          app_id: appId,
          user_id: input.userId,
          feature: input.feature,
          day,
          status: 'reserved',
          pay_mode: payMode,
          model_id: priced?.id ?? null,
          model_label: priced?.label?.slice(0, 128) ?? null,
          price_per_1k: price,
          held,
          ref_id: input.refId ?? null,
          create_at: now,
          update_at: now,
        })
        .execute();
    });
    return { id, appId, userId: input.userId, payMode, price };
  }

  /**
   * Records the call's real cost and, in pay mode 3, takes it from the balance — inside `trx`, the
   * transaction that stores what the call produced, so a usage record never exists without its
   * charge nor a charge without its record. Answers the cost.
   */
  charge(held: Reservation, usage: TokenUsage, trx: Transaction<any>, refId?: string): Promise<number> {
    const cost = costOf(held.price, usage.promptTokens + usage.completionTokens);
    return this.settle(held, cost, usage, trx, refId);
  }

  /** charge for a call priced per unit: `units` delivered (a drawing's images) at the reserved price. */
  chargeUnits(held: Reservation, units: number, trx: Transaction<any>, refId?: string): Promise<number> {
    return this.settle(held, held.price * Math.max(0, units), { promptTokens: 0, completionTokens: 0 }, trx, refId);
  }

  private async settle(
    held: Reservation,
    cost: number,
    usage: TokenUsage,
    trx: Transaction<any>,
    refId?: string,
  ): Promise<number> {
    if (held.payMode === PAY_MODE_PER_USE) await this.lockWallet(trx, held.appId, held.userId);
    const updated = await trx
      .updateTable(this.tables.usage)
      .set({
        status: 'charged',
        prompt_tokens: usage.promptTokens,
        completion_tokens: usage.completionTokens,
        cost,
        held: 0,
        ...(refId ? { ref_id: refId } : {}),
        update_at: this.now(),
      })
      .where('id', '=', held.id)
      .where('status', '=', 'reserved')
      .executeTakeFirst();
    // Charged once: a second charge of the same reservation finds it no longer reserved.
    if (Number(updated.numUpdatedRows) !== 1) return 0;
    if (held.payMode === PAY_MODE_PER_USE && cost > 0)
      await trx
        .updateTable(this.tables.wallets)
        .set((eb) => ({ balance: eb('balance', '-', cost), update_at: this.now() }))
        .where('app_id', '=', held.appId)
        .where('user_id', '=', held.userId)
        .execute();
    return cost;
  }

  /** The reservation still open for the result `refId` of `feature` (reserved with that refId), if any. */
  async reservationOf(appId: string, feature: AiFeature, refId: string): Promise<Reservation | undefined> {
    const row = await this.db
      .selectFrom(this.tables.usage)
      .select(['id', 'app_id', 'user_id', 'pay_mode', 'price_per_1k'])
      .where('app_id', '=', appId)
      .where('feature', '=', feature)
      .where('ref_id', '=', refId)
      .where('status', '=', 'reserved')
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: String(row.id),
      appId: String(row.app_id),
      userId: String(row.user_id),
      payMode: Number(row.pay_mode),
      price: Number(row.price_per_1k),
    };
  }

  /** A call that produced nothing: it counts against neither the quota nor the balance. */
  async release(held: Reservation): Promise<void> {
    await this.db
      .updateTable(this.tables.usage)
      .set({ status: 'released', held: 0, update_at: this.now() })
      .where('id', '=', held.id)
      .where('status', '=', 'reserved')
      .execute();
  }

  /** Adds `amount` to the balance inside `trx` (a paid top-up). */
  async credit(trx: Transaction<any>, appId: string, userId: string, amount: number): Promise<void> {
    await this.ensureWalletIn(trx, appId, userId);
    await trx
      .updateTable(this.tables.wallets)
      .set((eb) => ({ balance: eb('balance', '+', amount), update_at: this.now() }))
      .where('app_id', '=', appId)
      .where('user_id', '=', userId)
      .execute();
  }

  private async ensureWalletIn(trx: Transaction<any>, appId: string, userId: string): Promise<void> {
    const found = await trx
      .selectFrom(this.tables.wallets)
      .select('id')
      .where('app_id', '=', appId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!found)
      await trx
        .insertInto(this.tables.wallets)
        .values({ id: newId(), app_id: appId, user_id: userId, balance: 0, update_at: this.now() })
        .execute();
  }

  /** The user's calls, newest first, a page at a time. */
  async usageOf(appId: string, userId: string, current: number, pageSize: number) {
    const base = this.db
      .selectFrom(this.tables.usage)
      .where('app_id', '=', appId)
      .where('user_id', '=', userId)
      .where('status', '=', 'charged');
    const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    const rows = await base
      .selectAll()
      .orderBy('create_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((current - 1) * pageSize)
      .execute();
    return {
      total: Number(total?.n ?? 0),
      list: rows.map((row) => ({
        id: String(row.id),
        feature: String(row.feature),
        modelLabel: row.model_label ?? '',
        promptTokens: Number(row.prompt_tokens),
        completionTokens: Number(row.completion_tokens),
        cost: Number(row.cost),
        charged: Number(row.pay_mode) === PAY_MODE_PER_USE,
        createTime: Number(row.create_at),
      })),
    };
  }
}

/**
 * Thousandths of the unit as the unit with two decimals (what messages show): what is needed rounded
 * up, what is there rounded down, so the message never suggests the balance is enough.
 */
export const money = (milli: number, round: 'up' | 'down' = 'down') =>
  ((round === 'up' ? Math.ceil(milli / 10) : Math.floor(milli / 10)) / 100).toFixed(2);

/** The app's billing over its tables: stateless, so each feature (chat, drawing, generator) builds its own. */
export const billingFor = (ctx: ServerContext) =>
  new AiBilling(
    ctx.db.db,
    ctx.db.spec,
    {
      wallets: aiWalletTable(ctx.config.tablePrefix),
      usage: aiUsageTable(ctx.config.tablePrefix),
      topups: aiTopupTable(ctx.config.tablePrefix),
    },
    ctx.now,
  );
