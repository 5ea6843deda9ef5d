/**
 * buildApp: the Fastify application without listen (tests use inject, main.ts listens). It wires
 * the context (database, registry, stores), the envelope, the session hook, the routes, one error
 * handler that answers every failure as { code, message, data: null } in the caller's language,
 * and the web app's static files.
 */
// Every catalog, the lazy features' too (protocol/messages/late.ts): the server answers in all of them.
import '../protocol/messages/late';
import Fastify, { type FastifyInstance } from 'fastify';
import { ResultCode } from '../protocol/codes';
import { translate } from '../protocol/messages/index';
import { textOf, type Text } from '../protocol/page-schema';
import { accessHook } from './access/hook';
import { ipAllowListHook } from './access/ip-allow-list';
import { CaptchaStore } from './auth/captcha';
import { LoginAttempts } from './auth/rate-limit';
import { registerAuthRoutes } from './auth/routes';
import { createBus, type EventBus } from './bus/index';
import { RedisBus } from './bus/redis';
import { passwordGateHook } from './auth/password-gate';
import { sessionHook } from './auth/session-hook';
import { SessionStore } from './auth/sessions';
import { Users } from './auth/users';
import { registerCommonRoutes } from './common/index';
import { registerEventRoutes, type EventRouteOptions } from './events/route';
import { registerFiles } from './files/index';
import { registerResources } from './resources/index';
import { registerAiImage } from './ai-image/index';
import type { Config } from './config';
import type { ServerContext } from './context';
import { createDb, type Db } from './db/create-db';
import { isDatabaseUnavailable, isStatementTimeout } from './db/unavailable';
import { tableNames } from './db/tables';
import { ApiError, ModuleSchemaError } from './errors';
import { loggerOptions } from './logger';
import { logPruningTask } from './logs/prune';
import { LeaseStore, Scheduler } from './scheduler/index';
import { TableRegistry } from './modules/registry';
import { registerModuleSaveRoutes } from './modules/save-routes';
import { AppStore } from './platform/apps';
import { SettingsStore } from './platform/settings-store';
import { registerSettingsRoutes } from './platform/settings-routes';
import { settingsTables } from './db/migrations/0014-sys-settings';
import { registerPlatformRoutes } from './platform/routes';
import { rejectInvalidRequest, registerRouteSchemas } from './http/validation';
import { registerPlugins } from './plugins/index';
import { registerPrefsRoutes } from './prefs/routes';
import { registerAiRoutes } from './ai/routes';
import { registerAiGeneratorRoutes } from './ai-generator/routes';
import { registerApiSourceRoutes } from './api-sources/routes';
import { registerSmsAdminRoutes } from './sms/admin-routes';
import { registerDocumentRoutes } from './documents/routes';
import { registerStatic } from './plugins/static';
import { langOf } from './reply';
import { registerRateLimits } from './rate-limits';
import { registerOps, requestIdOf, type Metrics } from './ops/index';

export const BODY_LIMIT = 2 * 1024 * 1024;

export interface BuildOptions {
  config: Config;
  /** An open database; when absent one is opened from config.databaseUrl and closed with the app. */
  db?: Db;
  /** The clock (ms), for sessions, codes and rate limits; tests move it. */
  now?: () => number;
  /** Register the crypto envelope (default true). */
  envelope?: boolean;
  /** The built web app; default ./dist. Served only if it holds index.html. */
  distDir?: string;
  /** Where log lines go (default stdout). */
  logStream?: { write(line: string): void };
  /** An event bus; when absent one is built from config.redisUrl and closed with the app. */
  bus?: EventBus;
  /** The event stream's heartbeat and replay ring (tests shorten the heartbeat). */
  events?: EventRouteOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    tessera: ServerContext;
  }
}

function localise(vars: Record<string, unknown>, lang: 'zh' | 'en'): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(vars)) {
    out[key] = typeof value === 'object' && value !== null && 'zh' in value ? textOf(value as Text, lang) : value;
  }
  return out;
}

