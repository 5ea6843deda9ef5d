/**
 * The envelope's replay store in the database (the default; protocol/envelope/replay-cache.ts): a
 * nonce is remembered by inserting it under a primary key, so the database itself decides "seen
 * before" — atomically, across restarts and across every instance that shares the database. Rows
 * expire at their timestamp plus the clock window (a replay after that fails the timestamp check)
 * and are pruned in the background at most once a minute.
 */
import type { Db } from '../db/create-db';
import type { ReplayStore } from '../../protocol/envelope/replay-cache';

const PRUNE_EVERY_MS = 60_000;

export class DbReplayStore implements ReplayStore {
  private nextPrune = 0;

  constructor(
    private readonly db: Db,
    private readonly table: string,
    private readonly windowMs: number,
    private readonly log: (error: unknown) => void = () => undefined,
  ) {}

  async checkAndRemember(nonce: string, ts: number, now: number): Promise<boolean> {
    if (ts < now - this.windowMs) return false;
    if (now >= this.nextPrune) {
      this.nextPrune = now + PRUNE_EVERY_MS;
      // Pruning never delays or fails a request.
      this.db.db.deleteFrom(this.table).where('expires_at', '<', now).execute().catch(this.log);
    }
    const row = { nonce, expires_at: ts + this.windowMs };
    const insert = this.db.db.insertInto(this.table).values(row);
    const result =
      this.db.dialect === 'mysql'
        ? await insert.ignore().executeTakeFirst()
        : await insert.onConflict((oc) => oc.column('nonce').doNothing()).executeTakeFirst();
    // No row inserted: the nonce is there already, a replay.
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }
}
