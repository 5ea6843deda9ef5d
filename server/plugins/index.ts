/**
 * Third-party-style plugins of the app, registered in one place. The crypto envelope
 * (envelope.ts, DESIGN §5) opens sealed requests and seals their replies; it reads app keys
 * through the app store (cached), and shares the server clock. Security headers (CSP, frames,
 * nosniff, referrer, HSTS over TLS) go on every reply (security-headers.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { DEFAULT_CLOCK_SKEW_MS } from '../../protocol/envelope/constants';
import { envelopeNonceTable } from '../db/migrations/0009-envelope-nonces';
import envelopePlugin from './envelope';
import { RedisBus } from '../bus/redis';
import { DbReplayStore } from './replay-store-db';
import { RedisReplayStore } from './replay-store-redis';
import { registerSecurityHeaders } from './security-headers';

export async function registerPlugins(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await registerSecurityHeaders(app);
  if (!ctx.envelope) return;
  await app.register(envelopePlugin, {
    async getAppKeys(appId: string) {
      const found = await ctx.apps.findById(appId);
      if (!found?.private_key) return undefined;
      return { privateKey: found.private_key, encrypt: Number(found.encrypt) === 1 };
    },
    now: ctx.now,
    // Seen nonces live where every instance sees them and a restart keeps them: Redis when the
    // bus runs on it (REDIS_URL), the database otherwise.
    replayStore:
      ctx.bus instanceof RedisBus
        ? new RedisReplayStore(ctx.bus.commands, DEFAULT_CLOCK_SKEW_MS, `tessera:${ctx.config.tablePrefix}:nonce:`)
        : new DbReplayStore(ctx.db, envelopeNonceTable(ctx.config.tablePrefix), DEFAULT_CLOCK_SKEW_MS, (error) =>
            app.log.error({ err: error }, 'pruning envelope nonces failed'),
          ),
  });
}
