/**
 * Export of 100k rows × 10 columns: our endpoint (POST api/common/customer/export over HTTP,
 * session, list-query parsing, labels, date formatting, formula guard, streaming to the socket)
 * against the raw exceljs streaming writer fed by a better-sqlite3 iterator over the same rows.
 * Each side runs in its own child process, so its peak RSS (maxRSS) and CPU time are its own; the
 * endpoint's HTTP client runs in a third process. Run:
 *   npx tsx bench/export.bench.ts        (BENCH_ROWS=100000, BENCH_ROUNDS=2)
 *   BENCH_PRECOMPILED=1 npx tsx bench/export.bench.ts   (the server bundled by esbuild, run without tsx)
 * Targets: time ratio (endpoint / raw) ≤ 1.2x, endpoint peak RSS < 300 MB.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CAPTCHA = 'T3ST';
const COLUMNS = [
  'name',
  'mobile',
  'level',
  'industry',
  'credit_limit',
  'signed_at',
  'active',
  'remark',
  'create_at',
  'id',
];
const TITLES = [
  '客户名称',
  '手机号',
  '客户等级',
  '所属行业',
  '授信额度',
  '签约日期',
  '是否启用',
  '备注',
  '创建时间',
  'ID',
];

interface Result {
  ms: number;
  bytes: number;
  maxRssMb: number;
  /** RSS just before the export started (process baseline: runtime, tsx, the server's modules). */
  startRssMb: number;
  /** CPU time (user + system) of the export: robust to other load on the machine. */
  cpuMs: number;
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

const rssMb = () => process.memoryUsage().rss / 1024 / 1024;

const sinkOf = (count: { bytes: number }) =>
  new Writable({
    write(chunk: Buffer, _enc, done) {
      count.bytes += chunk.length;
      done();
    },
  });

