/**
 * What differs between the three databases, in one shape. Each dialect file fills it; createDb
 * (create-db.ts) picks one, and nothing else in the code asks which database it is talking to.
 */
import type { ColumnDataType, CompiledQuery, Dialect as KyselyDialect, Expression, Kysely, RawBuilder } from 'kysely';

/** A column type as Kysely's schema builder takes it (its own alias is not exported). */
export type DataTypeExpression = ColumnDataType | Expression<unknown>;

export type DialectName = 'sqlite' | 'postgres' | 'mysql';

/** A driver error, recognised and stripped of driver detail. */
export type DbFailure =
  { kind: 'duplicate'; index?: string; columns?: string[]; value?: string } | { kind: 'missingTable'; table?: string };

/**
 * The pool under load (tests/faults/slow-database.test.ts): its size, how long a request waits for
 * a connection before answering 503, and how long one statement may run (a blocked or overloaded
 * database then frees the connection instead of holding it until every request queues).
 */
export interface PoolSettings {
  size: number;
  acquireTimeoutMs: number;
  statementTimeoutMs: number;
}

export const DEFAULT_POOL: PoolSettings = { size: 10, acquireTimeoutMs: 5_000, statementTimeoutMs: 60_000 };

export interface DialectSpec {
  name: DialectName;
  /** Builds the Kysely dialect (pool or file) for a validated URL; SQLite ignores `pool`. */
  open(url: string, pool?: PoolSettings): KyselyDialect;
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
  /** SQL mode (server/common/execute-sql.ts and execute-sql-parse.ts): what differs per database. */
  sqlMode: SqlModeSpec;
  /** Aggregate queries (server/common/aggregate): date buckets and the statement time limit. */
  aggregate: AggregateSpec;
}

/** Date buckets of the aggregate contract (protocol/aggregate-query.ts). */
export type DateBucketUnit = 'day' | 'week' | 'month' | 'quarter' | 'year';

/** How aggregate queries cut dates and stop a slow statement on one database. */
export interface AggregateSpec {
  /**
   * The bucket label of a ms timestamp already shifted to wall time (read it as UTC): `2026-01-31`
   * (day; week: its Monday), `2026-01`, `2026-Q1`, `2026`.
   */
  bucket(localMs: Expression<unknown>, unit: DateBucketUnit): RawBuilder<string>;
  /**
   * Runs a compiled SELECT that the database stops after timeoutMs; undefined: the database cannot
   * stop one itself (SQLite: the caller runs it in the SQL-mode worker process, killed at the limit).
   */
  runLimited?(db: Kysely<any>, compiled: CompiledQuery, timeoutMs: number): Promise<unknown[]>;
}

/** How SQL mode reads and runs an admin's SELECT on one database. */
export interface SqlModeSpec {
  /** node-sql-parser's name for the grammar to parse with. */
  parserDatabase: string;
  /** Whether a backslash escapes the next character inside a quoted string (MySQL). */
  backslashEscapes: boolean;
  /** Whether column names are re-generated quoted: the database folds unquoted ones to lower case. */
  quoteColumns: boolean;
  quote(name: string): string;
  /** The FROM source of a table read by a CTE that carries the table's own logical name. */
  cteSource(quotedPhysical: string): string;
  /**
   * A file a separate read-only process can open, so the statement can be stopped by killing it
   * (SQLite on a file); undefined: the statement runs through `runReadOnly`.
   */
  workerFile?(url: string): string | undefined;
  /** Runs one statement read-only, stopped by the database after timeoutMs where it can. */
  runReadOnly(db: Kysely<any>, statement: string, timeoutMs: number): Promise<unknown[]>;
  /** Whether a driver error is this database's "statement stopped by its time limit". */
  isTimeout(error: unknown): boolean;
}

export function errorField(error: unknown, field: string): unknown {
  return typeof error === 'object' && error !== null ? (error as Record<string, unknown>)[field] : undefined;
}
