/** RedisReplayStore against the real Redis on 127.0.0.1:6379 (REDIS_TEST_URL to point elsewhere). */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisReplayStore } from './replay-store-redis';

const WINDOW = 300_000;

describe('RedisReplayStore', () => {
  let a: Redis;
  let b: Redis;
  const prefix = `tessera-test:${randomBytes(6).toString('hex')}:`;

  beforeAll(() => {
    const url = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
    a = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 1 });
    b = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    const keys = await a.keys(`${prefix}*`);
    if (keys.length) await a.del(...keys);
    a.disconnect();
    b.disconnect();
  });

  it('accepts a nonce once, across instances (two connections), and expires it with the window', async () => {
    const now = Date.now();
    const first = new RedisReplayStore(a, WINDOW, prefix);
    const second = new RedisReplayStore(b, WINDOW, prefix);
    const nonce = randomBytes(16).toString('hex');
    expect(await first.checkAndRemember(nonce, now, now)).toBe(true);
    expect(await first.checkAndRemember(nonce, now, now)).toBe(false);
    expect(await second.checkAndRemember(nonce, now, now)).toBe(false);
    const ttl = await a.pttl(prefix + nonce);
    expect(ttl).toBeGreaterThan(WINDOW - 5_000);
    expect(ttl).toBeLessThanOrEqual(WINDOW);
    // A timestamp already out of the window is never stored (the envelope refuses it anyway).
    expect(await first.checkAndRemember(randomBytes(16).toString('hex'), now - WINDOW - 1, now)).toBe(false);
  });
});
