/**
 * Runs an aggregate statement under the time limit (SQL_TIMEOUT_MS) on every database: the
 * dialect's own limit (DialectSpec.aggregate.runLimited: PostgreSQL, MySQL/MariaDB), or, where the
 * database cannot stop a statement (SQLite), SQL mode's worker process on the same file, killed at
 * the limit — a pool of them (sqlite-read-pool.ts), so a dashboard's widgets do not queue behind
 * each other. An in-memory SQLite database cannot be opened by another process: it runs in-process,
 * unlimited. A stopped statement answers P5003 aggregate.timeout; other failures the common API's
 * data errors. On PostgreSQL and MySQL at most AGGREGATE_CONCURRENCY statements run at once, the
 * longest known first (limiter.ts); time spent waiting counts towards the limit, as in SQLite's pool.
 */
import { availableParallelism } from 'node:os';
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
import { AggregateLimiter } from './limiter';

/**
 * `statement` may be a function: it is built when the statement starts, so that widgets asking
 * for the same rows while it waits for a worker can join it (shared.ts). `shape` names what it
 * computes whatever its values (its SQL text): the limiter ranks waiting statements by the shape's
 * last duration.
 */
export type AggregateRunner = (
  statement: CompiledQuery | (() => CompiledQuery),
  cap: number,
  table: TableInfo,
  shape?: string,
) => Promise<Row[]>;

/** Statements at once on PostgreSQL and MySQL: AGGREGATE_CONCURRENCY, else the server's cores. */
export const aggregateConcurrency = (configured?: number): number => configured ?? availableParallelism();

export function aggregateRunner(app: FastifyInstance, ctx: ServerContext): AggregateRunner {
  const timeoutMs = ctx.config.sqlTimeoutMs ?? SQL_TIMEOUT_MS;
  const { spec, db } = ctx.db;
  const runLimited = spec.aggregate.runLimited;
  const file = runLimited ? undefined : spec.sqlMode.workerFile?.(ctx.config.databaseUrl);
  const worker = file ? new SqliteReadPool(resolve(file)) : undefined;
  if (worker) app.addHook('onClose', () => worker.close());
  const limited = runLimited && {
    runLimited,
    limiter: new AggregateLimiter(aggregateConcurrency(ctx.config.aggregateConcurrency)),
  };

  const build = (statement: CompiledQuery | (() => CompiledQuery)) =>
    typeof statement === 'function' ? statement() : statement;
  return async (statement, cap, table, shape) => {
    try {
      if (worker) {
        const late = () => {
          const compiled = build(statement);
          return { sql: compiled.sql, params: [...compiled.parameters] };
        };
        return (await worker.run(late, { timeoutMs, cap })) as Row[];
      }
      if (!limited) {
        // In-memory SQLite (tests, demos): in-process, unlimited; the turn lets widgets join.
        if (typeof statement === 'function') await new Promise((next) => setImmediate(next));
        return (await db.executeQuery(build(statement))).rows as Row[];
      }
      // The limiter starts a statement one event-loop turn after it arrives at the earliest: the
      // other widgets of the dashboard, whose requests arrived with this one, reach shared.ts
      // meanwhile and join it, and the longest of them is ranked first.
      const known = shape ?? (typeof statement === 'function' ? '' : statement.sql);
      return await limited.limiter.run(known, async (waitedMs) => {
        const left = Math.floor(timeoutMs - waitedMs);
        if (left < 1) throw new SqlTimeoutError(timeoutMs);
        return (await limited.runLimited(db, build(statement), left)) as Row[];
      });
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
