import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
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
};
