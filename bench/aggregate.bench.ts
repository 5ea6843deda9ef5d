/**
 * The aggregate endpoint (POST common/:table/aggregate) against the same query hand-written in SQL
 * and run through the driver: a group-by-month count + sum over 100k rows of the demo customer
 * table, months in Asia/Shanghai. Run:
 *   npx tsx bench/aggregate.bench.ts                    (SQLite in a temp file)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/aggregate.bench.ts
 *   DATABASE_URL=mysql://root@127.0.0.1:3306/test npx tsx bench/aggregate.bench.ts
 *   BENCH_ROWS=20000 BENCH_ITERATIONS=5 BENCH_ROUNDS=3 npx tsx bench/aggregate.bench.ts
 * The two sides alternate in rounds (other work on the machine weighs on both alike); the median
 * round's wall time per query is printed, and the ratio ours / hand-written. Target: <= 1.2x.
 *
 * The hand-written SQL is what a developer would write for this one chart: the scope (app, live
 * rows) and a fixed +8 h offset, no registry, no session, no time limit. Ours pays for the session
 * and menu guard, the body checks, the exact zone offsets (a CASE over Shanghai's 1986–1991 DST
 * changes), the ranking window that top-N and "others" need, and the time limit: on SQLite the
 * statement runs in SQL mode's worker process (IPC both ways); on PostgreSQL inside a transaction
 * that sets statement_timeout; on MariaDB under SET STATEMENT max_statement_time.
 * On PostgreSQL / MySQL the database named in DATABASE_URL is used as is: use a scratch database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import { newId } from '../server/db/ids';
import { startTestApp, type TestApp } from '../tests/helpers/app';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TABLE = 'm_demo_customer';
const SHANGHAI_MS = 8 * 3600 * 1000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function seed(t: TestApp): Promise<void> {
  const db = t.db.db;
  await db.deleteFrom(TABLE).execute();
  const start = Date.UTC(2022, 0, 1);
  const batch = t.db.dialect === 'sqlite' ? 500 : 1000;
  for (let from = 0; from < ROWS; from += batch) {
    const rows = [];
    for (let i = from; i < Math.min(ROWS, from + batch); i++) {
      rows.push({
        id: newId(),
        app_id: t.demoAppId,
        create_at: start,
        update_at: start,
        is_deleted: i % 50 === 0 ? 1 : 0,
        name: `c${i}`,
        level: 'normal',
        credit_limit: (i % 1000) * 100,
        // Spread over about three years: ~36 months.
        signed_at: start + i * 947_000,
      });
    }
    await db.insertInto(TABLE).values(rows).execute();
  }
  if (t.db.dialect !== 'mysql') await sql`analyze`.execute(db);
}

/** Group by month in +8 h, count and sum: the hand-written statement of each database. */
function handWritten(db: Kysely<any>, dialect: string, appId: string): CompiledQuery {
  const local = sql`(signed_at + ${sql.lit(SHANGHAI_MS)})`;
  const month =
    dialect === 'sqlite'
      ? sql`strftime('%Y-%m', ${local} / 1000, 'unixepoch')`
      : dialect === 'postgres'
        ? sql`to_char(to_timestamp(${local}::double precision / 1000) at time zone 'UTC', 'YYYY-MM')`
        : sql`date_format(date_add(timestamp('1970-01-01'), interval (${local} div 1000) second), '%Y-%m')`;
  return db
    .selectFrom(TABLE)
    .select([month.as('month'), sql`count(*)`.as('n'), sql`sum(credit_limit)`.as('total')])
    .where('app_id', '=', appId)
    .where('is_deleted', '=', 0)
    .groupBy(sql.lit(1) as never)
    .orderBy(sql.lit(1) as never)
    .compile();
}

async function timeLoop(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < ITERATIONS; i++) await run();
  return (performance.now() - started) / ITERATIONS;
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

    const body = {
      groupBy: [{ key: 'signed_at', bucket: 'month', as: 'month' }],
      measures: [
        { fn: 'count', as: 'n' },
        { fn: 'sum', key: 'credit_limit', as: 'total' },
      ],
      timeZone: 'Asia/Shanghai',
    };
    const ours = async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/common/customer/aggregate',
        headers: { authorization: token },
        payload: body,
      });
      const reply = response.json() as { code: string; data: { list: { month: string; n: number }[] } };
      if (reply.code !== '200') throw new Error(`aggregate failed: ${response.body}`);
      return reply.data.list;
    };
    const compiled = handWritten(t.db.db, t.db.dialect, t.demoAppId);
    const hand = async () => (await t.db.db.executeQuery(compiled)).rows as { month: string; n: unknown }[];

    // Both sides must answer the same months and counts before they are timed.
    const [a, b] = [await ours(), await hand()];
    const same = a.length === b.length && a.every((row, i) => row.month === b[i]!.month && row.n === Number(b[i]!.n));
    if (!same)
      throw new Error(`the two sides disagree: ${JSON.stringify(a.slice(0, 3))} vs ${JSON.stringify(b.slice(0, 3))}`);
    console.log(`${a.length} months, ${a.reduce((s, r) => s + r.n, 0)} live rows`);
    for (let i = 0; i < 3; i++) {
      await ours();
      await hand();
    }

    const rounds: { ours: number; hand: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const handMs = await timeLoop(hand);
      const oursMs = await timeLoop(ours);
      rounds.push({ ours: oursMs, hand: handMs });
      console.log(
        `round ${round + 1}: hand ${handMs.toFixed(1)} ms, ours ${oursMs.toFixed(1)} ms (${(oursMs / handMs).toFixed(2)}x)`,
      );
    }
    const ratio = median(rounds.map((r) => r.ours / r.hand));
    console.log(
      `\n${t.db.dialect}, ${ROWS} rows, group by month + count + sum: hand-written ${median(rounds.map((r) => r.hand)).toFixed(1)} ms, ` +
        `ours ${median(rounds.map((r) => r.ours)).toFixed(1)} ms, ratio ${ratio.toFixed(2)}x (target <= 1.2x: ${ratio <= 1.2 ? 'met' : 'NOT met'})`,
    );
  } finally {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
