/**
 * Failed sign-ins per account and IP, counted in the database so that several instances agree.
 * After MAX_FAILURES within WINDOW_MS the pair is refused until old failures leave the window; a
 * successful sign-in clears the pair.
 */
import type { Kysely } from 'kysely';
import { newId } from '../db/ids';
import { sha256 } from './tokens';

export const MAX_FAILURES = 5;
export const WINDOW_MS = 900_000;

export class LoginAttempts {
  constructor(
    private readonly db: Kysely<any>,
    private readonly table: string,
    private readonly now: () => number,
  ) {}

  key(appId: string, account: string, ip: string): string {
    return sha256(`${appId}\n${account.trim().toLowerCase()}\n${ip}`);
  }

  async isLimited(key: string): Promise<boolean> {
    const row = await this.db
      .selectFrom(this.table)
      .select((eb) => eb.fn.countAll().as('n'))
      .where('key_hash', '=', key)
      .where('created_at', '>', this.now() - WINDOW_MS)
      .executeTakeFirst();
    return Number(row?.n ?? 0) >= MAX_FAILURES;
  }

  async recordFailure(key: string): Promise<void> {
    const now = this.now();
    await this.db
      .deleteFrom(this.table)
      .where('created_at', '<=', now - WINDOW_MS)
      .execute();
    await this.db.insertInto(this.table).values({ id: newId(), key_hash: key, created_at: now }).execute();
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom(this.table).where('key_hash', '=', key).execute();
  }
}
