/**
 * Hit and miss counts beside an lru-cache (lru-cache keeps size and bounds but no counters), so a
 * cache's use can be read in the log (server/app.ts writes every cache's stats at debug level).
 */
export interface CacheStats {
  size: number;
  max: number;
  ttlMs: number;
  hits: number;
  misses: number;
}

export class CacheCounter {
  hits = 0;
  misses = 0;

  /** Counts a lookup's outcome and passes the value through. */
  count<T>(value: T | undefined): T | undefined {
    if (value === undefined) this.misses++;
    else this.hits++;
    return value;
  }
}

/**
 * lru-cache's `ttl` for entries that expire at exactly `ms` old, as ours always have: lru-cache
 * drops an entry once it is older than ttl, and ttl must be a positive integer (ms clocks).
 */
export function lruTtl(ms: number): number {
  return Math.max(Math.floor(ms) - 1, 1);
}
