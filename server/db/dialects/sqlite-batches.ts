/**
 * Rows of a large SELECT in batches straight from better-sqlite3 (exports): the statement's own
 * iterator in raw (array) mode, read synchronously a batch at a time. Kysely's .stream() yields
 * one row per step through three async generators and builds an object per row; for 100k rows
 * that was a large share of an export's CPU.
 *
 * The database behind a Kysely instance is found through its dialect adapter, which Kysely keeps
 * for the life of the instance (and hands to its transactions): the dialect registers it when
 * Kysely creates it. The iterator runs while Kysely's single SQLite connection is held, as
 * Kysely's own stream does, so no other statement runs on it in between.
 */
import { SqliteDialect, type CompiledQuery, type DialectAdapter, type Kysely } from 'kysely';
import type { CachedSqliteDatabase } from './sqlite-statements';

const databases = new WeakMap<DialectAdapter, CachedSqliteDatabase>();

/** SqliteDialect that remembers which database its Kysely instance reads. */
export class BatchingSqliteDialect extends SqliteDialect {
  readonly #database: CachedSqliteDatabase;

  constructor(database: CachedSqliteDatabase) {
    super({ database });
    this.#database = database;
  }

  override createAdapter(): DialectAdapter {
    const adapter = super.createAdapter();
    databases.set(adapter, this.#database);
    return adapter;
  }
}

/** Batches of rows as arrays, or undefined when `db` was not opened by BatchingSqliteDialect. */
export function sqliteBatches(
  db: Kysely<any>,
  compiled: CompiledQuery,
  size: number,
): AsyncIterableIterator<unknown[][]> | undefined {
  const executor = db.getExecutor();
  const database = databases.get(executor.adapter);
  if (!database) return undefined;
  return (async function* () {
    let release!: () => void;
    let acquired!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const ready = new Promise<void>((resolve) => (acquired = resolve));
    const holding = executor.provideConnection(async () => {
      acquired();
      await released;
    });
    try {
      await Promise.race([ready, holding]);
      const rows = database.iterateRaw(compiled.sql, compiled.parameters);
      try {
        for (;;) {
          const batch: unknown[][] = [];
          for (let next = rows.next(); !next.done; next = rows.next()) {
            batch.push(next.value);
            if (batch.length === size) break;
          }
          if (batch.length > 0) yield batch;
          if (batch.length < size) return;
        }
      } finally {
        rows.return?.();
      }
    } finally {
      release();
      await holding;
    }
  })();
}
