/**
 * Runs an aggregate statement under the time limit (SQL_TIMEOUT_MS) on every database: the
 * dialect's own limit (DialectSpec.aggregate.runLimited: PostgreSQL, MySQL/MariaDB), or, where the
 * database cannot stop a statement (SQLite), SQL mode's worker process on the same file, killed at
 * the limit — a pool of them (sqlite-read-pool.ts), so a dashboard's widgets do not queue behind
 * each other. An in-memory SQLite database cannot be opened by another process: it runs in-process,
 * unlimited. A stopped statement answers P5003 aggregate.timeout; other failures the common API's
 * data errors.
 */
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { CompiledQuery } from 'kysely';
import { ResultCode } from '../../../protocol/codes';
import type { ServerContext } from '../../context';
import { ApiError } from '../../errors';
import type { TableInfo } from '../../modules/table-info';
import { toDataError } from '../db-errors';
import { SQL_TIMEOUT_MS } from '../execute-sql';
import { SqliteReadPool } from '../sqlite-read-pool';
import { SqlTimeoutError } from '../sqlite-sql-worker-client';
import type { Row } from '../values';

/**
 * `statement` may be a function: it is built when the statement starts, so that widgets asking
 * for the same rows while it waits for a worker can join it (shared.ts).
 */
export type AggregateRunner = (
  statement: CompiledQuery | (() => CompiledQuery),
  cap: number,
  table: TableInfo,
) => Promise<Row[]>;

export function aggregateRunner(app: FastifyInstance, ctx: ServerContext): AggregateRunner {
  const timeoutMs = ctx.config.sqlTimeoutMs ?? SQL_TIMEOUT_MS;
  const { spec, db } = ctx.db;
  const runLimited = spec.aggregate.runLimited;
  const file = runLimited ? undefined : spec.sqlMode.workerFile?.(ctx.config.databaseUrl);
  const worker = file ? new SqliteReadPool(resolve(file)) : undefined;
  if (worker) app.addHook('onClose', () => worker.close());

  const build = (statement: CompiledQuery | (() => CompiledQuery)) =>
    typeof statement === 'function' ? statement() : statement;
  return async (statement, cap, table) => {
    try {
      if (worker) {
        const late = () => {
          const compiled = build(statement);
          return { sql: compiled.sql, params: [...compiled.parameters] };
        };
        return (await worker.run(late, { timeoutMs, cap })) as Row[];
      }
      // A statement built late waits one turn of the event loop first: the other widgets of the
      // dashboard, whose requests arrived with this one, reach shared.ts in that turn and join it
      // (on PostgreSQL and MySQL nothing else queues, so without the turn nothing would share).
      if (typeof statement === 'function') await new Promise((next) => setImmediate(next));
      const compiled = build(statement);
      if (runLimited) return (await runLimited(db, compiled, timeoutMs)) as Row[];
      return (await db.executeQuery(compiled)).rows as Row[];
    } catch (error) {
      if (error instanceof SqlTimeoutError || spec.sqlMode.isTimeout(error)) {
        const failure = new ApiError(ResultCode.DATA_ERROR, 'aggregate.timeout', { seconds: timeoutMs / 1000 });
        failure.cause = error;
        throw failure;
      }
      throw toDataError(error, ctx.db, table);
    }
  };
}
