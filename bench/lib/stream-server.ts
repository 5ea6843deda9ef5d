/**
 * Server process of the stream benchmarks (bench/sse-idle.bench.ts, bench/ai-stream.bench.ts): the
 * real Tessera server (buildApp) on one instance over a fresh database with the seeded demo app,
 * listening on loopback. A separate process so that the load generator, the held streams' client
 * ends and the fake AI provider (all in the driver) do not share its event loop. Driven over IPC.
 *
 * The demo app's envelope is turned OFF here (as tests/helpers/app.ts does for most suites): these
 * benchmarks measure holding and relaying streams; what sealing costs per request and per event is
 * bench/envelope*.bench.ts's subject. Settings are production's but for the picture code (the
 * benchmark reads it like the tests do) and loopback being allowed for the fake provider.
 *
 * BENCH_DATABASE_URL picks another database (default: a fresh SQLite file in a temp directory; a
 * PostgreSQL URL must name an empty database).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { hashPassword } from '../../server/auth/passwords';
import { SessionStore } from '../../server/auth/sessions';
import { loadConfig } from '../../server/config';
import { createDb } from '../../server/db/create-db';
import { newId } from '../../server/db/ids';
import { migrateToLatest } from '../../server/db/migrations/index';
import { insertAudit, tableNames } from '../../server/db/tables';
import { seedApps } from '../../server/seed';

const CAPTCHA = 'B3NCH';
export const APPROVER = { account: 'bench_mgr', password: 'Bench#2026x' };

export interface StreamServerInit {
  type: 'init';
  /** Admin sessions to sign in (each may hold 8 event streams). */
  sessions: number;
  /** An OpenAI-compatible base URL: registers a default chat model `fake-paced` on it. */
  fakeUrl?: string;
  fakeKey?: string;
  /** Chat sessions to add for the first admin session (one per concurrent answer). */
  chatSessions?: number;
}

export interface StreamServerReady {
  type: 'ready';
  port: number;
  dialect: string;
  tokens: string[];
  approverToken: string;
  approverId: string;
  chatSessionIds: string[];
}

type Message =
  | StreamServerInit
  | { type: 'cpu' }
  | { type: 'profile-start' }
  | { type: 'profile-stop'; file: string }
  | { type: 'stop' };

/** A CPU profile of a chosen window only (BENCH_PROFILE_WINDOW): --cpu-prof covers the whole run. */
let profiler: Session | undefined;
async function profileStart(): Promise<void> {
  profiler = new Session();
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}
async function profileStop(file: string): Promise<void> {
  const { profile } = await profiler!.post('Profiler.stop');
  writeFileSync(file, JSON.stringify(profile));
  profiler!.disconnect();
  profiler = undefined;
}

let app: FastifyInstance | undefined;
let cleanup = () => {};

