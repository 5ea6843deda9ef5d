/**
 * What differs between the three databases, in one shape. Each dialect file fills it; createDb
 * (create-db.ts) picks one, and nothing else in the code asks which database it is talking to.
 */
import type { ColumnDataType, CompiledQuery, Dialect as KyselyDialect, Expression, Kysely } from 'kysely';

/** A column type as Kysely's schema builder takes it (its own alias is not exported). */
export type DataTypeExpression = ColumnDataType | Expression<unknown>;

export type DialectName = 'sqlite' | 'postgres' | 'mysql';

/** A driver error, recognised and stripped of driver detail. */
export type DbFailure =
  { kind: 'duplicate'; index?: string; columns?: string[]; value?: string } | { kind: 'missingTable'; table?: string };

export interface DialectSpec {
  name: DialectName;
  /** Builds the Kysely dialect (pool or file) for a validated URL. */
  open(url: string): KyselyDialect;
  /** Case-insensitive LIKE: PostgreSQL's LIKE is case-sensitive, the others' is not. */
  likeOperator: 'like' | 'ilike';
  /** Column type for large text (schemas, rich text): MySQL's `text` stops at 64 KB. */
  bigText: DataTypeExpression;
  /** Appended to CREATE TABLE (MySQL: the character set, whatever the server default is). */
  tableOptions?: Expression<unknown>;
  /** Whether CREATE/ALTER TABLE roll back with a transaction (MySQL commits DDL implicitly). */
  transactionalDdl: boolean;
  /**
   * Creates (if missing) a unique index over `columns` that ignores soft-deleted rows, so a
   * deleted record does not block re-using its value.
   */
  ensureLiveUniqueIndex(db: Kysely<any>, table: string, index: string, columns: string[]): Promise<void>;
  /**
   * Rows of a SELECT as arrays in select order, a batch at a time, straight from the driver
   * (exports). Optional: undefined, or no answer for `db`, means Kysely's stream (batches.ts).
   */
  readBatches?(db: Kysely<any>, compiled: CompiledQuery, size: number): AsyncIterableIterator<unknown[][]> | undefined;
  /** Recognises duplicate-key and missing-table errors of this driver. */
  classifyError(error: unknown): DbFailure | undefined;
}

export function errorField(error: unknown, field: string): unknown {
  return typeof error === 'object' && error !== null ? (error as Record<string, unknown>)[field] : undefined;
}
