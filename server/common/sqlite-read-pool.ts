/**
 * A few SQLite SQL workers (sqlite-sql-worker-client.ts) on the same database file, so that the
 * statements of one dashboard — twelve widgets asking at once — run side by side instead of one
 * after the other. Each worker is a read-only connection in its own process; WAL lets readers run
 * beside each other and beside the server's one writer. Each keeps its own time limit and is
 * killed alone when a statement outlives it.
 *
 * A statement goes to an idle worker, else to the least loaded one. Workers fork on demand (the
 * second only when the first is busy), so a server that runs one query at a time has one process.
 * The size is the machine's cores, at most MAX_READ_WORKERS: more processes than cores only
 * share the same CPU and cost memory (a worker is a Node process, ~40 MB).
 */
import { availableParallelism } from 'node:os';
import { SqliteSqlWorker } from './sqlite-sql-worker-client';

export const MAX_READ_WORKERS = 4;

export const defaultReadWorkers = (): number => Math.max(1, Math.min(MAX_READ_WORKERS, availableParallelism()));

export class SqliteReadPool {
  private readonly workers: SqliteSqlWorker[];

  constructor(file: string, size = defaultReadWorkers()) {
    this.workers = Array.from({ length: Math.max(1, size) }, () => new SqliteSqlWorker(file));
  }

  /** The workers' process ids (those running), for tests and diagnostics. */
  get pids(): number[] {
    return this.workers.flatMap((worker) => (worker.pid === undefined ? [] : [worker.pid]));
  }

  run(
    sql: string,
    options: { timeoutMs: number; cap: number; params?: unknown[] },
  ): Promise<Record<string, unknown>[]> {
    // Ties go to the first: a second process starts only when the first is busy.
    const worker = this.workers.reduce((best, next) => (next.load < best.load ? next : best));
    return worker.run(sql, options);
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.close()));
  }
}
