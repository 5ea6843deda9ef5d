/**
 * The app's password policy beyond strength (docs/settings.md): expiry (a password older than
 * password_expiry_days sends the user through the must-change gate, P4011) and history (the new
 * password may not be one of the last password_history ones). History keeps only scrypt hashes,
 * in their own table (migration 0014), and never more than the setting asks for.
 */
import type { Kysely } from 'kysely';
import type { StoredSettings } from '../../protocol/settings';
import type { ServerContext } from '../context';
import { newId } from '../db/ids';
import { settingsTables } from '../db/migrations/0014-sys-settings';
import { badRequest } from '../errors';
import { checkPassword } from './bodies';
import { hashPassword, verifyPassword } from './passwords';
import type { UserRow, Users } from './users';

const DAY_MS = 86_400_000;

/** Whether the user's password is older than the app allows (never, when expiry is 0). */
export function passwordExpired(user: UserRow, settings: StoredSettings, now: number): boolean {
  if (!settings.password_expiry_days) return false;
  const setAt = Number(user.password_changed_at ?? user.create_at ?? 0);
  return now - setAt >= settings.password_expiry_days * DAY_MS;
}

export class PasswordHistory {
  constructor(
    private readonly db: Kysely<any>,
    private readonly table: string,
  ) {}

  private async hashes(appId: string, userId: string, count: number): Promise<string[]> {
    if (count <= 0) return [];
    const rows = await this.db
      .selectFrom(this.table)
      .select('password_hash')
      .where('app_id', '=', appId)
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(count)
      .execute();
    return rows.map((row) => String(row.password_hash));
  }

  /**
   * Refuses `password` when it is the current one or one of the `count - 1` before it. The check is
   * one scrypt per hash, so the setting's bound (24) bounds the work of a change.
   */
  async refuseReuse(user: UserRow, password: string, count: number): Promise<void> {
    if (count <= 0) return;
    const previous = [user.password_hash ?? '', ...(await this.hashes(user.app_id, user.id, count - 1))];
    for (const hash of previous) {
      if (hash && (await verifyPassword(password, hash))) throw badRequest('sys.passwordReused', { count });
    }
  }

  /** Keeps the hash being replaced, and drops what is beyond the `count - 1` the check reads. */
  async remember(user: UserRow, count: number, now: number): Promise<void> {
    if (count <= 1 || !user.password_hash) {
      await this.db.deleteFrom(this.table).where('app_id', '=', user.app_id).where('user_id', '=', user.id).execute();
      return;
    }
    // Strictly later than the newest entry, so "the last N" has one order even within a millisecond.
    const newest = await this.db
      .selectFrom(this.table)
      .select((eb) => eb.fn.max('created_at').as('at'))
      .where('app_id', '=', user.app_id)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    const createdAt = Math.max(now, Number(newest?.at ?? 0) + 1);
    await this.db
      .insertInto(this.table)
      .values({
        id: newId(),
        app_id: user.app_id,
        user_id: user.id,
        password_hash: user.password_hash,
        created_at: createdAt,
      })
      .execute();
    const keep = await this.db
      .selectFrom(this.table)
      .select('id')
      .where('app_id', '=', user.app_id)
      .where('user_id', '=', user.id)
      .orderBy('created_at', 'desc')
      .limit(count - 1)
      .execute();
    await this.db
      .deleteFrom(this.table)
      .where('app_id', '=', user.app_id)
      .where('user_id', '=', user.id)
      .where(
        'id',
        'not in',
        keep.map((row) => String(row.id)),
      )
      .execute();
  }
}

/** The history of the app's users, over the table of migration 0014. */
export const historyOf = (ctx: ServerContext) =>
  new PasswordHistory(ctx.db.db, settingsTables(ctx.config.tablePrefix).password_history);

/**
 * Replaces a user's password under the app's policy: strength, then reuse, then the write (which
 * restarts the expiry clock and clears the must-change flag). The caller revokes sessions.
 */
export async function changePassword(ctx: ServerContext, users: Users, user: UserRow, password: string): Promise<void> {
  const settings = await ctx.settings.get(user.app_id);
  checkPassword(password, settings);
  const history = historyOf(ctx);
  await history.refuseReuse(user, password, settings.password_history);
  const now = ctx.now();
  await history.remember(user, settings.password_history, now);
  await users.update(
    user.app_id,
    user.id,
    { password_hash: await hashPassword(password), must_change_password: 0, password_changed_at: now },
    now,
  );
}
