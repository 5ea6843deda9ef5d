/**
 * The pool of SQLite read workers: a statement stuck in one worker does not hold the next one
 * (a dashboard's slow widget does not delay the others), and a lone statement needs one process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SqliteReadPool } from './sqlite-read-pool';
import { SqlTimeoutError } from './sqlite-sql-worker-client';

// Runs until its worker is killed: the pool's close() ends it.
const RUNAWAY = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) AS n FROM c';
let dir: string;
let file: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tessera-read-pool-'));
  file = join(dir, 'test.db');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec('create table t (id integer primary key, name text)');
  const insert = db.prepare('insert into t (name) values (?)');
  for (let i = 0; i < 5; i++) insert.run(`row ${i}`);
  db.close();
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('answers a statement while another worker is busy with a long one', async () => {
  const pool = new SqliteReadPool(file, 2);
  let runawayDone = false;
  const runaway = pool.run(RUNAWAY, { timeoutMs: 120_000, cap: 1 }).finally(() => (runawayDone = true));
  runaway.catch(() => undefined);
  try {
    // With one worker this would queue behind the runaway until its limit.
    expect(await pool.run('select count(*) as n from t', { timeoutMs: 120_000, cap: 1 })).toEqual([{ n: 5 }]);
    expect(runawayDone).toBe(false);
    expect(new Set(pool.pids).size).toBe(2);
  } finally {
    await pool.close();
  }
  await expect(runaway).rejects.toThrow(/closed/);
});

it('starts one process for statements that come one at a time', async () => {
  const pool = new SqliteReadPool(file, 2);
  try {
    for (let i = 0; i < 3; i++)
      expect(await pool.run('select name from t where id = ?', { timeoutMs: 60_000, cap: 1, params: [i + 1] })).toEqual(
        [{ name: `row ${i}` }],
      );
    expect(pool.pids).toHaveLength(1);
  } finally {
    await pool.close();
  }
});

it('gives a queued statement to whichever worker frees first, not to a busy one', async () => {
  const pool = new SqliteReadPool(file, 2);
  const runaway = pool.run(RUNAWAY, { timeoutMs: 120_000, cap: 1 });
  runaway.catch(() => undefined);
  try {
    // Four at once behind the runaway: handed out by count, two would queue behind it.
    const answers = await Promise.all(
      [1, 2, 3, 4].map((id) =>
        pool.run('select name from t where id = ?', { timeoutMs: 120_000, cap: 1, params: [id] }),
      ),
    );
    expect(answers).toEqual([[{ name: 'row 0' }], [{ name: 'row 1' }], [{ name: 'row 2' }], [{ name: 'row 3' }]]);
    expect(pool.queued).toBe(0);
  } finally {
    await pool.close();
  }
  await expect(runaway).rejects.toThrow(/closed/);
});

it('fails a statement that waits for a worker longer than its limit', async () => {
  const pool = new SqliteReadPool(file, 1);
  const runaway = pool.run(RUNAWAY, { timeoutMs: 120_000, cap: 1 });
  runaway.catch(() => undefined);
  try {
    // Its wait counts once the worker has loaded, so a short limit is not spent on the fork.
    await expect(pool.run('select 1 as one', { timeoutMs: 300, cap: 1 })).rejects.toBeInstanceOf(SqlTimeoutError);
    expect(pool.queued).toBe(0);
  } finally {
    await pool.close();
  }
  await expect(runaway).rejects.toThrow(/closed/);
});
