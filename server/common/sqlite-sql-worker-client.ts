/**
 * The server side of SQLite's SQL mode worker (sqlite-sql-worker.ts): a persistent child process,
 * forked on the first statement, that runs one statement at a time on a read-only connection to the
 * same database file. A statement that outlives its time limit gets SqlTimeoutError at once; the
 * process is killed (SIGKILL: a native sqlite3_step cannot be interrupted any other way) and the
 * next statement forks a fresh one. The server's own connection and event loop are never blocked.
 *
 * Statements queue behind the one running. A queued statement waits at most its own time limit for
 * its turn (counted once the worker has started), then fails with the same timeout, so a caller
 * never waits more than twice the limit after start-up.
 * In-memory databases cannot be opened from another process: execute-sql.ts runs those in-process.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface SqlJob {
  id: number;
  sql: string;
  /** At most this many rows are returned (the statement carries its own LIMIT too). */
  cap: number;
  /** Bound values of the statement (aggregate queries; SQL mode sends none). */
  params?: unknown[];
}

export type SqlJobResult =
  | { id: number; rows: Record<string, unknown>[] }
  | { id: number; error: string }
  /** Sent once when the worker has loaded and listens. */
  | { ready: true };

/** How long a freshly forked worker may take to load (under tsx it is compiled first) before its job fails. */
const STARTUP_LIMIT_MS = 30_000;

/** The statement ran past its time limit (or could not start within it) and was stopped. */
export class SqlTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`statement stopped after ${timeoutMs} ms`);
    this.name = 'SqlTimeoutError';
  }
}

interface Pending {
  job: SqlJob;
  timeoutMs: number;
  timer?: NodeJS.Timeout;
  resolve(rows: Record<string, unknown>[]): void;
  reject(error: Error): void;
}

/**
 * Where the worker is and how to start it. Under tsx or vitest this module is its own .ts file and
 * the worker is the .ts next to it, loaded through tsx (resolved on the first fork, so a server that
 * never runs SQL mode never needs it). In the bundle `npm start` runs (scripts/build-server.mjs),
 * this code lives in dist-server/main.js and the worker is the second entry point beside it, plain
 * JavaScript run by node alone.
 */
function workerEntry(): { file: string; execArgv: string[] } {
  if (import.meta.url.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    return { file: fileURLToPath(new URL('./sqlite-sql-worker.ts', import.meta.url)), execArgv: ['--import', tsx] };
  }
  return { file: fileURLToPath(new URL('./sqlite-sql-worker.js', import.meta.url)), execArgv: [] };
}

export class SqliteSqlWorker {
  private child?: ChildProcess;
  /** The current child has loaded: a statement's time limit only counts from then. */
  private ready = false;
  private running?: Pending;
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;
  /** Processes forked and killed for a timeout, for tests and diagnostics. */
  readonly stats = { forked: 0, killed: 0 };

  /**
   * `file`: the SQLite database file (absolute, or relative to the server's working directory).
   * `onReady`: called each time a forked process has loaded (the pool starts its queue's waits then).
   */
  constructor(
    private readonly file: string,
    private readonly onReady?: () => void,
  ) {}

  /** Statements running or waiting here: the pool (sqlite-read-pool.ts) sends the next to the least loaded. */
  get load(): number {
    return (this.running ? 1 : 0) + this.queue.length;
  }

  /**
   * The worker's process has loaded (or none is running yet, so nothing is loading): the pool
   * (sqlite-read-pool.ts) starts a queued statement's wait only when no busy worker is starting up.
   */
  get started(): boolean {
    return !this.child || this.ready;
  }

