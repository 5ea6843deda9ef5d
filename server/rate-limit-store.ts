/**
 * The rate limits' store when Redis is configured: counts in Redis (one count per caller across
 * instances) and, whenever a Redis call fails, in this process instead — the plugin's own local
 * store. A Redis outage then weakens a limit to "per instance" for its duration; it never lifts
 * it (tests/faults/redis-down.test.ts). When Redis answers again the shared count takes over.
 */
import { createRequire } from 'node:module';
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

/** The plugin's store protocol (@fastify/rate-limit/store/*.js). */
interface LimitStore {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): LimitStore;
}

type StoreCtor<A extends unknown[]> = new (...args: A) => LimitStore;

// The plugin's two stores are CommonJS files it does not export by name; both are stable public
// behaviour (the `redis` and default options use them).
const require = createRequire(import.meta.url);
const RedisStore: StoreCtor<[boolean, boolean, unknown, string]> = require('@fastify/rate-limit/store/RedisStore.js');
const LocalStore: StoreCtor<[boolean, boolean, number?]> = require('@fastify/rate-limit/store/LocalStore.js');

class FallbackStore implements LimitStore {
  constructor(
    private readonly shared: LimitStore,
    private readonly local: LimitStore,
    private readonly onFallback: (error: Error) => void,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    this.shared.incr(
      key,
      (error, result) => {
        if (!error) return callback(null, result ?? undefined);
        this.onFallback(error);
        this.local.incr(key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: unknown): LimitStore {
    return new FallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions), this.onFallback);
  }
}

/** A store class for the plugin's `store` option: Redis first, this process when Redis fails. */
export function fallbackStore(
  redis: unknown,
  nameSpace: string,
  onFallback: (error: Error) => void,
): FastifyRateLimitStoreCtor {
  return class implements LimitStore {
    private readonly inner: FallbackStore;
    constructor(options: FastifyRateLimitOptions) {
      // The plugin passes its resolved global parameters, which carry these two flags.
      const flags = options as { continueExceeding?: boolean; exponentialBackoff?: boolean };
      const exceeding = Boolean(flags.continueExceeding);
      const backoff = Boolean(flags.exponentialBackoff);
      this.inner = new FallbackStore(
        new RedisStore(exceeding, backoff, redis, nameSpace),
        new LocalStore(exceeding, backoff),
        onFallback,
      );
    }
    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      this.inner.incr(key, callback, timeWindow, max);
    }
    child(routeOptions: unknown): LimitStore {
      return this.inner.child(routeOptions);
    }
  };
}