async function init(message: StreamServerInit): Promise<StreamServerReady> {
  let url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-bench-streams-'));
    cleanup = () => rmSync(dir, { recursive: true, force: true });
    url = `sqlite:${join(dir, 'bench.db')}`;
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    TESSERA_TEST_CAPTCHA: CAPTCHA,
    OUTBOUND_ALLOW_LIST: '127.0.0.1',
    TESSERA_SECRET_KEY: 'c3'.repeat(32),
  });
  process.env.AUTH_CACHE_TTL_MS ??= '5000';
  const db = createDb(config.databaseUrl, config.dbPool);
  const tables = tableNames(config.tablePrefix);
  await migrateToLatest(db, config.tablePrefix);
  await seedApps(db, config.tablePrefix, 'schemas/apps');
  const demo = await db.db.selectFrom(tables.app).select('id').where('identify', '=', 'demo').executeTakeFirstOrThrow();
  await db.db.updateTable(tables.app).set({ encrypt: 0 }).where('id', '=', demo.id).execute();
  const approverId = await addUser(db, tables, String(demo.id));

  app = await buildApp({ config, db, distDir: '.tmp/no-dist' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const previous = cleanup;
  cleanup = () => {
    void db.destroy();
    previous();
  };

  const call = async (method: 'GET' | 'POST', url: string, token?: string, payload?: object) => {
    const reply = await app!.inject({
      method,
      url,
      headers: token ? { authorization: token } : {},
      ...(payload ? { payload } : {}),
    });
    const body = reply.json() as { code: string; data: any };
    if (body.code !== '200') throw new Error(`${url}: ${JSON.stringify(body)}`);
    return body.data;
  };
  const signIn = async (account = 'admin', password = 'Tessera@2026') => {
    const code = await call('GET', '/api/auth/getPicCode?identify=demo');
    const login = await call('POST', '/api/auth/login', undefined, {
      identify: 'demo',
      account,
      password,
      codeKey: code.codeKey,
      code: CAPTCHA,
    });
    return login.token as string;
  };

  // One real sign-in; the other sessions of the admin are made by the session store sign-in itself
  // uses (SessionStore.create): 125 password checks would take minutes on the shared machine.
  const tokens = [await signIn()];
  const sessions = new SessionStore(db.db, tables.session, Date.now);
  const admin = await db.db
    .selectFrom(tables.user)
    .select('id')
    .where('app_id', '=', demo.id)
    .where('account', '=', 'admin')
    .executeTakeFirstOrThrow();
  while (tokens.length < message.sessions) tokens.push(await sessions.create(String(admin.id), String(demo.id)));
  const approverToken = await signIn(APPROVER.account, APPROVER.password);
  await call('POST', '/api/flows/defs', tokens[0], {
    name: '基准审批',
    module: 'customer',
    steps: [{ name: '经理审批', approvers: [{ kind: 'user', id: approverId }], mode: 'any' }],
  });

  const chatSessionIds: string[] = [];
  if (message.fakeUrl) {
    const model = await call('POST', '/api/aiModels', tokens[0], {
      label: 'Paced',
      provider: 'custom',
      model: 'fake-paced',
      base_url: message.fakeUrl,
      api_key: message.fakeKey,
      is_default: 1,
    });
    for (let i = 0; i < (message.chatSessions ?? 0); i++) {
      const session = await call('POST', '/api/module/session/sessioninfo/addSession', tokens[0], {
        sessionType: 'CHAT',
        chatModelId: model.id,
      });
      chatSessionIds.push(session.id as string);
    }
  }
  return { type: 'ready', port, dialect: db.dialect, tokens, approverToken, approverId, chatSessionIds };
}

/** The approver of the benchmark's flow: a plain user, so only the flow's to-dos are theirs. */
async function addUser(db: ReturnType<typeof createDb>, tables: ReturnType<typeof tableNames>, appId: string) {
  const role = await db.db
    .selectFrom(tables.role)
    .select('id')
    .where('app_id', '=', appId)
    .where('identify', '=', 'user')
    .executeTakeFirstOrThrow();
  const id = newId();
  await db.db
    .insertInto(tables.user)
    .values({
      id,
      app_id: appId,
      ...insertAudit(null, Date.now()),
      account: APPROVER.account,
      name: APPROVER.account,
      mobile: null,
      password_hash: await hashPassword(APPROVER.password),
      role_ids: role.id,
      status: 1,
    })
    .execute();
  return id;
}

// The driver gone (killed, crashed): nothing more to serve.
process.on('disconnect', () => {
  cleanup();
  process.exit(0);
});

process.on('message', (message: Message) => {
  void (async () => {
    if (message.type === 'init') process.send?.(await init(message));
    else if (message.type === 'cpu') {
      const usage = process.cpuUsage();
      process.send?.({ type: 'cpu', micros: usage.user + usage.system });
    } else if (message.type === 'profile-start') {
      await profileStart();
      process.send?.({ type: 'profile-started' });
    } else if (message.type === 'profile-stop') {
      await profileStop(message.file);
      process.send?.({ type: 'profile-stopped' });
    } else {
      await app?.close();
      cleanup();
      process.exit(0);
    }
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
});