async function prepare(dir: string): Promise<string> {
  const { loadConfig } = await import('../server/config');
  const { createDb } = await import('../server/db/create-db');
  const { migrateToLatest } = await import('../server/db/migrations/index');
  const { seedApps } = await import('../server/db/seed');
  const url = `sqlite:${join(dir, 'bench.db')}`;
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url });
  const db = createDb(url);
  await migrateToLatest(db, config.tablePrefix);
  await seedApps(db, config.tablePrefix, 'schemas/apps', Date.now());
  await db.destroy();
  const raw = new Database(join(dir, 'bench.db'));
  raw.prepare(`update ${config.tablePrefix}app set encrypt = 0 where identify = 'demo'`).run();
  const appId = (raw.prepare(`select id from ${config.tablePrefix}app where identify = 'demo'`).get() as { id: string })
    .id;
  const insert = raw.prepare(
    `insert into m_demo_customer (id, app_id, create_by, create_at, update_by, update_at, is_deleted, name, mobile, level, industry, credit_limit, signed_at, active, remark)
     values (?, ?, null, ?, null, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const levels = ['normal', 'vip', 'strategic'];
  const industries = ['manufacturing', 'retail', 'finance', 'software'];
  const start = Date.UTC(2024, 0, 1);
  raw.transaction(() => {
    for (let i = 0; i < ROWS; i++) {
      insert.run(
        i.toString(16).padStart(32, '0'),
        appId,
        start + i * 1000,
        start + i * 1000,
        `客户${i}号有限公司`,
        `139${String(i).padStart(8, '0')}`,
        levels[i % 3],
        industries[i % 4],
        (i % 1000) * 12.5,
        start + (i % 365) * 86400000,
        i % 2,
        i % 7 === 0 ? `=HYPERLINK("x")${i}` : `备注 ${i} some remark text`,
      );
    }
  })();
  raw.close();
  return url;
}

const EXPORT_BODY = JSON.stringify({
  exportFields: COLUMNS.map((key, i) => ({ key, title: TITLES[i] })),
  sorts: [{ key: 'create_at', order: 'asc' }],
});

/** What the endpoint child reports: its own CPU and memory (the client runs in another process). */
type ServerSide = Pick<Result, 'cpuMs' | 'maxRssMb' | 'startRssMb'>;

/**
 * The endpoint child: the real server on loopback. It signs in, reports { address, token } and
 * waits; the export request comes from the client child, so this process's CPU time is the
 * server's alone. On "done" it reports CPU time since the request was sent and its peak RSS.
 */
async function endpoint(url: string): Promise<void> {
  const { loadConfig } = await import('../server/config');
  const { buildApp } = await import('../server/app');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    TESSERA_TEST_CAPTCHA: CAPTCHA,
  });
  const app = await buildApp({ config, envelope: false, distDir: '.tmp/no-dist' });
  const code = (await app.inject({ url: '/api/auth/getPicCode?identify=demo' })).json().data.codeKey;
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { identify: 'demo', account: 'admin', password: 'Tessera@2026', codeKey: code, code: CAPTCHA },
  });
  const token = login.json().data.token as string;
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const startRssMb = rssMb();
  let cpu = process.cpuUsage();
  process.on('message', async (message: { type: string }) => {
    if (message.type === 'start') cpu = process.cpuUsage();
    if (message.type !== 'done') return;
    const cpuUsed = cpuMs(cpu);
    await app.close();
    const result: ServerSide = { cpuMs: cpuUsed, maxRssMb: process.resourceUsage().maxRSS / 1024, startRssMb };
    process.send!(result, undefined, {}, () => process.exit(0));
  });
  process.send!({ address, token });
}

/** The client child: POSTs the export over HTTP and drains the reply into a counting sink. */
async function client(address: string, token: string): Promise<Pick<Result, 'ms' | 'bytes'>> {
  const count = { bytes: 0 };
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const req = httpRequest(`${address}/api/common/customer/export`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
    });
    req.on('response', (res) => {
      if (res.statusCode !== 200 || !String(res.headers['content-type']).includes('spreadsheet'))
        reject(new Error(`export failed: ${res.statusCode}`));
      res.pipe(sinkOf(count)).on('finish', resolve).on('error', reject);
    });
    req.on('error', reject);
    req.end(EXPORT_BODY);
  });
  return { ms: performance.now() - started, bytes: count.bytes };
}

async function raw(url: string): Promise<Result> {
  const file = url.slice('sqlite:'.length);
  const count = { bytes: 0 };
  const startRssMb = rssMb();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const db = new Database(file, { readonly: true });
  const sink = sinkOf(count);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Sheet1');
  sheet.addRow(TITLES).commit();
  const rows = db
    .prepare(`select ${COLUMNS.join(', ')} from m_demo_customer where is_deleted = 0 order by create_at asc, id asc`)
    .raw()
    .iterate() as Iterable<unknown[]>;
  let n = 0;
  for (const row of rows) {
    sheet.addRow(row).commit();
    // Same yield as the endpoint: without it exceljs cannot zip until the loop ends (all in memory).
    if (++n % 1000 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  sheet.commit();
  await workbook.commit();
  await new Promise((resolve) => (sink.writableFinished ? resolve(null) : sink.on('finish', resolve)));
  db.close();
  return {
    ms: performance.now() - started,
    cpuMs: cpuMs(cpu),
    bytes: count.bytes,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    startRssMb,
  };
}

/** Bundled server for BENCH_PRECOMPILED=1: this file with the server inlined, run without tsx. */
let precompiled: string | undefined;
async function bundle(): Promise<string> {
  if (precompiled) return precompiled;
  const { build } = await import('esbuild');
  // Inside the repository, so the bundle's bare imports resolve to node_modules/.
  const out = join(fileURLToPath(new URL('..', import.meta.url)), '.tmp', `export-bench-${process.pid}.mjs`);
  await build({
    entryPoints: [fileURLToPath(import.meta.url)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile: out,
    logLevel: 'warning',
  });
  return (precompiled = out);
}

function fork1<T>(mode: string, args: string[], options: { script?: string; profile?: boolean } = {}) {
  // BENCH_PROFILE=<dir>: a V8 CPU profile of the endpoint child.
  const profile =
    process.env.BENCH_PROFILE && options.profile ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const child = fork(options.script ?? fileURLToPath(import.meta.url), ['child', mode, ...args], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // The bundle is plain JavaScript: no tsx loader in that child.
    execArgv: [...(options.script ? [] : process.execArgv), ...profile],
  });
  const messages: T[] = [];
  const waiters: ((message: T) => void)[] = [];
  child.on('message', (message) => {
    const waiter = waiters.shift();
    if (waiter) waiter(message as T);
    else messages.push(message as T);
  });
  const exited = new Promise<void>((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${mode} child exited with ${code}`)))),
  );
  const next = () =>
    Promise.race([
      new Promise<T>((resolve) => (messages.length ? resolve(messages.shift()!) : waiters.push(resolve))),
      exited.then(() => Promise.reject(new Error(`${mode} child exited before answering`))),
    ]);
  return { child, next, exited };
}

