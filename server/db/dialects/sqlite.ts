import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { BatchingSqliteDialect, sqliteBatches } from './sqlite-batches';
import { cachedStatements } from './sqlite-statements';
import { errorField, type DialectSpec } from './types';

/** `sqlite:./data/x.db`, `sqlite:/abs/x.db`, `sqlite:///abs/x.db` or `sqlite::memory:`. */
export function sqliteFile(url: string): string {
  const rest = url.slice('sqlite:'.length);
  if (rest === ':memory:') return rest;
  return rest.startsWith('//') ? rest.slice(2) : rest;
}

export const sqlite: DialectSpec = {
  name: 'sqlite',
  open(url) {
    const file = sqliteFile(url);
    if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
    const database = new Database(file);
    // WAL lets readers run beside the one writer; busy_timeout makes a second writer wait
    // instead of failing at once.
    if (file !== ':memory:') database.pragma('journal_mode = WAL');
    // In WAL mode NORMAL syncs at checkpoints, not at every commit: a commit survives the process
    // being killed (it is in the WAL file) and the database is never corrupted; a power loss may
    // drop the last commits. FULL made every commit wait for an fsync (0.5-12 ms here) while
    // better-sqlite3 holds the event loop: every stream and request waited with it
    // (docs/decisions.md "SQLite commits").
    database.pragma('synchronous = NORMAL');
    database.pragma('busy_timeout = 5000');
    database.pragma('foreign_keys = ON');
    // Prepared statements are reused by SQL text (sqlite-statements.ts); exports read the database
    // in batches (sqlite-batches.ts).
    return new BatchingSqliteDialect(cachedStatements(database));
  },
  likeOperator: 'like',
  bigText: 'text',
  transactionalDdl: true,
  readBatches: sqliteBatches,
  async ensureLiveUniqueIndex(db, table, index, columns) {
    await db.schema
      .createIndex(index)
      .ifNotExists()
      .unique()
      .on(table)
      .columns(columns)
      .where(sql.ref('is_deleted'), '=', 0)
      .execute();
  },
  classifyError(error) {
    const code = String(errorField(error, 'code') ?? '');
    const message = String(errorField(error, 'message') ?? '');
    if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
      // "UNIQUE constraint failed: t.app_id, t.name"
      const list = message.split('failed:')[1] ?? '';
      const columns = list
        .split(',')
        .map((c) => c.trim().split('.').pop() ?? '')
        .filter(Boolean);
      return { kind: 'duplicate', columns };
    }
    const missing = /no such table: (?:\w+\.)?(\w+)/.exec(message);
    if (missing) return { kind: 'missingTable', table: missing[1] };
    return undefined;
  },
  sqlMode: {
    parserDatabase: 'sqlite',
    quoteColumns: false,
    backslashEscapes: false,
    quote: (name) => `"${name}"`,
    // SQLite reads a CTE's own name inside it as a (recursive) self-reference: name the schema.
    cteSource: (quoted) => `main.${quoted}`,
    workerFile(url) {
      const file = sqliteFile(url);
      return file === ':memory:' ? undefined : file;
    },
    // In-memory database, which only the server's own connection can see: query_only on for
    // exactly this statement, whatever it throws, and no time limit.
    runReadOnly: (db, statement) =>
      db.connection().execute(async (conn: Kysely<any>) => {
        await sql`pragma query_only = 1`.execute(conn);
        try {
          return (await sql.raw(statement).execute(conn)).rows;
        } finally {
          await sql`pragma query_only = 0`.execute(conn);
        }
      }),
    // The worker process's time limit is reported by the worker client itself.
    isTimeout: () => false,
  },
  // No runLimited: better-sqlite3 cannot interrupt a statement, so aggregate queries on a file run in
  // SQL mode's worker process, killed at the limit (server/common/aggregate/run.ts).
  aggregate: {
    bucket(localMs, unit) {
      const at = sql`(${localMs} / 1000), 'unixepoch'`;
      if (unit === 'week') return sql<string>`strftime('%Y-%m-%d', ${at}, 'weekday 0', '-6 days')`;
      if (unit === 'quarter')
        return sql<string>`(strftime('%Y', ${at}) || '-Q' || ((cast(strftime('%m', ${at}) as integer) + 2) / 3))`;
      return sql<string>`strftime(${sql.lit(SQLITE_BUCKET[unit])}, ${at})`;
    },
  },
};

const SQLITE_BUCKET = { day: '%Y-%m-%d', month: '%Y-%m', year: '%Y' } as const;
