/**
 * Per-process cache of what the session hook and the menu guard load for a token: the session,
 * its user, roles and (lazily) grants, keyed by the token's SHA-256. Without it every request pays
 * ~5 queries before its own work (docs/benchmarks-log.md, "List endpoint").
 *
 * Staleness (docs/auth.md, "Session cache"): in THIS process, revoking a session and any request
 * that may write a system table drop entries at once, and while such a request runs the cache is
 * bypassed, so no request can read or store data from before the write commits. Other instances
 * only see a change when their entry expires: at most ttlMs (default 5 s).
 */
import { LRUCache } from 'lru-cache';
import type { Grants } from '../access/can';
import { CacheCounter, lruTtl, type CacheStats } from '../cache-stats';
import type { SessionRow } from './sessions';
import type { RoleRow, UserRow } from './users';

export const DEFAULT_AUTH_CACHE_TTL_MS = 5_000;
/** A write request that never reports its end (lost socket) stops bypassing after this long. */
export const WRITE_MAX_MS = 60_000;
const MAX_ENTRIES = 10_000;

export interface AuthEntry {
  session: SessionRow;
  user: UserRow;
  roles: RoleRow[];
  /** Filled by the first request that needs grants (access/grants.ts). */
  grants?: Promise<Grants>;
}

/**
 * The TTL from AUTH_CACHE_TTL_MS (0 turns the cache off). Unset: 5 s, except under NODE_ENV=test,
 * where suites change system tables directly in the database and expect the next request to see it.
 */
export function authCacheTtl(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.AUTH_CACHE_TTL_MS?.trim();
  if (!raw) return env.NODE_ENV === 'test' ? 0 : DEFAULT_AUTH_CACHE_TTL_MS;
  if (!/^\d{1,5}$/.test(raw) || Number(raw) > 60_000) {
    throw new Error(`AUTH_CACHE_TTL_MS="${raw}" is invalid: use an integer from 0 (off) to 60000 milliseconds.`);
  }
  return Number(raw);
}

export class AuthCache {
  /** Expiry and the size bound are lru-cache's; the clock is the server's (tests move it). */
  private readonly entries: LRUCache<string, AuthEntry>;
  private readonly counter = new CacheCounter();
  /** Start times of system writes in flight, by a key per write. */
  private readonly writes = new Map<symbol, number>();
  private generation = 0;

  constructor(
    private readonly now: () => number,
    readonly ttlMs: number = DEFAULT_AUTH_CACHE_TTL_MS,
    private readonly maxEntries = MAX_ENTRIES,
  ) {
    this.entries = new LRUCache<string, AuthEntry>({
      max: maxEntries,
      // lru-cache drops an entry older than `ttl`; ours expire at exactly ttlMs old (clock in ms).
      ttl: lruTtl(ttlMs),
      // Reads the clock on every check instead of lru-cache's 1 ms cached value.
      ttlResolution: 0,
      perf: { now },
    });
  }

  private bypassed(): boolean {
    if (this.ttlMs <= 0) return true;
    if (this.writes.size === 0) return false;
    const now = this.now();
    for (const [key, started] of this.writes) if (now - started >= WRITE_MAX_MS) this.writes.delete(key);
    return this.writes.size > 0;
  }

  /** The fresh entry of a token hash, or undefined (none, expired, or a system write running). */
  get(tokenHash: string): AuthEntry | undefined {
    if (this.bypassed()) return undefined;
    return this.counter.count(this.entries.get(tokenHash));
  }

  /** Call before loading; pass to set() so data loaded across an invalidation is not kept. */
  mark(): number {
    return this.generation;
  }

  set(tokenHash: string, entry: AuthEntry, mark: number): void {
    if (mark !== this.generation || this.bypassed()) return;
    this.entries.set(tokenHash, entry);
  }

  forgetToken(tokenHash: string): void {
    this.generation++;
    this.entries.delete(tokenHash);
  }

  forgetUser(appId: string, userId: string): void {
    this.generation++;
    const hashes: string[] = [];
    for (const [hash, entry] of this.entries.entries()) {
      if (entry.session.app_id === appId && entry.session.user_id === userId) hashes.push(hash);
    }
    for (const hash of hashes) this.entries.delete(hash);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  /**
   * A request that may write a system table starts: drop everything and bypass the cache until
   * the returned function is called (idempotent), which drops everything again.
   */
  beginWrite(): () => void {
    const key = Symbol('write');
    this.writes.set(key, this.now());
    this.clear();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.writes.delete(key);
      this.clear();
    };
  }

  get size(): number {
    return this.entries.size;
  }

  stats(): CacheStats {
    const { hits, misses } = this.counter;
    return { size: this.entries.size, max: this.maxEntries, ttlMs: this.ttlMs, hits, misses };
  }
}
