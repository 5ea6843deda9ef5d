/**
 * The SQLite SQL worker: statements run in a child process on a read-only connection; a runaway
 * statement is killed at its limit (the process really ends) and the next one gets a fresh process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SqliteSqlWorker, SqlTimeoutError } from './sqlite-sql-worker-client';

const RUNAWAY = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) AS n FROM c';
let dir: string;
let file: string;
let worker: SqliteSqlWorker;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tessera-sql-worker-'));
  file = join(dir, 'test.db');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec('create table t (id integer primary key, name text)');
  const insert = db.prepare('insert into t (name) values (?)');
  for (let i = 0; i < 20; i++) insert.run(`row ${i}`);
  db.close();
  worker = new SqliteSqlWorker(file);
});

afterAll(async () => {
  await worker.close();
  rmSync(dir, { recursive: true, force: true });
});

it('runs a SELECT in another process and returns at most cap rows', async () => {
  const rows = await worker.run('select id, name from t order by id', { timeoutMs: 5000, cap: 3 });
  expect(rows).toEqual([
    { id: 1, name: 'row 0' },
    { id: 2, name: 'row 1' },
    { id: 3, name: 'row 2' },
  ]);
  expect(worker.pid).toBeGreaterThan(0);
  expect(worker.pid).not.toBe(process.pid);
});

it('refuses writes: the worker’s connection is read-only', async () => {
  await expect(worker.run("update t set name = 'x'", { timeoutMs: 5000, cap: 10 })).rejects.toThrow(/read-only/);
  await expect(
    worker.run('insert into t (name) values (1) returning id', { timeoutMs: 5000, cap: 10 }),
  ).rejects.toThrow();
  const rows = await worker.run("select count(*) as n from t where name = 'x' or name = '1'", {
    timeoutMs: 5000,
    cap: 1,
  });
  expect(rows).toEqual([{ n: 0 }]);
});

it('kills a runaway statement at its limit and serves the next one from a fresh process', async () => {
  const first = worker.pid!;
  const killed = worker.stats.killed;
  const runaway = worker.run(RUNAWAY, { timeoutMs: 500, cap: 1 });
  // A statement queued behind it waits at most its own limit, then fails the same way.
  const queued = worker.run('select 1 as one', { timeoutMs: 200, cap: 1 });
  await expect(queued).rejects.toBeInstanceOf(SqlTimeoutError);
  await expect(runaway).rejects.toBeInstanceOf(SqlTimeoutError);
  expect(worker.stats.killed).toBe(killed + 1);
  await expect.poll(() => alive(first)).toBe(false);
  expect(await worker.run('select count(*) as n from t', { timeoutMs: 5000, cap: 1 })).toEqual([{ n: 20 }]);
  expect(worker.pid).not.toBe(first);
});

it('does not count the worker’s start-up against a short limit', async () => {
  const fresh = new SqliteSqlWorker(file);
  try {
    // Forking and loading the worker takes longer than this limit; the statement itself does not.
    expect(await fresh.run('select count(*) as n from t', { timeoutMs: 250, cap: 1 })).toEqual([{ n: 20 }]);
    expect(fresh.stats).toEqual({ forked: 1, killed: 0 });
  } finally {
    await fresh.close();
  }
});

it('does not count the worker’s start-up against statements queued behind the first', async () => {
  const fresh = new SqliteSqlWorker(file);
  try {
    // Three at once on a worker still loading (a dashboard's widgets on a fresh server).
    const answers = await Promise.all(
      [1, 2, 3].map((id) => fresh.run('select name from t where id = ?', { timeoutMs: 250, cap: 1, params: [id] })),
    );
    expect(answers).toEqual([[{ name: 'row 0' }], [{ name: 'row 1' }], [{ name: 'row 2' }]]);
  } finally {
    await fresh.close();
  }
});

it('fails clearly when the database file does not exist', async () => {
  const missing = new SqliteSqlWorker(join(dir, 'missing.db'));
  try {
    await expect(missing.run('select 1', { timeoutMs: 5000, cap: 1 })).rejects.toThrow();
  } finally {
    await missing.close();
  }
});
