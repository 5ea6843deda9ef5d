/**
 * The envelope's replay store on Redis, for deployments that set REDIS_URL: `SET nonce 1 PX
 * <window> NX` stores the nonce only if it is absent, atomically, for exactly as long as a replay
 * could pass the timestamp check; Redis expires it (no pruning). Any client with ioredis's `set`
 * signature works; the server passes its shared connection (wired where config.redisUrl exists).
 */
import type { ReplayStore } from '../../protocol/envelope/replay-cache';

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
    return (await this.redis.set(this.prefix + nonce, '1', 'PX', Math.ceil(ttl), 'NX')) === 'OK';
  }
}
