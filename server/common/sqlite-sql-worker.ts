/**
 * The child process that runs SQL mode statements (POST common/executeSql) on SQLite. better-sqlite3
 * is synchronous and has no interrupt (sqlite3_interrupt is not exposed in 12.x, and 13.x needs
 * Node 22), and a worker_thread cannot be terminated while it sits in a native sqlite3_step. A
 * process can: the server (sqlite-sql-worker-client.ts) sends one statement at a time and kills
 * this process with SIGKILL when the statement outlives its time limit, then forks a new one.
 *
 * The database file is opened read-only (and query_only on top), so even a statement that slipped
 * past the parser could not write. Statements arrive already checked and scoped by execute-sql.ts;
 * this file only runs them, refusing anything SQLite itself says is not a read-only query.
 *
 * Protocol (IPC, 'advanced' serialization): out `{ ready: true }` once loaded; in `{ id, sql, cap, params? }`,
 * out `{ id, rows }` or `{ id, error }` where error is a short message for the server log, never
 * shown to the user.
 */
import Database from 'better-sqlite3';
import type { SqlJob, SqlJobResult } from './sqlite-sql-worker-client';

const file = process.argv[2];
let database: Database.Database | undefined;

function open(): Database.Database {
  if (!file) throw new Error('no database file given');
  if (!database) {
    database = new Database(file, { readonly: true, fileMustExist: true });
    database.pragma('query_only = 1');
    database.pragma('busy_timeout = 1000');
  }
  return database;
}

function run(job: SqlJob): Record<string, unknown>[] {
  const statement = open().prepare(job.sql);
  if (!statement.reader || !statement.readonly) throw new Error('not a read-only query');
  const rows: Record<string, unknown>[] = [];
  for (const row of statement.iterate(...(job.params ?? [])) as Iterable<Record<string, unknown>>) {
    rows.push(row);
    if (rows.length >= job.cap) break;
  }
  return rows;
}

process.on('message', (message: SqlJob) => {
  let reply: SqlJobResult;
  try {
    reply = { id: message.id, rows: run(message) };
  } catch (error) {
    reply = { id: message.id, error: error instanceof Error ? error.message.slice(0, 500) : 'failed' };
  }
  process.send?.(reply);
});

process.send?.({ ready: true } satisfies SqlJobResult);

// The server went away (crash, restart): nothing is left to answer to.
process.on('disconnect', () => {
  database?.close();
  process.exit(0);
});
