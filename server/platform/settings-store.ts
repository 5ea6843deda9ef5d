/**
 * Each app's system settings (protocol/settings.ts), read on every sign-in, password change and
 * session issue, so cached like the app rows (apps.ts): lru-cache, ≤ 1,000 apps, TTL_MS. A save
 * publishes `settings.changed` on the bus (ctx.bus); every instance that hears it forgets that
 * app's entry — and its app row, which holds the envelope, watermark and IP-list switches — so
 * the change applies everywhere at once without a restart (Redis bus), and within TTL_MS even if
 * an event were lost.
 */
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { storedSettings, type StoredSettings } from '../../protocol/settings';
import type { EventBus } from '../bus/index';
import { CacheCounter, lruTtl, type CacheStats } from '../cache-stats';

const TTL_MS = 10_000;
const MAX_APPS = 1_000;

export class SettingsStore {
  private readonly byApp: LRUCache<string, StoredSettings>;
  private readonly counter = new CacheCounter();
  /** As in AppStore: a read that raced an invalidation answers what it read but does not keep it. */
  private generation = 0;

  constructor(
    private readonly db: Kysely<any>,
    private readonly table: string,
    now: () => number = Date.now,
  ) {
    this.byApp = new LRUCache<string, StoredSettings>({
      max: MAX_APPS,
      ttl: lruTtl(TTL_MS),
      ttlResolution: 0,
      perf: { now },
    });
  }

  /** The cached settings of an app, or undefined (for synchronous hooks: they fall back to get()). */
  cached(appId: string): StoredSettings | undefined {
    return this.byApp.get(appId);
  }

  async get(appId: string): Promise<StoredSettings> {
    const hit = this.counter.count(this.byApp.get(appId));
    if (hit) return hit;
    const generation = this.generation;
    const row = await this.db.selectFrom(this.table).select('settings').where('app_id', '=', appId).executeTakeFirst();
    const settings = storedSettings(row?.settings as string | null | undefined);
    if (generation === this.generation) this.byApp.set(appId, settings);
    return settings;
  }

  /** Writes the whole stored object of an app (insert or replace); the caller publishes the event. */
  async save(appId: string, settings: StoredSettings, userId: string, now: number): Promise<void> {
    const values = { settings: JSON.stringify(settings), update_by: userId, update_at: now };
    await this.db.transaction().execute(async (trx) => {
      // Asked, not inferred from an update's row count: MySQL counts an unchanged row as 0.
      const found = await trx.selectFrom(this.table).select('app_id').where('app_id', '=', appId).executeTakeFirst();
      if (found) await trx.updateTable(this.table).set(values).where('app_id', '=', appId).execute();
      else
        await trx
          .insertInto(this.table)
          .values({ app_id: appId, ...values })
          .execute();
    });
    this.invalidate(appId);
  }

  invalidate(appId?: string): void {
    this.generation += 1;
    if (appId === undefined) this.byApp.clear();
    else this.byApp.delete(appId);
  }

  /** Forgets an app's settings (and, through `also`, its app row) whenever any instance saves them. */
  listen(bus: EventBus, also: (appId: string) => void): () => void {
    return bus.subscribe('settings.changed', (event) => {
      this.invalidate(event.appId);
      also(event.appId);
    });
  }

  stats(): CacheStats {
    const { hits, misses } = this.counter;
    return { size: this.byApp.size, max: MAX_APPS, ttlMs: TTL_MS, hits, misses };
  }
}
