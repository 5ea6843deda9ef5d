/**
 * Export of 100k rows × 10 columns: our endpoint (POST api/common/customer/export over HTTP,
 * session, list-query parsing, labels, date formatting, formula guard, streaming to the socket)
 * against the raw exceljs streaming writer fed by a better-sqlite3 iterator over the same rows.
 * The endpoint is the real server as `npm start` runs it (`node dist-server/main.js`, built here by
 * scripts/build-server.mjs into .tmp/), in its own process; its peak RSS and CPU time are read
 * from /proc (Linux). The raw writer runs in a child process of its own (maxRSS, cpuUsage), and the
 * endpoint's HTTP client in a third. Run:
 *   npx tsx bench/export.bench.ts        (BENCH_ROWS=100000, BENCH_ROUNDS=2)
 *   BENCH_SERVER=tsx npx tsx bench/export.bench.ts        (the server through tsx, as before 2026-11-22)
 *   BENCH_SOURCE_MAPS=1 npx tsx bench/export.bench.ts     (the server with node --enable-source-maps)
 * Targets: time ratio (endpoint / raw) ≤ 1.2x, endpoint peak RSS < 300 MB.
 */
import { fork, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import { freePort } from '../tests/helpers/free-port';

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
  const { seedApps } = await import('../server/seed');
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

/** The server under measurement, as `npm start` runs it unless BENCH_SERVER=tsx asks for the old way. */
const SERVER_MODE = process.env.BENCH_SERVER === 'tsx' ? 'tsx' : 'bundle';
/** BENCH_SOURCE_MAPS=1: node --enable-source-maps (stack traces in TypeScript positions), to price it. */
const SOURCE_MAPS = process.env.BENCH_SOURCE_MAPS === '1';
const REPO = fileURLToPath(new URL('..', import.meta.url));
/** Clock ticks per second of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/**
 * The server process's own counters from Linux /proc (it is a plain `node` process we do not
 * control from inside): peak RSS (VmHWM, the same high-water mark maxRSS reports), current RSS, and
 * CPU time (user + system).
 */
function processCounters(pid: number): { maxRssMb: number; rssMb: number; cpuMs: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  // Fields after the command name (which is in parentheses and may hold spaces): utime and stime
  // are the 14th and 15th of the line, the 12th and 13th after the closing parenthesis.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { maxRssMb: kb('VmHWM') / 1024, rssMb: kb('VmRSS') / 1024, cpuMs: (ticks * 1000) / CLOCK_TICKS };
}

/** The server bundle, built by scripts/build-server.mjs (what `npm start` runs) into a folder of our own. */
let bundleDir: string | undefined;
function serverBundle(): string {
  if (bundleDir) return bundleDir;
  // Inside the repository, so the bundle's package imports resolve to node_modules/ as dist-server's do.
  const dir = join(REPO, '.tmp', `export-bench-server-${process.pid}`);
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs', dir], { cwd: REPO, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('server build failed');
  return (bundleDir = dir);
}

interface RunningServer {
  pid: number;
  address: string;
  token: string;
  stop(): Promise<void>;
}

/**
 * The endpoint: the real server (server/main.ts's startup: config, migrations, seed check, listen)
 * in its own process on loopback, exactly as `npm start` runs it — `node dist-server/main.js` —
 * or through tsx with BENCH_SERVER=tsx. Signed in over HTTP; the demo app's envelope is off.
 */
async function startServer(url: string, dir: string): Promise<RunningServer> {
  const flags = [
    ...(SOURCE_MAPS ? ['--enable-source-maps'] : []),
    // BENCH_PROFILE=<dir>: a V8 CPU profile of the server.
    ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
  ];
  const args =
    SERVER_MODE === 'tsx'
      ? [...flags, '--import', 'tsx', 'server/main.ts']
      : [...flags, join(serverBundle(), 'main.js')];
  const port = await freePort();
  const { NODE_OPTIONS: _loaders, ...env } = process.env;
  let output = '';
  const child = spawn(process.execPath, args, {
    cwd: REPO,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DATABASE_URL: url,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      TESSERA_TEST_CAPTCHA: CAPTCHA,
      WEB_DIST_DIR: join(dir, 'no-dist'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const address = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const up = await fetch(`${address}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`server did not answer within 120 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const json = async (path: string, body?: unknown) => {
    const response = await fetch(`${address}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    return (await response.json()) as { code: string; data: any };
  };
  const code = (await json('/api/auth/getPicCode?identify=demo')).data.codeKey as string;
  const login = await json('/api/auth/login', {
    identify: 'demo',
    account: 'admin',
    password: 'Tessera@2026',
    codeKey: code,
    code: CAPTCHA,
  });
  if (!login.data?.token) throw new Error(`sign-in failed: ${JSON.stringify(login)}\n${output}`);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    pid: child.pid!,
    address,
    token: login.data.token as string,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
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

function fork1<T>(mode: string, args: string[]) {
  const child = fork(fileURLToPath(import.meta.url), ['child', mode, ...args], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
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

async function runChild(mode: 'endpoint' | 'raw', url: string, dir: string): Promise<Result> {
  if (mode === 'raw') return fork1<Result>('raw', [url]).next();
  const server = await startServer(url, dir);
  try {
    const before = processCounters(server.pid);
    const request = await fork1<Pick<Result, 'ms' | 'bytes'>>('client', [server.address, server.token]).next();
    const after = processCounters(server.pid);
    return { ...request, cpuMs: after.cpuMs - before.cpuMs, maxRssMb: after.maxRssMb, startRssMb: before.rssMb };
  } finally {
    await server.stop();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  if (process.argv[2] === 'child') {
    const mode = process.argv[3];
    const result = mode === 'client' ? await client(process.argv[4]!, process.argv[5]!) : await raw(process.argv[4]!);
    process.send!(result, undefined, {}, () => process.exit(0));
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'tessera-export-bench-'));
  try {
    console.log(`preparing ${ROWS} rows (server: ${SERVER_MODE}${SOURCE_MAPS ? ' --enable-source-maps' : ''})...`);
    const url = await prepare(dir);
    if (SERVER_MODE === 'bundle') serverBundle();
    const results: Record<'endpoint' | 'raw', Result[]> = { endpoint: [], raw: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const mode of ['raw', 'endpoint'] as const) {
        const result = await runChild(mode, url, dir);
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
    if (bundleDir) rmSync(bundleDir, { recursive: true, force: true });
  }
}

await main();
