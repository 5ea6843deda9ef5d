/**
 * A bounded least-recently-used cache: the maintained lru-cache under the name the server's
 * callers use (unwrapped envelope content keys, list parse and plan caches, event rings), so each
 * keeps memory bounded without a hand-written eviction.
 */
import { LRUCache } from 'lru-cache';

export class Lru<K extends NonNullable<unknown>, V extends NonNullable<unknown>> extends LRUCache<K, V> {
  constructor(maxEntries: number) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new RangeError('Lru: maxEntries must be >= 1');
    super({ max: maxEntries });
  }
}
