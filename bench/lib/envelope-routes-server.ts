/**
 * Server process of bench/envelope-routes.bench.ts: the real Tessera server (buildApp) twice over
 * ONE database — the demo app as seeded (encrypt on), 50 customers — once with the envelope plugin
 * and once without it (buildApp({ envelope: false }), i.e. the app with encryption off). Same data,
 * same session (sessions live in the database, so one sign-in serves both). A separate process, so
 * that process.cpuUsage() counts server work only. Driven over IPC like bench/lib/envelope-server.ts.
 *
 * BENCH_DATABASE_URL picks another database (default: a fresh SQLite file in a temp directory).
 * BENCH_CONTROL=1 builds the second server without the envelope too (an A/A run: the driver then
 * sends plain requests to both), which shows how far the two sides differ with no envelope at all.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createDb } from '../../server/db/create-db';
import { migrateToLatest } from '../../server/db/migrations/index';
import { seedApps } from '../../server/seed';
import { tableNames } from '../../server/db/tables';

type Message = { type: 'init' } | { type: 'cpu' } | { type: 'writes' } | { type: 'stop' };

export interface RoutesReady {
  type: 'ready';
  plainPort: number;
  sealedPort: number;
  appId: string;
  publicKey: string;
  token: string;
  /** A customer row of the demo app, for the write route. */
  rowId: string;
  dialect: string;
}

const CAPTCHA = 'B3NCH';
const apps: FastifyInstance[] = [];
let cleanup = () => {};
/** Audited updates so far (the driver checks that every write request really wrote). */
let countWrites = async () => 0;

async function init(): Promise<RoutesReady> {
  let url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-bench-envelope-'));
    cleanup = () => rmSync(dir, { recursive: true, force: true });
    url = `sqlite:${join(dir, 'bench.db')}`;
  }
  // Production settings but for the picture code, which a benchmark cannot read (NODE_ENV=test only
  // there); the session/grant cache keeps its production default (5 s) since process.env says so.
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    TESSERA_TEST_CAPTCHA: CAPTCHA,
  });
  process.env.AUTH_CACHE_TTL_MS ??= '5000';
  const db = createDb(config.databaseUrl);
  await migrateToLatest(db, config.tablePrefix);
  await seedApps(db, config.tablePrefix, 'schemas/apps');
  const tables = tableNames(config.tablePrefix);
  const demo = await db.db
    .selectFrom(tables.app)
    .select(['id', 'public_key', 'encrypt'])
    .where('identify', '=', 'demo')
    .executeTakeFirstOrThrow();
  if (Number(demo.encrypt) !== 1) throw new Error('the demo app is expected to be seeded with encrypt on');

  const ports: number[] = [];
  const control = process.env.BENCH_CONTROL === '1';
  for (const envelope of [false, !control]) {
    const app = await buildApp({ config, db, envelope, distDir: '.tmp/no-dist' });
    await app.listen({ host: '127.0.0.1', port: 0 });
    apps.push(app);
    const address = app.server.address();
    ports.push(typeof address === 'object' && address ? address.port : 0);
  }
  countWrites = async () => {
    const row = await db.db
      .selectFrom(tables.audit_log)
      .select((eb) => eb.fn.countAll().as('n'))
      .where('action', '=', 'update')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  cleanup = ((previous) => () => {
    void db.destroy();
    previous();
  })(cleanup);

  // Sign in once, unsealed, on the server without the envelope; the token works on both.
  const plain = apps[0]!;
  const code = (await plain.inject({ url: '/api/auth/getPicCode?identify=demo' })).json().data;
  const login = (
    await plain.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identify: 'demo', account: 'admin', password: 'Tessera@2026', codeKey: code.codeKey, code: CAPTCHA },
    })
  ).json();
  if (login.code !== '200') throw new Error(`sign-in failed: ${JSON.stringify(login)}`);
  const row = await db.db
    .selectFrom('m_demo_customer')
    .select('id')
    .where('app_id', '=', demo.id)
    .orderBy('name')
    .executeTakeFirstOrThrow();
  return {
    type: 'ready',
    plainPort: ports[0]!,
    sealedPort: ports[1]!,
    appId: String(demo.id),
    publicKey: String(demo.public_key),
    token: login.data.token,
    rowId: String(row.id),
    dialect: db.dialect,
  };
}

process.on('message', (message: Message) => {
  void (async () => {
    if (message.type === 'init') {
      process.send?.(await init());
    } else if (message.type === 'writes') {
      process.send?.({ type: 'writes', count: await countWrites() });
    } else if (message.type === 'cpu') {
      const usage = process.cpuUsage();
      const stats = apps[1]?.envelopeStats;
      process.send?.({ type: 'cpu', micros: usage.user + usage.system, keyUnwraps: stats?.keyUnwraps ?? 0 });
    } else {
      await Promise.all(apps.map((app) => app.close()));
      cleanup();
      process.exit(0);
    }
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
});
