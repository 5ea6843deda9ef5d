/**
 * A bounded cache of prepared statements for better-sqlite3 under Kysely. Kysely's SQLite driver
 * calls `prepare(sql)` for every query; preparing (parse + plan) costs more than running a short
 * indexed query, so the same SQL text reuses its statement. Kysely compiles the same query shape
 * to the same text with values bound separately, so the key space is the set of query shapes.
 *
 * Safe because: Kysely's driver runs one query at a time on its single connection (a mutex), a
 * statement still being iterated (`busy`) is never handed out again, and SQLite re-prepares a
 * statement by itself after a schema change (sqlite3_prepare_v2), so DDL needs no invalidation.
 */
import type { Database, Statement } from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

export const DEFAULT_STATEMENT_CACHE_SIZE = 256;

export interface CachedSqliteDatabase extends SqliteDatabase {
  /** Statements currently cached (for tests and diagnostics). */
  readonly cachedStatements: number;
  /**
   * Rows of a SELECT as arrays (columns in select order), from a statement of its own (never the
   * cached one, whose row mode stays objects). The caller must hold Kysely's connection while it
   * iterates: better-sqlite3 refuses other statements on a connection with an open iterator.
   */
  iterateRaw(sql: string, parameters: readonly unknown[]): IterableIterator<unknown[]>;
}

export function cachedStatements(database: Database, max = DEFAULT_STATEMENT_CACHE_SIZE): CachedSqliteDatabase {
  // Map keeps insertion order: re-inserting on a hit makes the first key the least recently used.
  const cache = new Map<string, Statement>();
  return {
    get cachedStatements() {
      return cache.size;
    },
    prepare(sql: string): SqliteStatement {
      const hit = cache.get(sql);
      if (hit && !hit.busy) {
        cache.delete(sql);
        cache.set(sql, hit);
        return hit as unknown as SqliteStatement;
      }
      const statement = database.prepare(sql);
      // A busy hit (an open iterator) stays with its reader; the fresh statement replaces it.
      if (max > 0) {
        cache.delete(sql);
        cache.set(sql, statement);
        if (cache.size > max) cache.delete(cache.keys().next().value as string);
      }
      return statement as unknown as SqliteStatement;
    },
    iterateRaw(sql, parameters) {
      return database
        .prepare(sql)
        .raw(true)
        .iterate(parameters as unknown[]) as IterableIterator<unknown[]>;
    },
    close() {
      cache.clear();
      database.close();
    },
  };
}