/** How often the caches' use (server/cache-stats.ts) is written to the log. */
const CACHE_STATS_LOG_MS = 10 * 60_000;

/** A log line per interval with each cache's size, bound and hit/miss counts (debug level). */
function logCacheStats(app: FastifyInstance, ctx: ServerContext): void {
  const timer = setInterval(
    () =>
      app.log.debug(
        { caches: { auth: ctx.sessions.cache.stats(), apps: ctx.apps.stats(), settings: ctx.settings.stats() } },
        'cache stats',
      ),
    CACHE_STATS_LOG_MS,
  );
  // Never keeps the process alive on its own; stops with the app.
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/**
 * Session revocations and system writes on this instance reach the others' session caches over
 * the bus (an in-process bus delivers only here, where the cache was already dropped).
 */
function shareSessionChanges(ctx: ServerContext): void {
  const cache = ctx.sessions.cache;
  ctx.sessions.onRevoke((revoked) => void ctx.bus.publish({ type: 'auth.changed', ...revoked }));
  ctx.bus.subscribe('auth.changed', (event) => {
    if (event.tokenHash) cache.forgetToken(event.tokenHash);
    else if (event.userId) cache.forgetUser(event.appId, event.userId);
    else cache.clear();
  });
  ctx.bus.subscribe('session.ended', (event) => cache.forgetToken(event.tokenHash));
}

/**
 * Redis came back after an outage (tests/faults/redis-down.test.ts): the other instances' schema,
 * settings, app and session changes of the gap never arrived here, so everything they would have
 * invalidated is dropped — no restart needed to see them.
 */
function dropCachesOnResync(ctx: ServerContext): () => void {
  return ctx.bus.onResync(() => {
    ctx.registry.invalidate();
    ctx.settings.invalidate();
    ctx.apps.invalidate();
    ctx.sessions.cache.clear();
  });
}

/**
 * The scheduled tasks of this instance (docs/scheduler.md): started once the app is ready, without
 * holding start-up; stopped (runs in progress awaited) when it closes.
 */
function startScheduler(app: FastifyInstance, ctx: ServerContext): void {
  const scheduler = new Scheduler(new LeaseStore(ctx.db, ctx.config.tablePrefix), app.log, { now: ctx.now });
  scheduler.define(logPruningTask(ctx, app.log));
  let started: Promise<void> | undefined;
  app.addHook('onReady', async () => {
    started = scheduler.start().catch((error: unknown) => app.log.error({ err: error }, 'scheduler did not start'));
  });
  app.addHook('onClose', async () => {
    await started;
    await scheduler.stop();
  });
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const db = options.db ?? createDb(config.databaseUrl, config.dbPool);
  const now = options.now ?? Date.now;
  const tables = tableNames(config.tablePrefix);
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    bodyLimit: BODY_LIMIT,
    // Off unless TRUST_PROXY names the proxies: request.ip is then the forwarded client address.
    trustProxy: config.trustProxy ?? false,
    // A balancer's x-request-id is kept when well-formed, else a UUID (server/ops/request-id.ts).
    genReqId: requestIdOf,
  });
  const bus =
    options.bus ?? (await createBus({ redisUrl: config.redisUrl, tablePrefix: config.tablePrefix, log: app.log }));
  const settings = new SettingsStore(db.db, settingsTables(config.tablePrefix).settings, now);
  const ctx: ServerContext = {
    config,
    db,
    tables,
    registry: new TableRegistry(db, tables, config.tablePrefix),
    apps: new AppStore(db.db, tables.app, now),
    settings,
    sessions: new SessionStore(db.db, tables.session, now, {
      ttlOf: async (appId) => (await settings.get(appId)).session_days * 86_400_000,
    }),
    captcha: new CaptchaStore(db.db, tables.captcha, now, config.testCaptcha ? () => config.testCaptcha! : undefined),
    attempts: new LoginAttempts(db.db, tables.login_attempt, now),
    now,
    envelope: options.envelope ?? true,
    bus,
  };
  const users = new Users(db.db, tables);

  shareSessionChanges(ctx);
  const stopResync = dropCachesOnResync(ctx);
  app.addHook('onClose', async () => stopResync());
  app.decorate('tessera', ctx);
  app.decorateRequest('auth', undefined);
  if (!options.db) app.addHook('onClose', () => db.destroy());
  if (!options.bus) app.addHook('onClose', () => bus.close());
  logCacheStats(app, ctx);
  // A settings save on any instance: this one forgets the app's settings and its app row.
  const stopSettings = settings.listen(bus, (appId) => ctx.apps.invalidate(appId));
  app.addHook('onClose', async () => stopSettings());

  let openStreams = (): number => 0;
  const metrics: Metrics = await registerOps(app, ctx, { openStreams: () => openStreams() });
  app.setErrorHandler((error, request, reply) => {
    const lang = langOf(request);
    const answer = (status: number, code: string, key: string, vars: Record<string, unknown> = {}, data?: unknown) => {
      metrics.countAnswer(code);
      return reply
        .status(status)
        .send({ code, message: translate(lang, key, localise(vars, lang)), data: data ?? null });
    };
    if (error instanceof ApiError) {
      if (error.cause) request.log.error({ err: error.cause }, 'data operation failed');
      return answer(error.status, error.code, error.key, error.vars, error.data);
    }
    if (error instanceof ModuleSchemaError) {
      request.log.error({ err: error }, 'module schema cannot be used');
      return answer(200, ResultCode.DATA_ERROR, 'error.dataOperation');
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return answer(503, ResultCode.UNAVAILABLE, 'error.unavailable');
    }
    if (isStatementTimeout(error)) {
      request.log.error({ err: error }, 'database statement timed out');
      return answer(503, ResultCode.UNAVAILABLE, 'error.databaseBusy');
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return answer(status, ResultCode.BAD_REQUEST, status === 413 ? 'server.bodyTooLarge' : 'error.badRequest');
    }
    request.log.error({ err: error }, 'unexpected error');
    // The id the log line carries, so a user's report finds it (also in the x-request-id header).
    return answer(500, ResultCode.SERVER_ERROR, 'error.server', {}, { requestId: request.id });
  });

  await registerRateLimits(
    app,
    bus instanceof RedisBus ? { redis: bus.commands, nameSpace: `tessera:${config.tablePrefix}:rate:` } : undefined,
  );
  registerRouteSchemas(app);
  await registerPlugins(app, ctx);
  const spa = await registerStatic(app, options.distDir ?? 'dist');
  app.setNotFoundHandler((request, reply) => {
    if (spa && request.method === 'GET' && !/^\/api(\/|$|\?)/.test(request.url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ code: ResultCode.NOT_FOUND, message: translate(langOf(request), 'error.notFound'), data: null });
  });

  app.addHook('preHandler', sessionHook(ctx, users));
  app.addHook('preHandler', ipAllowListHook(ctx));
  app.addHook('preHandler', passwordGateHook(ctx));
  app.addHook('preHandler', accessHook(ctx));
  // After sign-in and access: a caller who may not use the route is told that, not how to shape a body.
  app.addHook('preHandler', rejectInvalidRequest);
  registerPlatformRoutes(app, ctx);
  registerSettingsRoutes(app, ctx);
  registerAuthRoutes(app, ctx, users);
  registerCommonRoutes(app, ctx);
  startScheduler(app, ctx);
  registerModuleSaveRoutes(app, ctx);
  registerPrefsRoutes(app, ctx);
  registerApiSourceRoutes(app, ctx);
  registerAiGeneratorRoutes(app, ctx, registerAiRoutes(app, ctx));
  registerSmsAdminRoutes(app, ctx);
  registerDocumentRoutes(app, ctx);
  registerFiles(app, ctx);
  registerResources(app, ctx);
  registerAiImage(app, ctx);
  const hub = registerEventRoutes(app, ctx, options.events);
  openStreams = () => hub.openStreams;
  return app;
}
