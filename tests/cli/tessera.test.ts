/**
 * The `tessera` command run as a child process, as a developer or an operator runs it: schema
 * check/migrate against fixtures, and app create / user reset-password against a real database
 * a test server runs on (once per TEST_DATABASES), proven by signing in afterwards.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LATEST_SCHEMA_VERSION } from '../../runtime/core/migrate';
import { ADMIN, startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const ROOT = resolve(__dirname, '..', '..');
// Each case starts the CLI (tsx compiling TypeScript on the way) several times; on a shared 2-core
// machine one start can take seconds.
vi.setConfig({ testTimeout: 120_000 });
const BIN = join(ROOT, 'bin', 'tessera.mjs');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function tessera(args: string[], options: { env?: Record<string, string>; input?: string } = {}): Promise<Run> {
  return new Promise((done) => {
    const child = execFile(
      process.execPath,
      [BIN, ...args],
      { cwd: ROOT, env: { ...process.env, ...options.env }, timeout: 60_000 },
      (error, stdout, stderr) =>
        done({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
    child.stdin?.end(options.input ?? '');
  });
}

describe('tessera --help and usage', () => {
  it('lists the commands, prints each command help, and rejects unknown commands and flags', async () => {
    const top = await tessera(['--help']);
    expect(top.code).toBe(0);
    for (const name of ['schema check', 'schema migrate', 'app create', 'user reset-password'])
      expect(top.stdout).toContain(name);
    const help = await tessera(['user', 'reset-password', '--help']);
    expect(help).toMatchObject({ code: 0 });
    expect(help.stdout).toContain('--password-stdin');
    const unknown = await tessera(['schema', 'frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command "schema frobnicate"');
    const flag = await tessera(['schema', 'check', '--colour']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toMatch(/--colour/);
  });
});

describe('tessera schema check', () => {
  it('passes the committed fixtures', async () => {
    const run = await tessera(['schema', 'check', 'fixtures/pages', 'schemas/pages']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/file\(s\), 0 problem\(s\)/);
  });

  it('fails a broken page with file:pointer messages', async () => {
    const run = await tessera(['schema', 'check', 'fixtures/pages/bad-page.invalid.json']);
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line).toMatch(/^fixtures\/pages\/bad-page\.invalid\.json:\/\S* \S/);
    expect(run.stderr).toContain(':/schemaVersion ');
  });

  it('names a missing file as a usage error', async () => {
    const run = await tessera(['schema', 'check', 'no/such/page.json']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('no such file or folder: no/such/page.json');
  });
});

describe('tessera schema migrate', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'tessera-cli-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('rewrites an old page to the latest schemaVersion, and then it checks clean', async () => {
    const file = join(dir, 'old.page.json');
    copyFileSync(join(ROOT, 'fixtures/migrations/0002-field-ids/before.json'), file);
    const before = JSON.parse(readFileSync(file, 'utf8'));
    expect(before.schemaVersion).toBeLessThan(LATEST_SCHEMA_VERSION);
    const run = await tessera(['schema', 'migrate', file]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`${before.schemaVersion} → ${LATEST_SCHEMA_VERSION}`);
    expect(JSON.parse(readFileSync(file, 'utf8')).schemaVersion).toBe(LATEST_SCHEMA_VERSION);
    const again = await tessera(['schema', 'migrate', file]);
    expect(again.stdout).toContain('1 file(s), 0 migrated');
  });
});

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });
  const env = () => ({ DATABASE_URL: database.url, LOG_LEVEL: 'silent' });

  it('user reset-password: a generated password is printed once and signs in; the old one and old sessions no longer work', async () => {
    const before = await t.signIn('admin', ADMIN.password);
    expect((await t.request({ url: '/api/auth/userInfo', token: before })).body.code).toBe('200');
    const run = await tessera(['user', 'reset-password', '--app', 'demo', '--account', 'admin'], { env: env() });
    expect(run.stderr).toContain('password of admin in demo reset');
    expect(run.code).toBe(0);
    const password = run.stdout.trim();
    expect(password).toMatch(/^\S{12,}$/);
    expect(run.stderr).not.toContain(password);
    expect((await t.request({ url: '/api/auth/userInfo', token: before })).body.code).toBe('P4007');
    await expect(t.signIn('admin', ADMIN.password)).rejects.toThrow(/sign-in failed/);
    expect(await t.signIn('admin', password)).toEqual(expect.any(String));
  });

  it('user reset-password: --password-stdin sets the given password and prints no secret', async () => {
    const run = await tessera(['user', 'reset-password', '--app', 'demo', '--account', 'admin', '--password-stdin'], {
      env: env(),
      input: `${ADMIN.password}\n`,
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    expect(`${run.stdout}${run.stderr}`).not.toContain(ADMIN.password);
    expect(await t.signIn('admin', ADMIN.password)).toEqual(expect.any(String));
  });

  it('user reset-password: an unknown user or app fails clearly and changes nothing', async () => {
    const user = await tessera(['user', 'reset-password', '--app', 'demo', '--account', 'nobody'], { env: env() });
    expect(user.code).toBe(1);
    expect(user.stderr).toContain('no user "nobody" in app "demo"');
    expect(user.stdout).toBe('');
    const app = await tessera(['user', 'reset-password', '--app', 'nope', '--account', 'admin'], { env: env() });
    expect(app.code).toBe(1);
    expect(app.stderr).toContain('no app "nope"');
    const missing = await tessera(['user', 'reset-password', '--account', 'admin'], { env: env() });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--app (or TESSERA_APP) is required');
    expect(await t.signIn('admin', ADMIN.password)).toEqual(expect.any(String));
  });

  it('app create: seeds a new app from the demo template whose admin signs in; a second create fails', async () => {
    const run = await tessera(['app', 'create', '--identify', 'acme', '--title', 'ACME'], { env: env() });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(await t.signIn(ADMIN.account, ADMIN.password, 'acme')).toEqual(expect.any(String));
    const row = await t.db.db
      .selectFrom(t.tables.app)
      .select(['title', 'encrypt'])
      .where('identify', '=', 'acme')
      .executeTakeFirstOrThrow();
    expect(row.title).toBe('ACME');
    expect(Number(row.encrypt)).toBe(0);
    const again = await tessera(['app', 'create', '--identify', 'acme'], { env: env() });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('app "acme" already exists');
    const bad = await tessera(['app', 'create', '--identify', 'Bad Name'], { env: env() });
    expect(bad.code).toBe(2);
  });
});
