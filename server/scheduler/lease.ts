/**
 * The lease that makes a tick run once across instances (docs/scheduler.md). A claim is one
 * conditional UPDATE on the task's row: it moves `tick` forward to the scheduled time and names the
 * holder, only if the row's tick is older and no unexpired claim is running. Whichever instance's
 * UPDATE changes the row runs the tick; the others see 0 rows changed and skip it.
 */
import type { Kysely } from 'kysely';
import type { Db } from '../db/create-db';
import { newId } from '../db/ids';
import { taskLeaseTable, taskRunTable } from '../db/migrations/0017-task-lease';

export type RunStatus = 'running' | 'success' | 'fail' | 'timeout';

/** Output kept per run (the task page shows it); longer text is cut with a marker. */
export const MAX_OUTPUT_CHARS = 8_000;

export class LeaseStore {
  private readonly lease: string;
  private readonly runs: string;
  private readonly db: Kysely<any>;

  constructor(
    private readonly database: Db,
    prefix: string,
  ) {
    this.db = database.db;
    this.lease = taskLeaseTable(prefix);
    this.runs = taskRunTable(prefix);
  }

  /** Makes sure the task has a row (tick 0, free); a concurrent insert by another instance is fine. */
  async ensure(name: string): Promise<void> {
    const found = await this.db.selectFrom(this.lease).select('name').where('name', '=', name).executeTakeFirst();
    if (found) return;
    try {
      await this.db.insertInto(this.lease).values({ name, tick: 0, holder: null, expires_at: 0 }).execute();
    } catch (error) {
      if (this.database.spec.classifyError(error)?.kind !== 'duplicate') throw error;
    }
  }

  /** The last tick claimed for the task (0 when none). */
  async lastTick(name: string): Promise<number> {
    const row = await this.db.selectFrom(this.lease).select('tick').where('name', '=', name).executeTakeFirst();
    return row ? Number(row.tick) : 0;
  }

  /**
   * Claims `tick` for `holder` until `now + leaseMs`. True for exactly one caller per tick: the row's
   * tick must be older, and any earlier claim finished (expires_at 0) or expired (a crashed runner).
   */
  async claim(name: string, tick: number, holder: string, now: number, leaseMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable(this.lease)
      .set({ tick, holder, expires_at: now + leaseMs })
      .where('name', '=', name)
      .where('tick', '<', tick)
      .where('expires_at', '<=', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Ends the claim of `tick` (only if this holder still has it). */
  async release(name: string, tick: number, holder: string): Promise<void> {
    await this.db
      .updateTable(this.lease)
      .set({ expires_at: 0 })
      .where('name', '=', name)
      .where('tick', '=', tick)
      .where('holder', '=', holder)
      .execute();
  }

  async startRun(name: string, tick: number, holder: string, now: number): Promise<string> {
    const id = newId();
    await this.db
      .insertInto(this.runs)
      .values({ id, name, tick, holder, started_at: now, finished_at: null, status: 'running', output: null })
      .execute();
    return id;
  }

  async finishRun(id: string, status: Exclude<RunStatus, 'running'>, output: string, now: number): Promise<void> {
    const text = output.length > MAX_OUTPUT_CHARS ? `${output.slice(0, MAX_OUTPUT_CHARS)}…[cut]` : output;
    await this.db.updateTable(this.runs).set({ status, output: text, finished_at: now }).where('id', '=', id).execute();
  }

  /** The task's runs, newest first. */
  async history(name: string, limit = 50): Promise<RunRecord[]> {
    const rows = await this.db
      .selectFrom(this.runs)
      .selectAll()
      .where('name', '=', name)
      .orderBy('tick', 'desc')
      .orderBy('started_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: String(row.id),
      name: String(row.name),
      tick: Number(row.tick),
      holder: String(row.holder),
      startedAt: Number(row.started_at),
      finishedAt: row.finished_at === null ? null : Number(row.finished_at),
      status: row.status as RunStatus,
      output: row.output === null ? null : String(row.output),
    }));
  }
}

export interface RunRecord {
  id: string;
  name: string;
  tick: number;
  holder: string;
  startedAt: number;
  finishedAt: number | null;
  status: RunStatus;
  output: string | null;
}
