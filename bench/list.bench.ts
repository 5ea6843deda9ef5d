/**
 * The list endpoint (POST common/:table/list) against a hand-written Fastify + Kysely route for the
 * same query and against the same SQL run as a pre-compiled statement, on 100k rows. Run:
 *   npx tsx bench/list.bench.ts                         (SQLite in a temp file)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/list.bench.ts
 *   BENCH_ROWS=20000 BENCH_ITERATIONS=100 npx tsx bench/list.bench.ts
 *   BENCH_ONLY=page BENCH_ROWS=5000 BENCH_ITERATIONS=200 npx tsx bench/list.bench.ts   (the page rows only)
 * Every request goes through fastify.inject (no sockets), in bounded loops, alternating the
 * three sides in rounds; medians of the rounds are printed, as wall time and as this process's CPU
 * time per request (everything runs in this one process, so CPU time is the steadier measure on a
 * shared machine). Targets: ours >= 0.9x the hand-written
 * route; a page with skipCount <= 1.1x the time of the page query alone (the raw statement without
 * its count).
 *
 * The hand-written route is what a developer would write for one screen: fixed SQL, and the one
 * check any real route has, authenticating the session token by a single indexed lookup of its
 * hash (like with like). Ours also pays for the menu guard, the registry and the body checks.
 * On PostgreSQL / MySQL a database named in DATABASE_URL is used as is: use a scratch database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import { sha256, tokenFromHeader } from '../server/auth/tokens';
import { newId } from '../server/db/ids';
import { startTestApp, type TestApp } from '../tests/helpers/app';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 60);
/** Rounds of the alternating loops (medians over them); more on a busy machine. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 100);
const PAGE = 20;
/** BENCH_ONLY=page: only the scenarios whose name contains it. */
const ONLY = process.env.BENCH_ONLY;
/**
 * BENCH_HAND_POST=1: the hand-written routes take the list's JSON body by POST (parsed by Fastify,
 * not used), to tell the cost of the list protocol's POST body from the list code's own.
 */
const HAND_METHOD = process.env.BENCH_HAND_POST === '1' ? 'POST' : 'GET';
const TABLE = 'm_demo_customer';
const LEVELS = ['normal', 'vip', 'strategic'];
const WORDS = ['华东', '精密', '制造', '鼎盛', '软件', '南方', '贸易', '科技'];

