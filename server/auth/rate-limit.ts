/**
 * Failed sign-ins per account and IP, counted in the database so that several instances agree.
 * After MAX_FAILURES within WINDOW_MS the pair is refused until old failures leave the window; a
 * successful sign-in clears the pair. An app's lockout settings (docs/settings.md) replace the two
 * numbers; rows are kept for the longest lock a setting allows, since the table is shared.
 */
import type { Kysely } from 'kysely';
import { LIMITS } from '../../protocol/settings';
import { newId } from '../db/ids';
import { sha256 } from './tokens';

export const MAX_FAILURES = 5;
export const WINDOW_MS = 900_000;
/** The longest lockout a setting may ask for (protocol/settings.ts LIMITS.lockoutMinutes). */
const KEEP_MS = Math.max(WINDOW_MS, LIMITS.lockoutMinutes[1] * 60_000);
const PRUNE_EVERY_MS = 60_000;

export interface Lockout {
  max: number;
  windowMs: number;
}

export const DEFAULT_LOCKOUT: Lockout = { max: MAX_FAILURES, windowMs: WINDOW_MS };

/** The lockout of an app's settings. */
export const lockoutOf = (settings: { lockout_attempts: number; lockout_minutes: number }): Lockout => ({
  max: settings.lockout_attempts,
  windowMs: settings.lockout_minutes * 60_000,
});

export class LoginAttempts {
  constructor(
    private readonly db: Kysely<any>,
    private readonly table: string,
    private readonly now: () => number,
  ) {}

  key(appId: string, account: string, ip: string): string {
    return sha256(`${appId}\n${account.trim().toLowerCase()}\n${ip}`);
  }

  /** Failures of the pair within the window. */
  async failures(key: string, windowMs = WINDOW_MS): Promise<number> {
    const row = await this.db
      .selectFrom(this.table)
      .select((eb) => eb.fn.countAll().as('n'))
      .where('key_hash', '=', key)
      .where('created_at', '>', this.now() - windowMs)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async isLimited(key: string, lockout: Lockout = DEFAULT_LOCKOUT): Promise<boolean> {
    return (await this.failures(key, lockout.windowMs)) >= lockout.max;
  }

  private prunedAt = -Infinity;

  /**
   * Drops rows older than the longest lock, at most once a minute per process. Housekeeping, kept
   * off the hot path: on MySQL a range DELETE takes next-key locks, and run beside a burst of
   * concurrent INSERTs it deadlocks — which answered some of a burst's sign-ins with a server error
   * (seen in CI). A failed prune is retried a minute later; the count ignores old rows anyway.
   */
  private async prune(now: number): Promise<void> {
    if (now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now;
    try {
      await this.db
        .deleteFrom(this.table)
        .where('created_at', '<=', now - KEEP_MS)
        .execute();
    } catch {
      this.prunedAt = -Infinity;
    }
  }

  /** Writes one failure of the pair; returns its row id. */
  async recordFailure(key: string): Promise<string> {
    const now = this.now();
    await this.prune(now);
    const id = newId();
    await this.db.insertInto(this.table).values({ id, key_hash: key, created_at: now }).execute();
    return id;
  }

  /**
   * Claims one try of the pair before the password is checked: the try is written first, then
   * counted, so tries still in flight count too and a burst of concurrent guesses is refused past
   * the limit instead of all being checked (tests/faults/credential-stuffing.test.ts). Returns the
   * row's id — it stays as the failure if the password is wrong; `release` it on any other
   * outcome — or undefined when the pair is locked (nothing is left behind).
   */
  async reserve(key: string, lockout: Lockout = DEFAULT_LOCKOUT): Promise<string | undefined> {
    const id = await this.recordFailure(key);
    if ((await this.failures(key, lockout.windowMs)) <= lockout.max) return id;
    await this.release(id);
    return undefined;
  }

  /** Takes back a reserved try that was not a wrong password. */
  async release(id: string): Promise<void> {
    await this.db.deleteFrom(this.table).where('id', '=', id).execute();
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom(this.table).where('key_hash', '=', key).execute();
  }
}
