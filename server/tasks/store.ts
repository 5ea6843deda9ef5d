/**
 * The Task page's tasks (docs/scheduler.md "The Task page"): rows of scheduled_task per app, soft
 * delete. The app id always comes from the caller's session (another app's id answers "not
 * found"). Every save is checked whole first (check.ts), so a stored task can always be scheduled.
 */
import type { Kysely } from 'kysely';
import { newId } from '../db/ids';
import { insertAudit } from '../db/tables';
import { notFound } from '../errors';
import type { TaskAction } from './shapes';

export interface TaskConfig {
  source?: string;
  params?: Record<string, string | number | boolean>;
  to?: { userIds?: string[]; roleIds?: string[]; all?: boolean };
  title?: string;
  body?: string;
  link?: string | null;
  maxRows?: number;
  table?: string;
  query?: Record<string, unknown>;
  limit?: number;
  output?: 'message' | 'xlsx' | 'csv';
}

export interface TaskRow {
  id: string;
  app_id: string;
  name: string;
  cron: string;
  timezone: string;
  enabled: number;
  missed: 'skip' | 'runOnce';
  timeout_ms: number;
  action: TaskAction;
  config: string | null;
  update_at: number | string;
}

export interface TaskInput {
  name: string;
  cron: string;
  timezone: string;
  enabled: boolean;
  missed: 'skip' | 'runOnce';
  timeout_ms: number;
  action: TaskAction;
  config: TaskConfig;
}

export function configOf(row: Pick<TaskRow, 'config'>): TaskConfig {
  try {
    return row.config ? (JSON.parse(row.config) as TaskConfig) : {};
  } catch {
    return {};
  }
}

/** The task as the page and the runner read it. */
export function inputOf(row: TaskRow): TaskInput & { id: string } {
  return {
    id: row.id,
    name: row.name,
    cron: row.cron,
    timezone: row.timezone,
    enabled: Number(row.enabled) === 1,
    missed: row.missed,
    timeout_ms: Number(row.timeout_ms),
    action: row.action,
    config: configOf(row),
  };
}

export class TaskStore {
  constructor(
    private readonly db: Kysely<any>,
    private readonly table: string,
    private readonly now: () => number,
  ) {}

  private live(appId?: string) {
    let query = this.db.selectFrom(this.table).selectAll().where('is_deleted', '=', 0);
    if (appId !== undefined) query = query.where('app_id', '=', appId);
    return query;
  }

  async list(appId: string, page: { current: number; pageSize: number }): Promise<{ list: TaskRow[]; total: number }> {
    const counted = await this.db
      .selectFrom(this.table)
      .where('app_id', '=', appId)
      .where('is_deleted', '=', 0)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await this.live(appId)
      .orderBy('create_at', 'desc')
      .orderBy('id')
      .limit(page.pageSize)
      .offset((page.current - 1) * page.pageSize)
      .execute();
    return { list: rows as TaskRow[], total: Number(counted.n) };
  }

  async get(appId: string, id: string): Promise<TaskRow> {
    const row = await this.live(appId).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return row as TaskRow;
  }

  /** A task of any app, or undefined once deleted (the runner follows saves on every instance). */
  async find(id: string): Promise<TaskRow | undefined> {
    return (await this.live().where('id', '=', id).executeTakeFirst()) as TaskRow | undefined;
  }

  /** Every enabled task of every app: what each instance schedules at start. */
  async enabled(): Promise<TaskRow[]> {
    return (await this.live().where('enabled', '=', 1).execute()) as TaskRow[];
  }

  private values(input: TaskInput) {
    return {
      name: input.name.trim(),
      cron: input.cron.trim(),
      timezone: input.timezone.trim(),
      enabled: input.enabled ? 1 : 0,
      missed: input.missed,
      timeout_ms: input.timeout_ms,
      action: input.action,
      config: JSON.stringify(input.config),
    };
  }

  async create(appId: string, userId: string, input: TaskInput): Promise<TaskRow> {
    const id = newId();
    await this.db
      .insertInto(this.table)
      .values({ id, app_id: appId, ...insertAudit(userId, this.now()), ...this.values(input) })
      .execute();
    return this.get(appId, id);
  }

  async update(appId: string, userId: string, id: string, input: TaskInput): Promise<TaskRow> {
    await this.get(appId, id);
    await this.db
      .updateTable(this.table)
      .set({ ...this.values(input), update_by: userId, update_at: this.now() })
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .execute();
    return this.get(appId, id);
  }

  async remove(appId: string, userId: string, id: string): Promise<TaskRow> {
    const row = await this.get(appId, id);
    await this.db
      .updateTable(this.table)
      .set({ is_deleted: 1, enabled: 0, update_by: userId, update_at: this.now() })
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .execute();
    return row;
  }
}
