/**
 * Per-route request limits on @fastify/rate-limit, all settings here. They guard what costs money
 * or work per request: SMS sends, uploads, exports (later AI calls). Sign-in is not here: it has
 * its own account + address throttle (auth/throttle.ts, auth/rate-limit.ts). A caller over a
 * limit gets HTTP 429 with the catalogue's P4029 error.rateLimited in their language.
 *
 * Counts live in Redis when the event bus runs on it (REDIS_URL: several instances share one count
 * per caller); otherwise in this process (the plugin's local store: the single-instance default).
 * If Redis stops answering, each instance counts in its own memory until it is back
 * (rate-limit-store.ts): the limit holds per instance instead of passing requests uncounted.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResultCode } from '../protocol/codes';
import { ApiError } from './errors';
import { fallbackStore } from './rate-limit-store';

export type LimitedAction = 'smsSend' | 'upload' | 'export' | 'payOrder' | 'payNotify';

/** Requests per minute, by action. */
export const RATE_LIMITS: Readonly<Record<LimitedAction, { max: number; timeWindowMs: number }>> = {
  // Above sms/codes.ts's 20 codes per address an hour: this one stops floods before the database.
  smsSend: { max: 30, timeWindowMs: 60_000 },
  upload: { max: 60, timeWindowMs: 60_000 },
  export: { max: 20, timeWindowMs: 60_000 },
  // AI top-up orders per user (each a row), and the payment gateway's public callback per address.
  payOrder: { max: 10, timeWindowMs: 60_000 },
  payNotify: { max: 120, timeWindowMs: 60_000 },
};

/**
 * The session's app and user when there is one (the limit follows the person, whichever address
 * they use); the client address for a public route (SMS sends before sign-in).
 */
function keyOf(action: LimitedAction) {
  return (request: FastifyRequest): string => {
    const auth = request.auth;
    return auth ? `${action}:${auth.app.id}:${auth.user.id}` : `${action}:ip:${request.ip}`;
  };
}

/** Route options that put `action`'s limit on a route: `app.post(url, limitedBy('export'), ...)`. */
export function limitedBy(action: LimitedAction) {
  const { max, timeWindowMs } = RATE_LIMITS[action];
  return {
    rateLimit: {
      max,
      timeWindow: timeWindowMs,
      // After the session hook (an app preHandler), so the key can name the signed-in user.
      hook: 'preHandler' as const,
      keyGenerator: keyOf(action),
    },
  };
}

/** A Redis connection for shared counts, and the key prefix that keeps deployments apart. */
export interface SharedLimitStore {
  redis: unknown;
  nameSpace: string;
}

export async function registerRateLimits(app: FastifyInstance, shared?: SharedLimitStore): Promise<void> {
  await app.register(rateLimit, {
    ...(shared ? { store: fallbackStore(shared.redis, shared.nameSpace, warnOnce(app)) } : {}),
    // Only routes that ask (limitedBy) are limited.
    global: false,
    errorResponseBuilder: () => new ApiError(ResultCode.RATE_LIMITED, 'error.rateLimited', {}, 429),
  });
}

/** One warning per outage, not one per request: the first fallback after 60 s of quiet. */
function warnOnce(app: FastifyInstance): (error: Error) => void {
  let last = 0;
  return (error) => {
    const now = Date.now();
    if (now - last > 60_000)
      app.log.warn({ err: error.message }, 'rate limits: redis failed, counting in this instance');
    last = now;
  };
}
