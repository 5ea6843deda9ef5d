/**
 * Sessions in the database, so any instance serves any request (DESIGN §4). The token itself is
 * never stored, only its SHA-256. Sliding renewal: a session older than RENEW_AFTER_MS is replaced
 * by a new one, sent in the `authorization` response header; the old token keeps working for a
 * short grace so requests already in flight do not sign the user out.
 */
import type { Kysely } from 'kysely';
import { SESSION_TTL_MS } from '../../protocol/constants';
import { AuthCache, authCacheTtl } from './auth-cache';
import { newToken, sha256 } from './tokens';

export const RENEW_AFTER_MS = 86_400_000;
export const RENEW_GRACE_MS = 60_000;

export interface SessionRow {
  token_hash: string;
  user_id: string;
  app_id: string;
  created_at: number;
  expires_at: number;
  renewed_at: number | null;
}

export class SessionStore {
  /**
   * What the session hook loaded per token (auth-cache.ts). Revocations below drop entries before
   * and after their DELETE, so a concurrent request can neither read nor re-store a revoked one.
   */
  readonly cache: AuthCache;
  private readonly revokeListeners: ((revoked: Revoked) => void)[] = [];

  constructor(
    private readonly db: Kysely<any>,
    private readonly table: string,
    private readonly now: () => number,
    options: { cacheTtlMs?: number; ttlOf?: (appId: string) => Promise<number> } = {},
  ) {
    this.cache = new AuthCache(now, options.cacheTtlMs ?? authCacheTtl());
    this.ttlOf = options.ttlOf ?? (async () => SESSION_TTL_MS);
  }

  /** A new session's lifetime in an app: the app's session setting (docs/settings.md), 7 days by default. */
  private readonly ttlOf: (appId: string) => Promise<number>;

  /** `ttl` is given inside a transaction: reading the settings there could wait on the transaction's own lock. */
  async create(userId: string, appId: string, db: Kysely<any> = this.db, ttl?: number): Promise<string> {
    const token = newToken();
    ttl ??= await this.ttlOf(appId);
    const now = this.now();
    await db.deleteFrom(this.table).where('expires_at', '<', now).execute();
    await db
      .insertInto(this.table)
      .values({
        token_hash: sha256(token),
        user_id: userId,
        app_id: appId,
        created_at: now,
        expires_at: now + ttl,
      })
      .execute();
    return token;
  }

  /** The live session of a token, or undefined (unknown, expired or revoked). */
  async find(token: string): Promise<SessionRow | undefined> {
    const row = await this.db
      .selectFrom(this.table)
      .selectAll()
      .where('token_hash', '=', sha256(token))
      .where('expires_at', '>', this.now())
      .executeTakeFirst();
    return row as SessionRow | undefined;
  }

  /** Whether renewIfDue would renew: older than RENEW_AFTER_MS and not renewed yet (no query). */
  renewalDue(session: SessionRow): boolean {
    return session.renewed_at === null && this.now() - session.created_at >= RENEW_AFTER_MS;
  }

  /**
   * A new token when the session is due for renewal, else undefined. The conditional update makes
   * sure that of several concurrent requests only one renews.
   */
  async renewIfDue(session: SessionRow): Promise<string | undefined> {
    if (!this.renewalDue(session)) return undefined;
    const ttl = await this.ttlOf(session.app_id);
    const now = this.now();
    // The old session's row changes (renewed_at, shorter expiry): its cached copy must go.
    this.cache.forgetToken(session.token_hash);
    const renewed = await this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable(this.table)
        .set({ renewed_at: now, expires_at: Math.min(session.expires_at, now + RENEW_GRACE_MS) })
        .where('token_hash', '=', session.token_hash)
        .where('renewed_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return undefined;
      return this.create(session.user_id, session.app_id, trx, ttl);
    });
    this.cache.forgetToken(session.token_hash);
    return renewed;
  }

  async revoke(tokenHash: string): Promise<void> {
    this.cache.forgetToken(tokenHash);
    // Whose it was, for the other instances' caches (one read, on revocations only).
    const owner = this.revokeListeners.length
      ? await this.db
          .selectFrom(this.table)
          .select(['app_id', 'user_id'])
          .where('token_hash', '=', tokenHash)
          .executeTakeFirst()
      : undefined;
    await this.db.deleteFrom(this.table).where('token_hash', '=', tokenHash).execute();
    this.cache.forgetToken(tokenHash);
    if (owner) this.announce({ appId: String(owner.app_id), userId: String(owner.user_id), tokenHash });
  }

  /** Called after each revocation (app.ts tells the other instances over the bus). */
  onRevoke(listener: (revoked: Revoked) => void): void {
    this.revokeListeners.push(listener);
  }

  private announce(revoked: Revoked): void {
    for (const listener of this.revokeListeners) listener(revoked);
  }

  /**
   * Revokes every session of a user in an app (password reset), or all but the given token
   * hashes (password change keeps the caller's session and its renewed successor).
   */
  async revokeAllOf(userId: string, appId: string, keep: readonly string[] = []): Promise<void> {
    let query = this.db.deleteFrom(this.table).where('user_id', '=', userId).where('app_id', '=', appId);
    if (keep.length) query = query.where('token_hash', 'not in', [...keep]);
    this.cache.forgetUser(appId, userId);
    await query.execute();
    this.cache.forgetUser(appId, userId);
    this.announce({ appId, userId });
  }
}

/** A revocation: one session (tokenHash) or every session of a user but those kept. */
export interface Revoked {
  appId: string;
  userId: string;
  tokenHash?: string;
}