  /** The worker's process id, if one is running. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  run(
    sql: string,
    options: { timeoutMs: number; cap: number; params?: unknown[] },
  ): Promise<Record<string, unknown>[]> {
    if (this.closed) return Promise.reject(new Error('SQL worker closed'));
    return new Promise((resolve, reject) => {
      const pending: Pending = {
        job: { id: this.nextId++, sql, cap: options.cap, ...(options.params ? { params: options.params } : {}) },
        timeoutMs: options.timeoutMs,
        resolve,
        reject,
      };
      this.queue.push(pending);
      if (this.ready) this.startQueueLimit(pending);
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) this.settle(pending, new Error('SQL worker closed'));
    if (this.running) this.settle(this.running, new Error('SQL worker closed'));
    this.running = undefined;
    this.stop();
  }

  private pump(): void {
    if (this.running || this.closed) return;
    const pending = this.queue.shift();
    if (!pending) return;
    clearTimeout(pending.timer);
    this.running = pending;
    let child: ChildProcess;
    try {
      child = this.ensureChild();
    } catch (error) {
      this.finish(pending, error instanceof Error ? error : new Error(String(error)));
      return;
    }
    // Forking and loading the worker is not the statement's time: its limit starts once the
    // worker is ready (a short SQL_TIMEOUT_MS would otherwise kill every fresh worker).
    if (this.ready) this.startLimit(pending);
    else {
      pending.timer = setTimeout(() => {
        if (this.running !== pending) return;
        this.stop();
        this.finish(pending, new Error('SQL worker did not start'));
      }, STARTUP_LIMIT_MS);
    }
    child.send(pending.job, (error) => {
      if (error && this.running === pending) this.finish(pending, error);
    });
  }

  /**
   * A queued statement's wait counts from when the worker is ready: a fresh worker's start-up
   * (seconds under tsx on a loaded machine) must not fail the statements queued behind the first.
   */
  private startQueueLimit(pending: Pending): void {
    pending.timer = setTimeout(() => {
      const at = this.queue.indexOf(pending);
      if (at < 0) return;
      this.queue.splice(at, 1);
      pending.reject(new SqlTimeoutError(pending.timeoutMs));
    }, pending.timeoutMs);
  }

  private startLimit(pending: Pending): void {
    clearTimeout(pending.timer);
    pending.timer = setTimeout(() => {
      if (this.running !== pending) return;
      this.stats.killed++;
      this.stop();
      this.finish(pending, new SqlTimeoutError(pending.timeoutMs));
    }, pending.timeoutMs);
  }

  private ensureChild(): ChildProcess {
    if (this.child) return this.child;
    const worker = workerEntry();
    const child = fork(worker.file, [this.file], {
      execArgv: worker.execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    this.stats.forked++;
    this.ready = false;
    child.on('message', (message: SqlJobResult) => {
      if (this.child !== child) return;
      if ('ready' in message) {
        this.ready = true;
        if (this.running) this.startLimit(this.running);
        for (const queued of this.queue) if (!queued.timer) this.startQueueLimit(queued);
        this.onReady?.();
        return;
      }
      const pending = this.running;
      if (this.child !== child || !pending || pending.job.id !== message.id) return;
      this.finish(pending, 'error' in message ? new Error(message.error) : message.rows);
    });
    const gone = (error: Error) => {
      if (this.child !== child) return;
      this.child = undefined;
      if (this.running) this.finish(this.running, error);
    };
    child.on('error', gone);
    child.on('exit', (code, signal) => gone(new Error(`SQL worker exited (${signal ?? code})`)));
    // An idle worker must not keep the server (or a test run) alive on its own.
    child.unref();
    child.channel?.unref();
    this.child = child;
    return child;
  }

  private stop(): void {
    const child = this.child;
    this.child = undefined;
    child?.kill('SIGKILL');
  }

  private finish(pending: Pending, outcome: Error | Record<string, unknown>[]): void {
    this.running = undefined;
    this.settle(pending, outcome);
    this.pump();
  }

  private settle(pending: Pending, outcome: Error | Record<string, unknown>[]): void {
    clearTimeout(pending.timer);
    if (outcome instanceof Error) pending.reject(outcome);
    else pending.resolve(outcome);
  }
}
