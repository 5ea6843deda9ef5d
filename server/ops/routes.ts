/**
 * Operations routes (issue 20 item 3): readiness for the balancer, Prometheus metrics and the
 * OpenAPI document generated from the route schemas.
 *
 * - `GET /api/health` (server/platform) says the process answers and the database too.
 * - `GET /api/ready`: 200 when the database answers, Redis answers (if REDIS_URL is set) and every
 *   migration has run; otherwise 503 with P5030 and which check failed — a balancer stops sending
 *   traffic, the process keeps running. Each check gives up after READY_TIMEOUT_MS, so a hung
 *   database makes the instance not ready instead of hanging the probe.
 * - `GET /api/metrics`: Prometheus text. With METRICS_TOKEN set, only `authorization: Bearer
 *   <token>` is let in; without it, only loopback callers (a scraper on the same host or a sidecar).
 * - `GET /api/openapi.json`: the OpenAPI 3 document, to signed-in admins only (it maps the attack
 *   surface; nobody else needs it).
 */
import { timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResultCode } from '../../protocol/codes';
import { translate } from '../../protocol/messages/index';
import type { ServerContext } from '../context';
import { pendingMigrations } from '../db/migrations/index';
import { ApiError } from '../errors';
import { langOf, ok } from '../reply';
import type { Metrics } from './metrics';

export const READY_TIMEOUT_MS = 2_000;

type Check = 'ok' | 'down' | 'off' | 'pending';

async function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), ms)));
  try {
    return await Promise.race([promise.catch(() => fallback), late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function readiness(ctx: ServerContext): Promise<Record<'database' | 'redis' | 'migrations', Check>> {
  const [database, redis, pending] = await Promise.all([
    within(
      sql`select 1`.execute(ctx.db.db).then((): Check => 'ok'),
      READY_TIMEOUT_MS,
      'down' as Check,
    ),
    ctx.bus.kind === 'redis'
      ? ctx.bus.reachable(READY_TIMEOUT_MS).then((up): Check => (up ? 'ok' : 'down'))
      : Promise.resolve<Check>('off'),
    within(pendingMigrations(ctx.db, ctx.config.tablePrefix), READY_TIMEOUT_MS, undefined),
  ]);
  const migrations: Check = pending === undefined ? 'down' : pending.length ? 'pending' : 'ok';
  return { database, redis, migrations };
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function metricsAllowed(request: FastifyRequest, token: string | undefined): boolean {
  if (!token) return LOOPBACK.has(request.socket.remoteAddress ?? '');
  const header = request.headers.authorization;
  return typeof header === 'string' && header.startsWith('Bearer ') && sameSecret(header.slice(7), token);
}

const NO_QUERY = { type: 'object', additionalProperties: false, properties: {} } as const;

export function registerOpsRoutes(app: FastifyInstance, ctx: ServerContext, metrics: Metrics): void {
  app.get(
    '/api/ready',
    { config: { public: true, envelope: 'optional' }, schema: { querystring: NO_QUERY } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const checks = await readiness(ctx);
      const ready = checks.database === 'ok' && checks.migrations === 'ok' && checks.redis !== 'down';
      if (ready) return ok(request, { status: 'ready', ...checks });
      return reply.status(503).send({
        code: ResultCode.UNAVAILABLE,
        message: translate(langOf(request), 'error.unavailable'),
        data: { status: 'not ready', ...checks },
      });
    },
  );

  app.get(
    '/api/metrics',
    { config: { public: true, envelope: 'optional' }, schema: { querystring: NO_QUERY } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      if (!metricsAllowed(request, ctx.config.metricsToken))
        throw new ApiError(ResultCode.FORBIDDEN, 'error.forbidden');
      const { text, contentType } = await metrics.scrape();
      return reply.header('content-type', contentType).header('cache-control', 'no-store').send(text);
    },
  );

  app.get(
    '/api/openapi.json',
    { schema: { querystring: NO_QUERY } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.auth?.isAdmin) throw new ApiError(ResultCode.FORBIDDEN, 'error.forbidden');
      return reply.header('cache-control', 'no-store').send(app.swagger());
    },
  );
}
