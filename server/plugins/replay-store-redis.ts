/**
 * The envelope's replay store on Redis, for deployments that set REDIS_URL: `SET nonce 1 PX
 * <window> NX` stores the nonce only if it is absent, atomically, for exactly as long as a replay
 * could pass the timestamp check; Redis expires it (no pruning). Any client with ioredis's `set`
 * signature works; the server passes its shared connection (wired where config.redisUrl exists).
 *
 * Redis unreachable: a nonce that cannot be checked could be a replay, so the sealed request is
 * refused — 503 P5030 "temporarily unavailable", not accepted and not a 500 — until Redis is back
 * (tests/faults/redis-down.test.ts). Falling back to this instance's memory would let a request
 * captured on one instance be replayed on another.
 */
import { ResultCode } from '../../protocol/codes';
import type { ReplayStore } from '../../protocol/envelope/replay-cache';
import { ApiError } from '../errors';

export interface RedisSetNx {
  set(key: string, value: string, px: 'PX', ms: number, nx: 'NX'): Promise<'OK' | null>;
}

export class RedisReplayStore implements ReplayStore {
  constructor(
    private readonly redis: RedisSetNx,
    private readonly windowMs: number,
    private readonly prefix = 'tessera:envelope:nonce:',
  ) {}

  async checkAndRemember(nonce: string, ts: number, now: number): Promise<boolean> {
    const ttl = ts + this.windowMs - now;
    if (ttl <= 0) return false;
    let answer: 'OK' | null;
    try {
      answer = await this.redis.set(this.prefix + nonce, '1', 'PX', Math.ceil(ttl), 'NX');
    } catch (error) {
      throw Object.assign(new ApiError(ResultCode.UNAVAILABLE, 'error.unavailable', {}, 503), { cause: error });
    }
    return answer === 'OK';
  }
}