interface Scenario {
  name: string;
  body: Record<string, unknown>;
  /** The same query, hand-written (page + optional count). */
  hand(db: Kysely<any>, appId: string): { page: CompiledQuery; count?: CompiledQuery };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function seed(t: TestApp): Promise<void> {
  const db = t.db.db;
  await db.deleteFrom(TABLE).execute();
  const users = (await db.selectFrom(t.tables.user).select('id').where('app_id', '=', t.demoAppId).execute()).map(
    (u) => u.id,
  );
  const start = Date.UTC(2024, 0, 1);
  const batch = t.db.dialect === 'sqlite' ? 500 : 1000;
  for (let from = 0; from < ROWS; from += batch) {
    const rows = [];
    for (let i = from; i < Math.min(ROWS, from + batch); i++) {
      rows.push({
        id: newId(),
        app_id: t.demoAppId,
        create_by: users[i % users.length],
        create_at: start + i * 1000,
        update_by: users[(i + 1) % users.length],
        update_at: start + i * 1000,
        is_deleted: i % 50 === 0 ? 1 : 0,
        name: `${WORDS[i % WORDS.length]}${WORDS[(i * 7) % WORDS.length]}公司${i}`,
        mobile: `13${String(i).padStart(9, '0')}`,
        level: LEVELS[i % 3 === 0 ? 1 : i % 7 === 0 ? 2 : 0],
        industry: 'retail',
        credit_limit: (i % 1000) * 100,
        signed_at: start + i * 60_000,
        active: i % 2,
      });
    }
    await db.insertInto(TABLE).values(rows).execute();
  }
  // The index an "indexed filter + sort" screen would have.
  await sql`create index ix_bench_level on ${sql.table(TABLE)} (app_id, level, create_at)`
    .execute(db)
    .catch(() => undefined);
  if (t.db.dialect === 'postgres') await sql`analyze`.execute(db);
  if (t.db.dialect === 'sqlite') await sql`analyze`.execute(db);
}

function scenarios(likeOp: 'like' | 'ilike', userTable: string): Scenario[] {
  const live = (db: Kysely<any>, appId: string) =>
    db.selectFrom(`${TABLE} as t`).where('t.app_id', '=', appId).where('t.is_deleted', '=', 0);
  const fields = ['t.id', 't.name', 't.level', 't.credit_limit', 't.create_at'];
  const showFields = ['id', 'name', 'level', 'credit_limit', 'create_at'];
  const pageOf = (q: any, offset = 0) =>
    q.select(fields).orderBy('t.create_at', 'desc').orderBy('t.id', 'desc').limit(PAGE).offset(offset).compile();
  const countOf = (q: any) => q.select((eb: any) => eb.fn.countAll().as('total')).compile();
  return [
    {
      name: 'indexed filter + sort',
      body: { showFields, isPage: true, pageSize: PAGE, querys: [{ key: 'level', value: 'vip', rule: 'EQUAL' }] },
      hand: (db, app) => {
        const q = live(db, app).where('t.level', '=', 'vip');
        return { page: pageOf(q), count: countOf(q) };
      },
    },
    {
      name: 'LIKE',
      body: { showFields, isPage: true, pageSize: PAGE, querys: [{ key: 'name', value: '精密制造', rule: 'LIKE' }] },
      hand: (db, app) => {
        const q = live(db, app).where(sql<boolean>`t.name ${sql.raw(likeOp)} ${'%精密制造%'} escape '!'`);
        return { page: pageOf(q), count: countOf(q) };
      },
    },
    {
      name: 'two joins',
      body: {
        showFields,
        isPage: true,
        pageSize: PAGE,
        leftJoins: [
          { join: userTable, as: 'creator', on: 'create_by=id', showFields: ['account'] },
          { join: userTable, as: 'editor', on: 'update_by=id', showFields: ['name'] },
        ],
      },
      hand: (db, app) => {
        const q = live(db, app)
          .leftJoin(`${userTable} as u1`, (j) =>
            j.onRef('u1.id', '=', 't.create_by').on('u1.app_id', '=', app).on('u1.is_deleted', '=', 0),
          )
          .leftJoin(`${userTable} as u2`, (j) =>
            j.onRef('u2.id', '=', 't.update_by').on('u2.app_id', '=', app).on('u2.is_deleted', '=', 0),
          );
        const page = q
          .select([...fields, 'u1.account as creator_account', 'u2.name as editor_name'])
          .orderBy('t.create_at', 'desc')
          .orderBy('t.id', 'desc')
          .limit(PAGE)
          .compile();
        return { page, count: countOf(q) };
      },
    },
    {
      name: 'page with count',
      body: { showFields, isPage: true, pageSize: PAGE },
      hand: (db, app) => ({ page: pageOf(live(db, app)), count: countOf(live(db, app)) }),
    },
    {
      name: 'page, skipCount',
      body: { showFields, isPage: true, pageSize: PAGE, skipCount: true },
      hand: (db, app) => ({ page: pageOf(live(db, app)) }),
    },
    {
      name: 'deep page (offset 80%), skipCount',
      body: { showFields, isPage: true, pageSize: PAGE, current: Math.floor((ROWS * 0.8) / PAGE), skipCount: true },
      hand: (db, app) => ({ page: pageOf(live(db, app), (Math.floor((ROWS * 0.8) / PAGE) - 1) * PAGE) }),
    },
  ];
}

/** Wall ms and CPU ms (this process, user + system) per run of a bounded loop. */
async function timeLoop(run: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < ITERATIONS; i++) await run();
  const used = process.cpuUsage(cpu);
  return { wall: (performance.now() - started) / ITERATIONS, cpu: (used.user + used.system) / 1000 / ITERATIONS };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-bench-'));
  const url = process.env.DATABASE_URL ?? `sqlite:${join(dir, 'bench.db')}`;
  const t = await startTestApp({
    name: url.startsWith('sqlite') ? 'sqlite' : url.startsWith('postgres') ? 'postgres' : 'mysql',
    url,
    drop: async () => undefined,
  });
  try {
    const token = await t.signIn();
    process.stdout.write(`seeding ${ROWS} rows on ${t.db.dialect}... `);
    const seeded = performance.now();
    await seed(t);
    console.log(`${((performance.now() - seeded) / 1000).toFixed(1)} s`);
    const db = t.db.db;
    const list = scenarios(t.db.spec.likeOperator, t.tables.user);

    // The hand-written routes, in a plain Fastify app: one per scenario, fixed SQL, rows + total as
    // JSON, behind a session check (one primary-key lookup of the token hash).
    const handApp = Fastify({ logger: false });
    list.forEach((s, index) => {
      handApp.route({
        method: HAND_METHOD,
        url: `/bench/hand/${index}`,
        handler: async (request, reply) => {
          const presented = tokenFromHeader(request.headers.authorization);
          const session = presented
            ? await db
                .selectFrom(t.tables.session)
                .select(['user_id', 'app_id'])
                .where('token_hash', '=', sha256(presented))
                .where('expires_at', '>', Date.now())
                .executeTakeFirst()
            : undefined;
          if (!session) return reply.status(401).send({ code: 'P4007', message: 'logout', data: null });
          const { page, count } = s.hand(db, String(session.app_id));
          const rows = (await db.executeQuery(page)).rows;
          const total = count
            ? Number(((await db.executeQuery(count)).rows[0] as { total: unknown }).total)
            : rows.length;
          return { code: '200', message: 'OK', data: { list: rows, total } };
        },
      });
    });
    await handApp.ready();
    const handRequest = (index: number, body: Record<string, unknown>) =>
      HAND_METHOD === 'POST'
        ? { method: 'POST' as const, url: `/bench/hand/${index}`, payload: body, headers: { authorization: token } }
        : { method: 'GET' as const, url: `/bench/hand/${index}`, headers: { authorization: token } };

    console.log(
      `\n${ITERATIONS} requests per side per round, ${ROUNDS} rounds, medians in ms per request (wall; CPU of the process)\n`,
    );
    console.log(
      '| query | ours | hand-written | raw statement | ours / hand (throughput) | raw page alone | CPU ours | CPU hand | ours / hand (CPU capacity) |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    type Side = { wall: number; cpu: number };
    const results: Record<string, { ours: Side; hand: Side; raw: Side; rawPage: Side }> = {};
    for (const [index, s] of list.entries()) {
      if (ONLY && !s.name.includes(ONLY)) continue;
      const check = await t.request({ url: '/api/common/customer/list', body: s.body, token });
      if (check.body.code !== '200') throw new Error(`${s.name}: ${JSON.stringify(check.body)}`);
      const compiled = s.hand(db, t.demoAppId);
      // Warm-up: JIT, statement caches and the session/registry caches of both apps.
      for (let i = 0; i < WARMUP; i++) {
        await t.app.inject({
          method: 'POST',
          url: '/api/common/customer/list',
          payload: s.body,
          headers: { authorization: token },
        });
        await handApp.inject(handRequest(index, s.body));
      }
      const handCheck = await handApp.inject(handRequest(index, s.body));
      if (handCheck.statusCode !== 200)
        throw new Error(`${s.name}: hand-written route answered ${handCheck.statusCode}`);
      const ours: Side[] = [];
      const hand: Side[] = [];
      const raw: Side[] = [];
      const rawPage: Side[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        ours.push(
          await timeLoop(() =>
            t.app.inject({
              method: 'POST',
              url: '/api/common/customer/list',
              payload: s.body,
              headers: { authorization: token },
            }),
          ),
        );
        hand.push(await timeLoop(() => handApp.inject(handRequest(index, s.body))));
        raw.push(
          await timeLoop(async () => {
            await db.executeQuery(compiled.page);
            if (compiled.count) await db.executeQuery(compiled.count);
          }),
        );
        rawPage.push(await timeLoop(() => db.executeQuery(compiled.page)));
      }
      const mid = (sides: Side[]) => ({ wall: median(sides.map((x) => x.wall)), cpu: median(sides.map((x) => x.cpu)) });
      const r = { ours: mid(ours), hand: mid(hand), raw: mid(raw), rawPage: mid(rawPage) };
      results[s.name] = r;
      console.log(
        `| ${s.name} | ${r.ours.wall.toFixed(2)} | ${r.hand.wall.toFixed(2)} | ${r.raw.wall.toFixed(2)} | ${(r.hand.wall / r.ours.wall).toFixed(2)}x | ${r.rawPage.wall.toFixed(2)} | ${r.ours.cpu.toFixed(3)} | ${r.hand.cpu.toFixed(3)} | ${(r.hand.cpu / r.ours.cpu).toFixed(2)}x |`,
      );
    }
    const withCount = results['page with count'];
    const skip = results['page, skipCount'];
    if (!withCount || !skip) return;
    console.log(
      `\nskipCount page, ours / hand-written page-only route: ${(skip.ours.wall / skip.hand.wall).toFixed(2)}x wall, ${(skip.ours.cpu / skip.hand.cpu).toFixed(2)}x CPU (target <= 1.1x)`,
    );
    console.log(
      `page with count, ours / hand-written (throughput): ${(withCount.hand.wall / withCount.ours.wall).toFixed(2)}x wall, ${(withCount.hand.cpu / withCount.ours.cpu).toFixed(2)}x CPU (target >= 0.9x)`,
    );
    console.log(`skipCount page / counted page, ours: ${(skip.ours.wall / withCount.ours.wall).toFixed(2)}x`);
  } finally {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
