/**
 * The scheduler: each instance runs the same task definitions on croner timers, and every timer
 * firing asks the lease (lease.ts) whether this instance runs that scheduled time. So with N
 * instances on one database each tick runs once; if the runner dies mid-run, its claim expires
 * after the task's timeout plus LEASE_MARGIN_MS and the next tick runs elsewhere.
 *
 * A run gets an AbortSignal and `timeoutMs`; past it the run is recorded as `timeout`, the claim is
 * released and the scheduler goes on (an action that ignores the signal is abandoned, not awaited).
 * Missed ticks after downtime follow the task's policy on start: `skip`, or `runOnce` (the latest
 * missed time runs once, whatever the number missed).
 */
import { randomUUID } from 'node:crypto';
import { Cron } from 'croner';
import { previousTick } from './cron';
import type { LeaseStore } from './lease';

/** Added to a task's timeout for its claim, so a slow but finishing run is never run twice. */
export const LEASE_MARGIN_MS = 30_000;

export interface TaskDefinition {
  /** Unique across the deployment: the lease row's key. */
  name: string;
  /** A croner pattern (5 fields, or 6 with seconds). */
  pattern: string;
  timezone: string;
  timeoutMs: number;
  missed: 'skip' | 'runOnce';
  /** The work; its resolved text is kept as the run's output. */
  run(signal: AbortSignal): Promise<string | void>;
}

export interface SchedulerLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export type FireResult = 'ran' | 'skipped';

class RunTimeout extends Error {}

export class Scheduler {
  /** This instance's name in lease rows and run history. */
  readonly holder: string;
  private readonly tasks = new Map<string, TaskDefinition>();
  private readonly timers = new Map<string, Cron>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly now: () => number;
  private stopped = false;
  private running = false;

  constructor(
    private readonly store: LeaseStore,
    private readonly log: SchedulerLog,
    options: { holder?: string; now?: () => number } = {},
  ) {
    this.holder = options.holder ?? `i-${randomUUID().slice(0, 8)}`;
    this.now = options.now ?? Date.now;
  }

  define(task: TaskDefinition): void {
    if (this.tasks.has(task.name)) throw new Error(`Task "${task.name}" is defined twice`);
    this.tasks.set(task.name, task);
  }

  /**
   * Defines a task or replaces its definition, at any time (the Task page's tasks come and go while
   * the app runs). After start its lease row is made and its timer (re)started; a run in progress
   * finishes under the old definition.
   */
  async put(task: TaskDefinition): Promise<void> {
    this.remove(task.name);
    this.tasks.set(task.name, task);
    if (!this.running || this.stopped) return;
    await this.store.ensure(task.name);
    if (this.tasks.get(task.name) === task && !this.stopped) this.arm(task);
  }

  /** Stops a task's timer and forgets it (its lease row and history stay). */
  remove(name: string): void {
    this.timers.get(name)?.stop();
    this.timers.delete(name);
    this.tasks.delete(name);
  }

  /** Creates the lease rows, applies the missed-run policy, then starts the timers. */
  async start(): Promise<void> {
    this.running = true;
    for (const task of [...this.tasks.values()]) {
      await this.store.ensure(task.name);
      if (task.missed === 'runOnce') {
        const missed = previousTick(task.pattern, task.timezone, new Date(this.now()));
        if (missed !== undefined && missed > (await this.store.lastTick(task.name))) await this.fire(task.name, missed);
      }
      if (this.stopped) return;
      // Replaced or removed while the missed run went: the new definition armed itself.
      if (this.tasks.get(task.name) === task && !this.timers.has(task.name)) this.arm(task);
    }
  }

  private arm(task: TaskDefinition): void {
    const timer = new Cron(
      task.pattern,
      { timezone: task.timezone, protect: true, unref: true },
      async (self: Cron) => {
        // The scheduled time, not the moment the timer woke: every instance names the same tick.
        const tick = self.currentRun()?.getTime();
        if (tick !== undefined) await this.fire(task.name, Math.floor(tick / 1000) * 1000);
      },
    );
    this.timers.set(task.name, timer);
  }

  /** When the task's timer fires next (undefined before start or after stop). */
  nextRun(name: string): Date | undefined {
    return this.timers.get(name)?.nextRun() ?? undefined;
  }

  /**
   * Runs the scheduled time `tick` of a task here if this instance wins its claim. Public so that
   * tests and "run now" drive ticks without waiting for the clock.
   */
  async fire(name: string, tick: number): Promise<FireResult> {
    const task = this.tasks.get(name);
    if (!task) throw new Error(`Unknown task "${name}"`);
    return this.runTask(task, tick);
  }

  /**
   * Runs `task` for `tick` if this instance wins the claim, whether or not the task is defined here
   * ("run now" on a disabled task): the lease row is made first, the claim is the same.
   */
  async runTask(task: TaskDefinition, tick: number): Promise<FireResult> {
    if (this.stopped) return 'skipped';
    await this.store.ensure(task.name);
    const now = this.now();
    if (!(await this.store.claim(task.name, tick, this.holder, now, task.timeoutMs + LEASE_MARGIN_MS)))
      return 'skipped';
    const running = this.runClaimed(task, tick);
    this.inFlight.add(running);
    try {
      await running;
    } finally {
      this.inFlight.delete(running);
    }
    return 'ran';
  }

  private async runClaimed(task: TaskDefinition, tick: number): Promise<void> {
    const runId = await this.store.startRun(task.name, tick, this.holder, this.now());
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new RunTimeout(`Timed out after ${task.timeoutMs} ms`));
      }, task.timeoutMs);
    });
    try {
      const output = await Promise.race([task.run(controller.signal), timeout]);
      await this.store.finishRun(runId, 'success', typeof output === 'string' ? output : '', this.now());
    } catch (error) {
      const status = error instanceof RunTimeout ? 'timeout' : 'fail';
      const message = error instanceof Error ? error.message : String(error);
      this.log.error({ task: task.name, tick, status, err: message }, 'scheduled task did not succeed');
      await this.store.finishRun(runId, status, message, this.now());
    } finally {
      clearTimeout(timer);
      await this.store.release(task.name, tick, this.holder);
    }
  }

  /** Stops the timers and waits for runs in progress (graceful shutdown). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) timer.stop();
    this.timers.clear();
    await Promise.allSettled([...this.inFlight]);
  }
}
