/**
 * Apps by id or identifier, cached briefly: every request needs its app (encrypt flag, keys,
 * identifier for module tables) and apps change rarely. A change shows within TTL_MS on every
 * instance without any messaging between them; in the process that made it, at once: the writer
 * calls invalidate(id) after its commit (PUT common/{prefix}app/:id, auth/refreshCache).
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

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

/** A fresh per-app QR key: 128 random bits as 32 hex characters (runtime/core/qr configureQrKey). */
export const newQrKey = () => randomBytes(16).toString('hex');

const TTL_MS = 10_000;

export class AppStore {
  private readonly byId = new Map<string, { row: AppRow; at: number }>();
  /**
   * Bumped by invalidate(): a read that started before it may have seen the row before the
   * change committed, so what it loaded is answered but not kept.
   */
  private generation = 0;

  constructor(
    private readonly db: Kysely<any>,
    private readonly table: string,
    private readonly now: () => number = Date.now,
  ) {}

  private remember(row: AppRow | undefined, generation: number): AppRow | undefined {
    if (row && generation === this.generation) this.byId.set(row.id, { row, at: this.now() });
    return row;
  }

  private fresh(entry: { row: AppRow; at: number } | undefined): AppRow | undefined {
    return entry && this.now() - entry.at < TTL_MS ? entry.row : undefined;
  }

  async findById(id: string): Promise<AppRow | undefined> {
    const hit = this.fresh(this.byId.get(id));
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
    for (const entry of this.byId.values()) {
      const row = this.fresh(entry);
      if (row?.identify === identify) return row;
    }
    const generation = this.generation;
    const row = await this.db
      .selectFrom(this.table)
      .selectAll()
      .where('identify', '=', identify)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    return this.remember(row as AppRow | undefined, generation);
  }

  /** Forgets one app (by id), or every app. */
  invalidate(id?: string): void {
    this.generation += 1;
    if (id === undefined) this.byId.clear();
    else this.byId.delete(id);
  }
}
