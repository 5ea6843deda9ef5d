/**
 * buildApp: the Fastify application without listen (tests use inject, main.ts listens). It wires
 * the context (database, registry, stores), the envelope, the session hook, the routes, one error
 * handler that answers every failure as { code, message, data: null } in the caller's language,
 * and the web app's static files.
 */
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
import { sessionHook } from './auth/session-hook';
import { SessionStore } from './auth/sessions';
import { Users } from './auth/users';
import { registerCommonRoutes } from './common/index';
import { registerEventRoutes, type EventRouteOptions } from './events/route';
import { registerFiles } from './files/index';
import type { Config } from './config';
import type { ServerContext } from './context';
import { createDb, type Db } from './db/create-db';
import { tableNames } from './db/tables';
import { ApiError, ModuleSchemaError } from './errors';
import { loggerOptions } from './logger';
import { TableRegistry } from './modules/registry';
import { registerModuleSaveRoutes } from './modules/save-routes';
import { AppStore } from './platform/apps';
import { registerPlatformRoutes } from './platform/routes';
import { registerPlugins } from './plugins/index';
import { registerPrefsRoutes } from './prefs/routes';
import { registerStatic } from './plugins/static';
import { langOf } from './reply';

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

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const db = options.db ?? createDb(config.databaseUrl);
  const now = options.now ?? Date.now;
  const tables = tableNames(config.tablePrefix);
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    bodyLimit: BODY_LIMIT,
    // Off unless TRUST_PROXY names the proxies: request.ip is then the forwarded client address.
    trustProxy: config.trustProxy ?? false,
  });
  const bus =
    options.bus ?? (await createBus({ redisUrl: config.redisUrl, tablePrefix: config.tablePrefix, log: app.log }));
  const ctx: ServerContext = {
    config,
    db,
    tables,
    registry: new TableRegistry(db, tables, config.tablePrefix),
    apps: new AppStore(db.db, tables.app, now),
    sessions: new SessionStore(db.db, tables.session, now),
    captcha: new CaptchaStore(db.db, tables.captcha, now, config.testCaptcha ? () => config.testCaptcha! : undefined),
    attempts: new LoginAttempts(db.db, tables.login_attempt, now),
    now,
    envelope: options.envelope ?? true,
    bus,
  };
  const users = new Users(db.db, tables);

  app.decorate('tessera', ctx);
  app.decorateRequest('auth', undefined);
  if (!options.db) app.addHook('onClose', () => db.destroy());
  if (!options.bus) app.addHook('onClose', () => bus.close());

  app.setErrorHandler((error, request, reply) => {
    const lang = langOf(request);
    const answer = (status: number, code: string, key: string, vars: Record<string, unknown> = {}, data?: unknown) =>
      reply.status(status).send({ code, message: translate(lang, key, localise(vars, lang)), data: data ?? null });
    if (error instanceof ApiError) {
      if (error.cause) request.log.error({ err: error.cause }, 'data operation failed');
      return answer(error.status, error.code, error.key, error.vars, error.data);
    }
    if (error instanceof ModuleSchemaError) {
      request.log.error({ err: error }, 'module schema cannot be used');
      return answer(200, ResultCode.DATA_ERROR, 'error.dataOperation');
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return answer(status, ResultCode.BAD_REQUEST, status === 413 ? 'server.bodyTooLarge' : 'error.badRequest');
    }
    request.log.error({ err: error }, 'unexpected error');
    return answer(500, ResultCode.SERVER_ERROR, 'error.server');
  });

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
  app.addHook('preHandler', accessHook(ctx));
  registerPlatformRoutes(app, ctx);
  registerAuthRoutes(app, ctx, users);
  registerCommonRoutes(app, ctx);
  registerModuleSaveRoutes(app, ctx);
  registerPrefsRoutes(app, ctx);
  registerFiles(app, ctx);
  registerEventRoutes(app, ctx, options.events);
  return app;
}
