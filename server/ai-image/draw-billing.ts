/**
 * The image studio's side of the AI billing seam (server/ai/billing.ts, docs/ai.md "Quota, pay mode
 * and recharge"): a drawing is priced per delivered image at the app's `drawPrice`.
 * - reserve, before the provider is called: the feature switch, the daily quota and, in pay mode 3,
 *   a balance covering every image asked for; the reservation names the task it will produce, so
 *   whichever poll (on whichever instance) finishes the task finds it again.
 * - chargeWith, inside the transaction that stores the task's SUCCESS: the images delivered. The
 *   task turns SUCCESS once (TaskStore.advance) and a reservation is charged once, so a task
 *   reaching SUCCESS on two polls is charged once.
 * - release, when the task failed (or a submit was refused by the provider): nothing is charged and
 *   the call does not count against the quota.
 */
import type { Transaction } from 'kysely';
import { aiSettingsOf } from '../ai/ai-config';
import type { AiBilling, Reservation } from '../ai/billing';
import { notFound } from '../errors';
import type { Owner } from './task-store';

/** The app row's id and ai_config, as the billing seam reads them (ctx.apps.findById). */
export type AppLookup = (appId: string) => Promise<Parameters<AiBilling['reserve']>[0]['app'] | undefined>;

export class DrawBilling {
  constructor(
    private readonly billing: AiBilling,
    private readonly appOf: AppLookup,
  ) {}

  async reserve(
    owner: Owner,
    provider: { id: string; label: string },
    images: number,
    taskId: string,
  ): Promise<Reservation> {
    const app = await this.appOf(owner.appId);
    if (!app) throw notFound();
    return this.billing.reserve({
      app,
      userId: owner.userId,
      feature: 'draw',
      perUnit: { id: provider.id, label: provider.label, price: aiSettingsOf(app).drawPrice },
      units: images,
      refId: taskId,
    });
  }

  /**
   * The charge of task `taskId` for `images` delivered, to run inside the transaction that stores its
   * SUCCESS. The reservation is looked up first, outside that transaction (SQLite has one connection).
   */
  async chargeWith(owner: Owner, taskId: string, images: number): Promise<(trx: Transaction<any>) => Promise<void>> {
    const held = await this.billing.reservationOf(owner.appId, 'draw', taskId);
    return async (trx) => {
      if (held) await this.billing.chargeUnits(held, images, trx, taskId);
    };
  }

  /** Frees the reservation of a task that failed or was never stored. */
  async release(owner: Owner, taskId: string): Promise<void> {
    const held = await this.billing.reservationOf(owner.appId, 'draw', taskId);
    if (held) await this.billing.release(held);
  }
}
