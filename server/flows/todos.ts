/**
 * Approval to-dos (the `todo` table of 0004, widened by 0025): created when a step begins, done by
 * the approver's own transition, closed (status 2) when another's transition ends the step. The
 * bell counts status 0 (server/platform/shell-routes.ts); every user whose to-dos changed is told
 * on the bus after the commit (notify).
 */
import type { Kysely } from 'kysely';
import { ResultCode } from '../../protocol/codes';
import { newId } from '../db/ids';
import { ApiError, badRequest } from '../errors';
import type { InstanceRow } from './instances';

export const TODO_PENDING = 0;
export const TODO_DONE = 1;
export const TODO_CLOSED = 2;

export type TodoResult = 'approved' | 'rejected' | 'returned' | 'transferred' | 'withdrawn' | 'closed';

export interface TodoRow {
  id: string;
  app_id: string;
  assignee_id: string;
  status: number;
  instance_id: string;
  step: number;
  module: string;
  record_id: string;
  title: string;
}

/** Whose to-dos changed in a transition: told after the commit. */
export type Touched = Set<string>;

export class TodoRows {
  constructor(
    private readonly table: string,
    private readonly now: () => number,
  ) {}

  async create(
    trx: Kysely<any>,
    inst: InstanceRow,
    step: number,
    title: string,
    assignees: string[],
    touched: Touched,
  ) {
    const now = this.now();
    for (const assignee of assignees) {
      await trx
        .insertInto(this.table)
        .values({
          id: newId(),
          app_id: inst.app_id,
          kind: 'approval',
          title: title.slice(0, 255),
          assignee_id: assignee,
          status: TODO_PENDING,
          link: null,
          instance_id: inst.id,
          step,
          module: inst.module,
          record_id: inst.record_id,
          create_by: inst.starter_id,
          create_at: now,
          update_by: inst.starter_id,
          update_at: now,
          is_deleted: 0,
        })
        .execute();
      touched.add(assignee);
    }
  }

  /**
   * The actor's to-do, checked before any transition: theirs, still pending, on the step the
   * approval is at. Acting twice, after someone else, or on another's to-do is refused here.
   */
  async mine(trx: Kysely<any>, appId: string, todoId: string, userId: string): Promise<TodoRow> {
    const row = await trx
      .selectFrom(this.table)
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', todoId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!row || row.kind !== 'approval') throw new ApiError(ResultCode.NOT_FOUND, 'flows.todoMissing');
    if (row.assignee_id !== userId) throw new ApiError(ResultCode.FORBIDDEN, 'flows.notApprover');
    const status = Number(row.status);
    if (status === TODO_DONE) throw new ApiError(ResultCode.CONFLICT, 'flows.alreadyHandled');
    if (status !== TODO_PENDING) throw new ApiError(ResultCode.CONFLICT, 'flows.handledByOther');
    return { ...(row as unknown as TodoRow), status, step: Number(row.step) };
  }

  /** Marks one to-do done by its assignee; a to-do already moved is a conflict (nothing written). */
  async finish(trx: Kysely<any>, todo: TodoRow, result: TodoResult, touched: Touched) {
    const done = await trx
      .updateTable(this.table)
      .set({ status: TODO_DONE, result, done_at: this.now(), update_by: todo.assignee_id, update_at: this.now() })
      .where('id', '=', todo.id)
      .where('status', '=', TODO_PENDING)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw new ApiError(ResultCode.CONFLICT, 'flows.alreadyHandled');
    touched.add(todo.assignee_id);
  }

  /** Closes every pending to-do of the approval (another's transition ended their step). */
  async closeAll(trx: Kysely<any>, inst: InstanceRow, userId: string, touched: Touched, result: TodoResult = 'closed') {
    const pending = await this.pending(trx, inst.id);
    if (pending.length === 0) return;
    await trx
      .updateTable(this.table)
      .set({ status: TODO_CLOSED, result, done_at: this.now(), update_by: userId, update_at: this.now() })
      .where('instance_id', '=', inst.id)
      .where('status', '=', TODO_PENDING)
      .execute();
    for (const row of pending) touched.add(row.assignee_id);
  }

  async pending(trx: Kysely<any>, instanceId: string): Promise<{ id: string; assignee_id: string; step: number }[]> {
    const rows = await trx
      .selectFrom(this.table)
      .select(['id', 'assignee_id', 'step'])
      .where('instance_id', '=', instanceId)
      .where('status', '=', TODO_PENDING)
      .where('is_deleted', '=', 0)
      .execute();
    return rows.map((r) => ({ id: String(r.id), assignee_id: String(r.assignee_id), step: Number(r.step) }));
  }

  /** Whether this user ever had a to-do on the approval (may comment and read it). */
  async involved(trx: Kysely<any>, instanceId: string, userId: string): Promise<boolean> {
    const row = await trx
      .selectFrom(this.table)
      .select('id')
      .where('instance_id', '=', instanceId)
      .where('assignee_id', '=', userId)
      .executeTakeFirst();
    return Boolean(row);
  }

  async assertNotPending(trx: Kysely<any>, inst: InstanceRow, userId: string) {
    const pending = await this.pending(trx, inst.id);
    if (pending.some((p) => p.assignee_id === userId)) throw badRequest('flows.transferInvalid');
  }
}
