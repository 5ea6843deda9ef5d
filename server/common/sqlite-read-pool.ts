/**
 * A few SQLite SQL workers (sqlite-sql-worker-client.ts) on the same database file, so that the
 * statements of one dashboard — twelve widgets asking at once — run side by side instead of one
 * after the other. Each worker is a read-only connection in its own process; WAL lets readers run
 * beside each other and beside the server's one writer. Each keeps its own time limit and is
 * killed alone when a statement outlives it.
 *
 * One queue for the pool: a statement goes to an idle worker, else waits in the pool's queue and
 * goes to whichever worker frees first. Handing statements out to the workers' own queues as
 * they arrive (the least loaded one) split a dashboard by count, not by cost: the worker that got
 * the slow top-N also got half the rest behind it while the other sat idle (docs/benchmarks-log.md,
 * "Dashboard, 12 widgets", session 2). Workers fork on demand (the second only when the first is
 * busy), so a server that runs one query at a time has one process. The size is the machine's
 * cores, at most MAX_READ_WORKERS: more processes than cores only share the same CPU and cost
 * memory (a worker is a Node process, ~40 MB).
 *
 * A queued statement waits at most its own time limit for a worker, then fails with
 * SqlTimeoutError, as in a single worker's queue. The wait counts once no busy worker is still
 * starting up (forking and loading a worker takes seconds under tsx on a loaded machine).
 */
import { availableParallelism } from 'node:os';
import { SqliteSqlWorker, SqlTimeoutError } from './sqlite-sql-worker-client';

export const MAX_READ_WORKERS = 4;

export const defaultReadWorkers = (): number => Math.max(1, Math.min(MAX_READ_WORKERS, availableParallelism()));

type RunOptions = { timeoutMs: number; cap: number; params?: unknown[] };

/** A statement built when a worker takes it (aggregate/shared.ts adds to it while it waits). */
export type LateStatement = () => { sql: string; params: unknown[] };

interface Queued {
  statement: string | LateStatement;
  options: RunOptions;
  timer?: NodeJS.Timeout;
  resolve(rows: Record<string, unknown>[]): void;
  reject(error: Error): void;
}

export class SqliteReadPool {
  private readonly workers: SqliteSqlWorker[];
  private readonly queue: Queued[] = [];
  private closed = false;

  constructor(file: string, size = defaultReadWorkers()) {
    this.workers = Array.from({ length: Math.max(1, size) }, () => new SqliteSqlWorker(file, () => this.pump()));
  }

  /** The workers' process ids (those running), for tests and diagnostics. */
  get pids(): number[] {
    return this.workers.flatMap((worker) => (worker.pid === undefined ? [] : [worker.pid]));
  }

  /** Statements waiting for a worker (not those running), for tests and diagnostics. */
  get queued(): number {
    return this.queue.length;
  }

  /**
   * Runs `statement` on a worker; a function is called only when a worker takes it, and its
   * params replace `options.params`.
   */
  run(statement: string | LateStatement, options: RunOptions): Promise<Record<string, unknown>[]> {
    if (this.closed) return Promise.reject(new Error('SQL worker closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ statement, options, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const queued of this.queue.splice(0)) {
      clearTimeout(queued.timer);
      queued.reject(new Error('SQL worker closed'));
    }
    await Promise.all(this.workers.map((worker) => worker.close()));
  }

  /** Hands queued statements to idle workers; starts the wait of those left over. */
  private pump(): void {
    for (;;) {
      // The first idle worker: a second process starts only when the first is busy.
      const worker = this.workers.find((w) => w.load === 0);
      const next = worker && this.queue.shift();
      if (!worker || !next) break;
      clearTimeout(next.timer);
      let sql: string;
      let options = next.options;
      try {
        if (typeof next.statement === 'string') sql = next.statement;
        else {
          const built = next.statement();
          sql = built.sql;
          options = { ...options, params: built.params };
        }
      } catch (error) {
        next.reject(error instanceof Error ? error : new Error(String(error)));
        continue;
      }
      worker
        .run(sql, options)
        .then(next.resolve, next.reject)
        .finally(() => this.pump());
    }
    if (!this.workers.every((worker) => worker.started)) return;
    for (const queued of this.queue) if (!queued.timer) this.startWait(queued);
  }

  private startWait(queued: Queued): void {
    queued.timer = setTimeout(() => {
      const at = this.queue.indexOf(queued);
      if (at < 0) return;
      this.queue.splice(at, 1);
      queued.reject(new SqlTimeoutError(queued.options.timeoutMs));
    }, queued.options.timeoutMs);
  }
}
