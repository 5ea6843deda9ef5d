/**
 * A real server (buildApp) over a fresh test database, migrated and seeded with the demo app, and
 * driven through fastify.inject. The clock is the test's: sessions, picture codes and rate limits
 * expire when the test moves it. Picture codes are TEST_CAPTCHA (TESSERA_TEST_CAPTCHA, as e2e does).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { EventBus } from '../../server/bus/index';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { EventRouteOptions } from '../../server/events/route';
import { createDb, type Db } from '../../server/db/create-db';
import { migrateToLatest } from '../../server/db/migrations/index';
import { seedApp, seedApps } from '../../server/seed';
import { hashPassword } from '../../server/auth/passwords';
import { newId } from '../../server/db/ids';
import { insertAudit, tableNames, type TableNames } from '../../server/db/tables';
import type { TestDatabase } from './databases';

export const TEST_CAPTCHA = 'T3ST';
export const ADMIN = { account: 'admin', password: 'Tessera@2026' };

export interface Reply<T = any> {
  status: number;
  headers: Record<string, unknown>;
  body: { code: string; message: string; data: T };
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  token?: string;
  lang?: 'zh' | 'en';
  headers?: Record<string, string>;
  ip?: string;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  tables: TableNames;
  clock: { now: number };
  demoAppId: string;
  request<T = any>(options: RequestOptions): Promise<Reply<T>>;
  /** Signs in (fetching a fresh picture code) and returns the token; throws if it fails. */
  signIn(account?: string, password?: string, identify?: string): Promise<string>;
  /** Adds a user with the role of this identify (admin | user) to an app (default demo). */
  addUser(account: string, password: string, role: string, appId?: string): Promise<string>;
  /** Seeds another app from the demo template under a new identifier (tenancy tests). */
  seedApp(identify: string): Promise<string>;
  close(): Promise<void>;
}

export async function startTestApp(
  database: TestDatabase,
  /** env: extra server settings (e.g. SQL_TIMEOUT_MS) for loadConfig. */
  /** events: the event stream's heartbeat / ring (tests/contract/events.test.ts shortens the heartbeat). */
  /** logStream: where the server's pino lines go (set env LOG_LEVEL too; the default is silent). */
  options: {
    encrypt?: boolean;
    distDir?: string;
    env?: Record<string, string>;
    events?: EventRouteOptions;
    logStream?: { write(line: string): void };
    /** A bus shared with another test app: two instances as if over Redis (the caller closes it). */
    bus?: EventBus;
  } = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    TESSERA_TEST_CAPTCHA: TEST_CAPTCHA,
    ...options.env,
  });
  const db = createDb(config.databaseUrl, config.dbPool);
  const tables = tableNames(config.tablePrefix);
  const clock = { now: Date.now() };
  await migrateToLatest(db, config.tablePrefix);
  await seedApps(db, config.tablePrefix, 'schemas/apps', clock.now);
  const demo = await db.db.selectFrom(tables.app).select('id').where('identify', '=', 'demo').executeTakeFirstOrThrow();
  // Most suites talk plain JSON; the envelope suite turns encryption on.
  if (!options.encrypt) await db.db.updateTable(tables.app).set({ encrypt: 0 }).where('id', '=', demo.id).execute();
  const app = await buildApp({
    config,
    db,
    now: () => clock.now,
    distDir: options.distDir ?? '.tmp/no-dist',
    events: options.events,
    logStream: options.logStream,
    ...(options.bus ? { bus: options.bus } : {}),
  });

  async function request<T>(opts: RequestOptions): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = opts.token;
    if (opts.lang) headers['x-lang'] = opts.lang;
    const response = await app.inject({
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      url: opts.url,
      headers,
      remoteAddress: opts.ip ?? '127.0.0.1',
      ...(opts.body === undefined ? {} : { payload: opts.body as object }),
    });
    let body: Reply<T>['body'];
    try {
      body = response.json();
    } catch {
      body = { code: '', message: response.body, data: undefined as T };
    }
    return { status: response.statusCode, headers: response.headers, body };
  }

  async function signIn(account = ADMIN.account, password = ADMIN.password, identify = 'demo'): Promise<string> {
    const code = await request<{ codeKey: string }>({ url: `/api/auth/getPicCode?identify=${identify}` });
    const login = await request<{ token: string }>({
      url: '/api/auth/login',
      body: { identify, account, password, codeKey: code.body.data.codeKey, code: TEST_CAPTCHA },
    });
    if (login.body.code !== '200') throw new Error(`sign-in failed: ${JSON.stringify(login.body)}`);
    return login.body.data.token;
  }

  async function seedOther(identify: string): Promise<string> {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-template-'));
    try {
      cpSync('schemas/apps/demo', dir, { recursive: true });
      const template = JSON.parse(readFileSync(join(dir, 'app.json'), 'utf8'));
      template.app = { identify, title: identify, encrypt: false };
      writeFileSync(join(dir, 'app.json'), JSON.stringify(template));
      await seedApp(db, config.tablePrefix, dir, clock.now);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const row = await db.db
      .selectFrom(tables.app)
      .select('id')
      .where('identify', '=', identify)
      .executeTakeFirstOrThrow();
    return row.id as string;
  }

  async function addUser(account: string, password: string, role: string, appId = demo.id as string): Promise<string> {
    const roleRow = await db.db
      .selectFrom(tables.role)
      .select('id')
      .where('app_id', '=', appId)
      .where('identify', '=', role)
      .executeTakeFirstOrThrow();
    const id = newId();
    await db.db
      .insertInto(tables.user)
      .values({
        id,
        app_id: appId,
        ...insertAudit(null, clock.now),
        account,
        name: account,
        mobile: null,
        password_hash: await hashPassword(password),
        role_ids: roleRow.id,
        status: 1,
      })
      .execute();
    return id;
  }

  return {
    app,
    db,
    tables,
    clock,
    demoAppId: demo.id as string,
    request,
    signIn,
    seedApp: seedOther,
    addUser,
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}

/** The demo app's admin as a signed-in request's auth, for calling the schema store directly. */
export async function adminAuthOf(t: TestApp): Promise<never> {
  const user = await t.db.db
    .selectFrom(t.tables.user)
    .selectAll()
    .where('account', '=', 'admin')
    .where('app_id', '=', t.demoAppId)
    .executeTakeFirstOrThrow();
  const app = await t.db.db
    .selectFrom(t.tables.app)
    .selectAll()
    .where('id', '=', t.demoAppId)
    .executeTakeFirstOrThrow();
  return { user, app, roles: [], isAdmin: true, session: {} } as never;
}
