/**
 * SMS codes in the database (any instance verifies a code another sent). A code is 6 random
 * digits, stored as SHA-256 of its row id and the code (the id salts it), bound to app + mobile +
 * scene, valid CODE_TTL_MS, single use (a conditional update wins once), burned after MAX_FAILURES
 * wrong answers. Sending is limited per app + mobile and per IP by counting recent rows.
 */
import { randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { newId } from '../db/ids';
import { sha256 } from '../auth/tokens';

export const SMS_SCENES = ['login', 'register', 'forget', 'changeMobile'] as const;
export type SmsScene = (typeof SMS_SCENES)[number];

export const CODE_TTL_MS = 300_000;
export const MAX_FAILURES = 5;
export const LIMITS = {
  perMobileMinute: 1,
  perMobileDay: 10,
  perIpHour: 20,
} as const;
const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

const hashOf = (id: string, code: string) => sha256(`${id}:${code}`);

export class SmsCodes {
  constructor(
    private readonly db: Kysely<any>,
    private readonly table: string,
    private readonly now: () => number,
  ) {}

  private async count(where: { appId?: string; mobile?: string; ipHash?: string }, since: number): Promise<number> {
    let query = this.db
      .selectFrom(this.table)
      .select((eb) => eb.fn.countAll().as('n'))
      .where('created_at', '>', since);
    if (where.appId !== undefined) query = query.where('app_id', '=', where.appId);
    if (where.mobile !== undefined) query = query.where('mobile', '=', where.mobile);
    if (where.ipHash !== undefined) query = query.where('ip_hash', '=', where.ipHash);
    const row = await query.executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Whether another code may be sent now to this mobile from this IP. */
  async isLimited(appId: string, mobile: string, ip: string): Promise<boolean> {
    const now = this.now();
    const [minute, day, ipHour] = await Promise.all([
      this.count({ appId, mobile }, now - MINUTE),
      this.count({ appId, mobile }, now - DAY),
      this.count({ ipHash: sha256(ip) }, now - HOUR),
    ]);
    return minute >= LIMITS.perMobileMinute || day >= LIMITS.perMobileDay || ipHour >= LIMITS.perIpHour;
  }

  /** Stores a new code and returns it with its row id (to withdraw it if sending fails). */
  async issue(appId: string, mobile: string, scene: SmsScene, ip: string): Promise<{ id: string; code: string }> {
    const now = this.now();
    const id = newId();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    // Rows older than a day no longer count towards any limit.
    await this.db
      .deleteFrom(this.table)
      .where('created_at', '<', now - DAY)
      .execute();
    await this.db
      .insertInto(this.table)
      .values({
        id,
        app_id: appId,
        mobile,
        scene,
        code_hash: hashOf(id, code),
        ip_hash: sha256(ip),
        failures: 0,
        used: 0,
        created_at: now,
        expires_at: now + CODE_TTL_MS,
      })
      .execute();
    return { id, code };
  }

  async withdraw(id: string): Promise<void> {
    await this.db.deleteFrom(this.table).where('id', '=', id).execute();
  }

  /** True once for the right, live, unused code of the latest one sent; counts wrong answers. */
  async consume(appId: string, mobile: string, scene: SmsScene, code: string): Promise<boolean> {
    const row = (await this.db
      .selectFrom(this.table)
      .select(['id', 'code_hash', 'failures', 'used', 'expires_at'])
      .where('app_id', '=', appId)
      .where('mobile', '=', mobile)
      .where('scene', '=', scene)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()) as
      { id: string; code_hash: string; failures: number; used: number; expires_at: number } | undefined;
    if (!row || Number(row.used) !== 0 || Number(row.expires_at) <= this.now()) return false;
    if (Number(row.failures) >= MAX_FAILURES) return false;
    const expected = Buffer.from(row.code_hash, 'hex');
    const actual = Buffer.from(hashOf(row.id, code), 'hex');
    if (!timingSafeEqual(expected, actual)) {
      await this.db
        .updateTable(this.table)
        .set((eb) => ({ failures: eb('failures', '+', 1) }))
        .where('id', '=', row.id)
        .execute();
      return false;
    }
    const result = await this.db
      .updateTable(this.table)
      .set({ used: 1 })
      .where('id', '=', row.id)
      .where('used', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