async function runChild(mode: 'endpoint' | 'raw', url: string): Promise<Result> {
  if (mode === 'raw') return fork1<Result>('raw', [url]).next();
  const script = process.env.BENCH_PRECOMPILED === '1' ? await bundle() : undefined;
  const server = fork1<{ address: string; token: string } | ServerSide>('endpoint', [url], { script, profile: true });
  const { address, token } = (await server.next()) as { address: string; token: string };
  server.child.send({ type: 'start' });
  const request = await fork1<Pick<Result, 'ms' | 'bytes'>>('client', [address, token]).next();
  server.child.send({ type: 'done' });
  const side = (await server.next()) as ServerSide;
  await server.exited;
  return { ...request, ...side };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  if (process.argv[2] === 'child') {
    const mode = process.argv[3];
    if (mode === 'endpoint') return endpoint(process.argv[4]!);
    const result = mode === 'client' ? await client(process.argv[4]!, process.argv[5]!) : await raw(process.argv[4]!);
    process.send!(result, undefined, {}, () => process.exit(0));
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'tessera-export-bench-'));
  try {
    console.log(`preparing ${ROWS} rows...`);
    const url = await prepare(dir);
    const results: Record<'endpoint' | 'raw', Result[]> = { endpoint: [], raw: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const mode of ['raw', 'endpoint'] as const) {
        const result = await runChild(mode, url);
        results[mode].push(result);
        console.log(
          `round ${round + 1} ${mode.padEnd(8)} ${result.ms.toFixed(0)} ms (CPU ${result.cpuMs.toFixed(0)} ms), ${(result.bytes / 1e6).toFixed(1)} MB, peak RSS ${result.maxRssMb.toFixed(0)} MB (${result.startRssMb.toFixed(0)} MB before the export)`,
        );
      }
    }
    const endpointMs = median(results.endpoint.map((r) => r.ms));
    const rawMs = median(results.raw.map((r) => r.ms));
    const rss = Math.max(...results.endpoint.map((r) => r.maxRssMb));
    console.log(`\nrows ${ROWS}: endpoint ${endpointMs.toFixed(0)} ms, raw writer ${rawMs.toFixed(0)} ms`);
    console.log(`time ratio (endpoint/raw): ${(endpointMs / rawMs).toFixed(2)}x (target <= 1.2x)`);
    const endpointCpu = median(results.endpoint.map((r) => r.cpuMs));
    const rawCpu = median(results.raw.map((r) => r.cpuMs));
    console.log(
      `CPU ratio (endpoint/raw): ${(endpointCpu / rawCpu).toFixed(2)}x (${endpointCpu.toFixed(0)} / ${rawCpu.toFixed(0)} ms; the server process alone, the HTTP client runs in a third process)`,
    );
    console.log(
      `endpoint peak RSS: ${rss.toFixed(0)} MB (target < 300 MB); raw peak RSS ${Math.max(...results.raw.map((r) => r.maxRssMb)).toFixed(0)} MB`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
    if (precompiled) rmSync(precompiled, { force: true });
  }
}

await main();
