/**
 * Rows of a large SELECT as arrays (columns in select order), a batch at a time: the dialect's own
 * reader when it has one (SQLite: sqlite-batches.ts), else Kysely's stream — a PostgreSQL cursor
 * reads `size` rows per round trip, MySQL streams its result — regrouped into arrays.
 */
import type { CompiledQuery, Kysely } from 'kysely';
import type { DialectSpec } from './types';

export function rowBatches(
  db: Kysely<any>,
  spec: DialectSpec,
  compiled: CompiledQuery,
  size: number,
  columns: readonly string[],
): AsyncIterableIterator<unknown[][]> {
  return spec.readBatches?.(db, compiled, size) ?? streamBatches(db, compiled, size, columns);
}

async function* streamBatches(
  db: Kysely<any>,
  compiled: CompiledQuery,
  size: number,
  columns: readonly string[],
): AsyncIterableIterator<unknown[][]> {
  let batch: unknown[][] = [];
  for await (const result of db.getExecutor().stream(compiled, size)) {
    for (const row of result.rows as Record<string, unknown>[]) {
      batch.push(columns.map((c) => row[c]));
      if (batch.length === size) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length > 0) yield batch;
}
