import { describe, expect, it } from 'vitest';
import { MemoryReplayStore } from './replay-cache';
import { Lru } from './lru';

describe('MemoryReplayStore', () => {
  it('accepts a nonce once, and again only after its timestamp left the window', () => {
    const store = new MemoryReplayStore({ windowMs: 1000 });
    expect(store.checkAndRemember('a', 10_000, 10_000)).toBe(true);
    expect(store.checkAndRemember('a', 10_000, 10_500)).toBe(false);
    expect(store.checkAndRemember('b', 10_000, 10_500)).toBe(true);
    // Past the window the entry is pruned; the ts check refuses the old request anyway.
    expect(store.checkAndRemember('a', 10_000, 11_001)).toBe(false);
    expect(store.size).toBe(0);
    expect(store.checkAndRemember('a', 11_001, 11_001)).toBe(true);
  });

  it('stays bounded, and never accepts a replay of a nonce it dropped for space', () => {
    const store = new MemoryReplayStore({ windowMs: 60_000, maxEntries: 3 });
    const now = 100_000;
    for (const [i, nonce] of ['n1', 'n2', 'n3', 'n4'].entries()) {
      expect(store.checkAndRemember(nonce, now + i, now)).toBe(true);
    }
    expect(store.size).toBe(3);
    // n1 (ts = now) was dropped: its replay is refused through the floor, not accepted.
    expect(store.checkAndRemember('n1', now, now)).toBe(false);
    // A fresh request older than the floor is refused too; newer ones pass.
    expect(store.checkAndRemember('fresh-old', now - 5, now)).toBe(false);
    expect(store.checkAndRemember('fresh-new', now + 10, now)).toBe(true);
    expect(store.size).toBe(3);
  });

  it('keeps refusing replays across many expiries and evictions (the FIFO is compacted on the way)', () => {
    const store = new MemoryReplayStore({ windowMs: 1000, maxEntries: 500 });
    let now = 1_000_000;
    const sentAt: number[] = [];
    for (let i = 0; i < 20_000; i++) {
      now += 1;
      sentAt.push(now);
      expect(store.checkAndRemember(`n${i}`, now, now)).toBe(true);
      // A replay (same nonce, same ts) of a recent request is refused, held or already dropped.
      if (i >= 10) expect(store.checkAndRemember(`n${i - 10}`, sentAt[i - 10]!, now)).toBe(false);
      if (i % 3000 === 2999) now += 5000; // a quiet spell: everything held expires
    }
    expect(store.size).toBeLessThanOrEqual(500);
    expect(store.checkAndRemember('n19999', now, now)).toBe(false);
    expect(store.checkAndRemember('new', now, now)).toBe(true);
  });
});

describe('Lru', () => {
  it('evicts the least recently used entry', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1); // a is now the most recent
    lru.set('c', 3);
    expect(lru.has('b')).toBe(false);
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
    expect(() => new Lru(0)).toThrow(RangeError);
  });
});
