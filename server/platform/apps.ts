/**
 * Apps by id or identifier, cached briefly: every request needs its app (encrypt flag, keys,
 * identifier for module tables) and apps change rarely. A change shows within TTL_MS on every
 * instance without any messaging between them; in the process that made it, at once: the writer
 * calls invalidate(id) after its commit (PUT common/{prefix}app/:id, auth/refreshCache).
 */
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { CacheCounter, lruTtl, type CacheStats } from '../cache-stats';

export interface AppRow {
  id: string;
  identify: string;
  title: string | null;
  short_title: string | null;
  logo: string | null;
  login_cover: string | null;
  watermark: number;
  watermark_rotate: number | null;
  source: number | null;
  ai_config: string | null;
  upload_config: string | null;
  public_key: string | null;
  private_key: string | null;
  encrypt: number;
  /** Client protections (console, right-click, F12): 0/1, migration 0004-shell-auth. */
  protect?: number | null;
  /** SM4 key of the app's QR payloads (32 hex), migration 0006-qr-key; only for its signed-in users. */
  qr_key?: string | null;
  /** Addresses and CIDR ranges allowed to use the API (server/access/ip-allow-list.ts), migration 0007. */
  ip_allow_list?: string | null;
}

// Generated in the db layer (a migration backfills keys with it); re-exported for the app routes.
export { newQrKey } from '../db/ids';

const TTL_MS = 10_000;
/** Apps an instance serves at once; beyond it the least recently used is read again. */
const MAX_APPS = 1_000;

export class AppStore {
  private readonly byId: LRUCache<string, AppRow>;
  private readonly counter = new CacheCounter();
  /**
   * Bumped by invalidate(): a read that started before it may have seen the row before the
   * change committed, so what it loaded is answered but not kept.
   */
  private generation = 0;

  constructor(
    private readonly db: Kysely<any>,
    private readonly table: string,
    now: () => number = Date.now,
  ) {
    // ttlResolution 0: the clock is read on every check (tests move it).
    this.byId = new LRUCache<string, AppRow>({ max: MAX_APPS, ttl: lruTtl(TTL_MS), ttlResolution: 0, perf: { now } });
  }

  private remember(row: AppRow | undefined, generation: number): AppRow | undefined {
    if (row && generation === this.generation) this.byId.set(row.id, row);
    return row;
  }

  async findById(id: string): Promise<AppRow | undefined> {
    const hit = this.counter.count(this.byId.get(id));
    if (hit) return hit;
    const generation = this.generation;
    const row = await this.db
      .selectFrom(this.table)
      .selectAll()
      .where('id', '=', id)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    return this.remember(row as AppRow | undefined, generation);
  }

  async findByIdentify(identify: string): Promise<AppRow | undefined> {
    // find() reads through get(), so an expired row is not answered.
    const hit = this.counter.count(this.byId.find((row) => row.identify === identify));
    if (hit) return hit;
    const generation = this.generation;
    const row = await this.db
      .selectFrom(this.table)
      .selectAll()
      .where('identify', '=', identify)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    return this.remember(row as AppRow | undefined, generation);
  }

  stats(): CacheStats {
    const { hits, misses } = this.counter;
    return { size: this.byId.size, max: MAX_APPS, ttlMs: TTL_MS, hits, misses };
  }

  /** Forgets one app (by id), or every app. */
  invalidate(id?: string): void {
    this.generation += 1;
    if (id === undefined) this.byId.clear();
    else this.byId.delete(id);
  }
}
