/**
 * Replay protection for sealed requests: a nonce is accepted once while its timestamp is inside
 * the clock-skew window. The in-memory store is per process; several server instances need a
 * shared store (Redis SET NX PX, or a PostgreSQL table with a unique key) behind ReplayStore.
 */
import { DEFAULT_CLOCK_SKEW_MS } from './constants';

export interface ReplayStore {
  /**
   * Records the nonce and answers true if it was not seen before; false for a replay (or a
   * request the store can no longer tell apart from one). Called only for signed requests whose
   * timestamp is already known to be within the window.
   */
  checkAndRemember(nonce: string, ts: number, now: number): boolean | Promise<boolean>;
}

export interface MemoryReplayStoreOptions {
  /** Most nonces held; past it the oldest are dropped (see floor below). */
  maxEntries?: number;
  /** The ± clock skew the server accepts; a nonce is kept until its ts is this far in the past. */
  windowMs?: number;
}

export const DEFAULT_REPLAY_ENTRIES = 250_000;

export class MemoryReplayStore implements ReplayStore {
  private readonly entries = new Map<string, number>();
  private readonly maxEntries: number;
  private readonly windowMs: number;
  /**
   * Timestamp of the newest entry dropped for space. A request at or below it might be a replay
   * of a dropped nonce, so it is refused: memory stays bounded without ever accepting a replay.
   * Clients with a sane clock are not affected (their ts is newer than what gets dropped).
   */
  private floor = Number.NEGATIVE_INFINITY;

  constructor(options: MemoryReplayStoreOptions = {}) {
    this.maxEntries = options.maxEntries ?? DEFAULT_REPLAY_ENTRIES;
    this.windowMs = options.windowMs ?? DEFAULT_CLOCK_SKEW_MS;
  }

  get size(): number {
    return this.entries.size;
  }

  checkAndRemember(nonce: string, ts: number, now: number): boolean {
    this.prune(now);
    if (ts < now - this.windowMs || ts <= this.floor || this.entries.has(nonce)) return false;
    this.entries.set(nonce, ts);
    while (this.entries.size > this.maxEntries) {
      const [oldNonce, oldTs] = this.entries.entries().next().value as [string, number];
      this.entries.delete(oldNonce);
      if (oldTs > this.floor) this.floor = oldTs;
    }
    return true;
  }

  /**
   * Drops nonces whose ts left the window: a replay of them fails the timestamp check anyway.
   * Insertion order is close to ts order, so stopping at the first live entry is enough; a few
   * expired ones may wait behind it until the next call.
   */
  private prune(now: number): void {
    const limit = now - this.windowMs;
    for (const [nonce, ts] of this.entries) {
      if (ts >= limit) break;
      this.entries.delete(nonce);
    }
  }
}
