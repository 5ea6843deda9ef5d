/**
 * ai_draw_task rows, always read and written for one app and one user (both from the session): a
 * task id of another user is simply not found.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DrawApiKey, DrawTaskView, DrawType, TaskStatus } from '../../protocol/ai-image';
import { newId } from '../db/ids';
import { notFound } from '../errors';
import { imageView, type StoredImage } from './images';

export interface Owner {
  appId: string;
  userId: string;
}

export interface TaskRow {
  id: string;
  app_id: string;
  user_id: string;
  draw_type: DrawType;
  draw_api_key: DrawApiKey;
  status: TaskStatus;
  request_param: string;
  prompt: string | null;
  upstream_id: string | null;
  origin_task_id: string | null;
  task_index: number | null;
  progress: string;
  fail_reason: string | null;
  images: string | null;
  create_at: number;
  update_at: number;
}

export type NewTask = Pick<TaskRow, 'draw_type' | 'draw_api_key' | 'request_param' | 'prompt'> &
  Partial<Pick<TaskRow, 'upstream_id' | 'origin_task_id' | 'task_index' | 'status'>>;

export const ACTIVE: TaskStatus[] = ['WAIT', 'RUNNING'];

export function imagesOf(row: TaskRow): StoredImage[] {
  if (!row.images) return [];
  try {
    const value = JSON.parse(row.images) as unknown;
    return Array.isArray(value) ? (value as StoredImage[]) : [];
  } catch {
    return [];
  }
}

export function taskView(row: TaskRow): DrawTaskView {
  const images = imagesOf(row).map(imageView);
  const index = row.task_index === null || row.task_index === undefined ? null : Number(row.task_index);
  return {
    id: row.id,
    taskStatus: row.status,
    drawType: row.draw_type,
    drawApiKey: row.draw_api_key,
    requestParam: row.request_param,
    showImg: images[0]?.url ?? '',
    progress: {
      schedule: row.progress,
      imgUrl: images[0]?.thumb300 ?? '',
      sessionInfoDrawId: row.id,
      taskStatus: row.status,
      ...(row.fail_reason ? { failReason: row.fail_reason } : {}),
    },
    mjWebTaskId: row.upstream_id ?? row.id,
    sessionInfoDrawId: row.id,
    images,
    prompt: row.prompt ?? '',
    index,
    originalTaskDrawId: row.origin_task_id,
    failReason: row.fail_reason ?? '',
    createTime: Number(row.create_at),
  };
}

export class TaskStore {
  constructor(
    private readonly db: Kysely<any>,
    private readonly table: string,
    private readonly now: () => number,
  ) {}

  private mine(owner: Owner) {
    return this.db
      .selectFrom(this.table)
      .selectAll()
      .where('app_id', '=', owner.appId)
      .where('user_id', '=', owner.userId);
  }

  /** Stores a new task; `id` when it was chosen before (the billing reservation names it). */
  async insert(owner: Owner, task: NewTask, id = newId()): Promise<TaskRow> {
    const now = this.now();
    await this.db
      .insertInto(this.table)
      .values({
        status: 'WAIT',
        progress: '0%',
        ...task,
        id,
        app_id: owner.appId,
        user_id: owner.userId,
        create_at: now,
        update_at: now,
      })
      .execute();
    return this.get(owner, id);
  }

  async get(owner: Owner, id: string): Promise<TaskRow> {
    const row = await this.mine(owner).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return row as TaskRow;
  }

  /** By our id or the provider's (the progress call's mjWebTaskId). */
  async find(owner: Owner, id: string): Promise<TaskRow> {
    const row = await this.mine(owner)
      .where((eb) => eb.or([eb('id', '=', id), eb('upstream_id', '=', id)]))
      .executeTakeFirst();
    if (!row) throw notFound();
    return row as TaskRow;
  }

  async page(owner: Owner, page: number, size: number): Promise<TaskRow[]> {
    return (await this.mine(owner)
      .orderBy('create_at', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute()) as TaskRow[];
  }

  async counts(owner: Owner, since: number): Promise<{ active: number; today: number }> {
    const rows = (await this.db
      .selectFrom(this.table)
      .select(['status', 'create_at'])
      .where('app_id', '=', owner.appId)
      .where('user_id', '=', owner.userId)
      .where((eb) => eb.or([eb('status', 'in', ACTIVE), eb('create_at', '>=', since)]))
      .execute()) as { status: TaskStatus; create_at: number }[];
    return {
      active: rows.filter((row) => ACTIVE.includes(row.status)).length,
      today: rows.filter((row) => Number(row.create_at) >= since).length,
    };
  }

  /**
   * Moves an unfinished task on. Only a task still WAIT or RUNNING changes, so two polls racing
   * (or a poll and a delete) never finish a task twice: answers whether this write won. `alsoIn`
   * runs in the same transaction when it won (the drawing's charge), so both happen or neither.
   */
  async advance(
    owner: Owner,
    id: string,
    change: Partial<Pick<TaskRow, 'status' | 'progress' | 'fail_reason' | 'images'>>,
    alsoIn?: (trx: Transaction<any>) => Promise<void>,
  ): Promise<boolean> {
    const update = (db: Kysely<any>) =>
      db
        .updateTable(this.table)
        .set({ ...change, update_at: this.now() })
        .where('app_id', '=', owner.appId)
        .where('user_id', '=', owner.userId)
        .where('id', '=', id)
        .where('status', 'in', ACTIVE)
        .executeTakeFirst();
    if (!alsoIn) return Number((await update(this.db)).numUpdatedRows) > 0;
    return this.db.transaction().execute(async (trx) => {
      const won = Number((await update(trx)).numUpdatedRows) > 0;
      if (won) await alsoIn(trx);
      return won;
    });
  }

  async remove(owner: Owner, id: string): Promise<void> {
    await this.db
      .deleteFrom(this.table)
      .where('app_id', '=', owner.appId)
      .where('user_id', '=', owner.userId)
      .where('id', '=', id)
      .execute();
  }
}
