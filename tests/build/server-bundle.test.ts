/**
 * The server bundle `npm start` runs (scripts/build-server.mjs → dist-server/main.js), built into a
 * folder of its own and started with plain node — no tsx anywhere in the process — on a free port
 * with a fresh SQLite file. Through the real HTTP API with the demo app's envelope on (as seeded):
 * the public app info, sign-in as the demo admin, a list call, and an executeSql call, which on a
 * SQLite file runs in the forked SQL-mode worker: the bundle's second entry point, so this also
 * proves the server finds that worker beside itself.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { ClientEnvelope } from '../../protocol/envelope/index';
import { freePort } from '../helpers/free-port';

const root = new URL('../..', import.meta.url).pathname;
const CAPTCHA = 'B0ND';
// Inside the repository (under the git-ignored .tmp/): the bundle's package imports resolve from
// its own location to node_modules/, as they do from dist-server/.
const outDir = join(root, '.tmp', `server-bundle-test-${process.pid}`);
const dataDir = mkdtempSync(join(tmpdir(), 'tessera-bundle-'));
const db = join(dataDir, 'tessera.db');
const worker = join(outDir, 'sqlite-sql-worker.js');

let server: ChildProcess | undefined;
let output = '';
let origin = '';
let envelope: ClientEnvelope;
let appId = '';

async function waitForHealth(): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server?.exitCode !== null) throw new Error(`bundled server exited early:\n${output}`);
    const up = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    if (Date.now() > deadline) throw new Error(`bundled server did not answer within 60 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The command lines of a process's children (Linux /proc), arguments joined by spaces. */
function childCommandLines(pid: number): string[] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  return children.map((child) => readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' '));
}

/** One sealed call, its reply opened; `token` signs in. */
async function call(
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; query?: Record<string, string>; token?: string } = {},
): Promise<{ code: string; data: any }> {
  const seal = envelope.seal({ method, path, body: options.body, query: options.query, token: options.token });
  const headers: Record<string, string> = { 'x-sec-identity-id': appId, ...seal.headers };
  if (seal.body) headers['content-type'] = 'application/json';
  const search = seal.query ? `?${new URLSearchParams(seal.query)}` : '';
  const response = await fetch(`${origin}${path}${search}`, {
    method,
    headers,
    body: seal.body ? JSON.stringify(seal.body) : undefined,
  });
  return envelope.open(response.headers, await response.json(), seal.ctx, response.status) as {
    code: string;
    data: any;
  };
}

beforeAll(async () => {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs', outDir], { cwd: root, encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [join(outDir, 'main.js')], {
    cwd: root,
    env: {
      ...process.env,
      // Nothing of vitest's or tsx's loaders may reach the bundled server or its worker.
      NODE_OPTIONS: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${db}`,
      NODE_ENV: 'test',
      TESSERA_TEST_CAPTCHA: CAPTCHA,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: join(dataDir, 'no-dist'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  await waitForHealth();
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
  }
  rmSync(outDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

it('bundles the server and the SQL-mode worker with the list of sources bundled', () => {
  for (const file of ['main.js', 'main.js.map', 'sqlite-sql-worker.js', 'meta.json'])
    expect(existsSync(join(outDir, file)), file).toBe(true);
  const { sources } = JSON.parse(readFileSync(join(outDir, 'meta.json'), 'utf8')) as { sources: string[] };
  expect(sources).toEqual(
    expect.arrayContaining(['server/main.ts', 'server/common/sqlite-sql-worker.ts', 'protocol/codes.ts']),
  );
  // Packages stay in node_modules: none of their files is in the bundle.
  expect(sources.filter((source) => source.includes('node_modules'))).toEqual([]);
});

it('serves the seeded demo app, signs the admin in and runs SQL mode in the worker', async () => {
  const info = await fetch(`${origin}/api/app/demo`).then((response) => response.json());
  expect(info.code).toBe(ResultCode.SUCCESS);
  expect(info.data.encrypt).toBe(true);
  appId = info.data.id;
  envelope = new ClientEnvelope(info.data.public_key);

  const picture = await call('GET', '/api/auth/getPicCode', { query: { identify: 'demo' } });
  expect(picture.code).toBe(ResultCode.SUCCESS);
  const login = await call('POST', '/api/auth/login', {
    body: {
      identify: 'demo',
      account: 'admin',
      password: 'Tessera@2026',
      codeKey: picture.data.codeKey,
      code: CAPTCHA,
    },
  });
  expect(login.code, JSON.stringify(login)).toBe(ResultCode.SUCCESS);
  const token = login.data.token as string;

  const list = await call('POST', '/api/common/customer/list', {
    body: { isPage: true, current: 1, pageSize: 5 },
    token,
  });
  expect(list.code, JSON.stringify(list)).toBe(ResultCode.SUCCESS);
  const total = Number(list.data.total);
  expect(total).toBeGreaterThan(0);

  const sql = await call('POST', '/api/common/executeSql', {
    body: { sql: 'select count(*) as n from customer' },
    token,
  });
  expect(sql.code, `${JSON.stringify(sql)}\n${output}`).toBe(ResultCode.SUCCESS);
  expect(Number(sql.data.list[0].n)).toBe(total);
  // The statement ran in the forked worker: the bundle's .js, run by node without any loader.
  if (existsSync('/proc')) expect(childCommandLines(server!.pid!)).toEqual([`${process.execPath} ${worker} ${db}`]);
}, 60_000);

/** scripts/lib/ensure.mjs's verdict on a bundle folder, asked the way `npm start` asks it (plain node). */
function bundleIsCurrent(dir: string): boolean {
  const script = `import { serverBuildIsCurrent } from './scripts/lib/ensure.mjs'; console.log(serverBuildIsCurrent(process.argv[1]));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script, dir], { cwd: root, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.trim() === 'true';
}

it('counts a bundle stale when a source it bundled is newer or gone (npm start then rebuilds)', () => {
  const meta = join(outDir, 'meta.json');
  const { sources } = JSON.parse(readFileSync(meta, 'utf8')) as { sources: string[] };
  // Rewritten now, so a source someone saved since the build does not count against this check.
  writeFileSync(meta, JSON.stringify({ sources }));
  expect(bundleIsCurrent(outDir)).toBe(true);
  // Dated 30 years back: older than every source it lists.
  const longAgo = Date.now() / 1000 - 30 * 365 * 24 * 3600;
  utimesSync(meta, longAgo, longAgo);
  expect(bundleIsCurrent(outDir)).toBe(false);
  // Fresh again, but listing a source that no longer exists (an import moved).
  writeFileSync(meta, JSON.stringify({ sources: [...sources, 'server/no-such-file.ts'] }));
  expect(bundleIsCurrent(outDir)).toBe(false);
  writeFileSync(meta, JSON.stringify({ sources }));
  expect(bundleIsCurrent(outDir)).toBe(true);
});
