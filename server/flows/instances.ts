/**
 * Rows of a running approval and the steps of its version (docs/workflow.md). Every function takes
 * the transaction it runs in; nothing here reads outside it.
 */
import type { Kysely } from 'kysely';
import { ResultCode } from '../../protocol/codes';
import { flowTables } from '../db/migrations/0025-flows';
import { newId } from '../db/ids';
import { ApiError } from '../errors';
import { parseSteps, type FlowStep } from './definition';

export type InstanceStatus = 'running' | 'approved' | 'rejected' | 'withdrawn';
export type EventAction = 'submit' | 'approve' | 'reject' | 'return' | 'transfer' | 'comment' | 'withdraw' | 'finish';

export interface InstanceRow {
  id: string;
  app_id: string;
  flow_id: string;
  version: number;
  module: string;
  record_id: string;
  starter_id: string;
  status: InstanceStatus;
  step: number;
  seq: number;
}

/** Someone else's transition landed between our read and our write: nothing of ours was written. */
export const conflict = () => new ApiError(ResultCode.CONFLICT, 'flows.handledByOther');

export const runningKey = (module: string, recordId: string) => `${module}:${recordId}`;

export class InstanceRows {
  readonly t: ReturnType<typeof flowTables>;
  constructor(
    prefix: string,
    private readonly now: () => number,
  ) {
    this.t = flowTables(prefix);
  }

  /**
   * Locks the approval's row (by its primary key) before anything else is read in the transition:
   * racing transitions queue here instead of deadlocking (InnoDB), and on MySQL the reads that
   * follow see what the one before committed (the snapshot starts at the first plain read).
   */
  async lock(trx: Kysely<any>, instanceId: string | undefined) {
    if (!instanceId) return;
    await trx
      .updateTable(this.t.flow_instance)
      .set((eb) => ({ seq: eb.ref('seq') }))
      .where('id', '=', instanceId)
      .execute();
  }

  /** The approval a to-do belongs to, read before the transition's transaction (to lock it first). */
  async ofTodo(db: Kysely<any>, appId: string, todoId: string) {
    const row = await db
      .selectFrom(this.t.todo)
      .select(['instance_id', 'module'])
      .where('app_id', '=', appId)
      .where('id', '=', todoId)
      .executeTakeFirst();
    return row ? { instanceId: String(row.instance_id), module: String(row.module) } : undefined;
  }

  async get(trx: Kysely<any>, appId: string, id: string): Promise<InstanceRow | undefined> {
    const row = await trx
      .selectFrom(this.t.flow_instance)
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    return row ? this.decode(row) : undefined;
  }

  async running(trx: Kysely<any>, appId: string, module: string, recordId: string) {
    const row = await trx
      .selectFrom(this.t.flow_instance)
      .selectAll()
      .where('app_id', '=', appId)
      .where('running_key', '=', runningKey(module, recordId))
      .executeTakeFirst();
    return row ? this.decode(row) : undefined;
  }

  /** The latest instance of a record (running or not): the one of its last timeline event. */
  async latest(trx: Kysely<any>, appId: string, module: string, recordId: string) {
    const last = await trx
      .selectFrom(this.t.flow_event)
      .select('instance_id')
      .where('app_id', '=', appId)
      .where('module', '=', module)
      .where('record_id', '=', recordId)
      .orderBy('seq', 'desc')
      .executeTakeFirst();
    return last ? this.get(trx, appId, String(last.instance_id)) : undefined;
  }

  private decode(row: Record<string, unknown>): InstanceRow {
    return {
      ...(row as unknown as InstanceRow),
      version: Number(row.version),
      step: Number(row.step),
      seq: Number(row.seq),
    };
  }

  async steps(trx: Kysely<any>, flowId: string, version: number): Promise<FlowStep[]> {
    const row = await trx
      .selectFrom(this.t.flow_version)
      .select('steps')
      .where('flow_id', '=', flowId)
      .where('version', '=', version)
      .executeTakeFirstOrThrow();
    return parseSteps(String(row.steps));
  }

  async insert(trx: Kysely<any>, row: Omit<InstanceRow, 'seq'>, userId: string): Promise<InstanceRow> {
    const now = this.now();
    await trx
      .insertInto(this.t.flow_instance)
      .values({
        ...row,
        seq: 0,
        running_key: row.status === 'running' ? runningKey(row.module, row.record_id) : null,
        create_by: userId,
        create_at: now,
        update_by: userId,
        update_at: now,
        is_deleted: 0,
      })
      .execute();
    return { ...row, seq: 0 };
  }

  /**
   * One transition: the row changes only if nobody moved it since `inst` was read (its seq), so
   * two racing actors make exactly one transition and the other is told someone acted first.
   */
  async advance(
    trx: Kysely<any>,
    inst: InstanceRow,
    userId: string,
    change: { status?: InstanceStatus; step?: number },
  ): Promise<InstanceRow> {
    const status = change.status ?? inst.status;
    const result = await trx
      .updateTable(this.t.flow_instance)
      .set({
        ...change,
        seq: inst.seq + 1,
        running_key: status === 'running' ? runningKey(inst.module, inst.record_id) : null,
        update_by: userId,
        update_at: this.now(),
      })
      .where('id', '=', inst.id)
      .where('seq', '=', inst.seq)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw conflict();
    return { ...inst, ...change, seq: inst.seq + 1 };
  }

  async event(
    trx: Kysely<any>,
    inst: InstanceRow,
    action: EventAction,
    actorId: string | null,
    extra: { step?: number; target?: string; comment?: string } = {},
  ): Promise<void> {
    const last = await trx
      .selectFrom(this.t.flow_event)
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('app_id', '=', inst.app_id)
      .where('module', '=', inst.module)
      .where('record_id', '=', inst.record_id)
      .executeTakeFirst();
    await trx
      .insertInto(this.t.flow_event)
      .values({
        id: newId(),
        app_id: inst.app_id,
        instance_id: inst.id,
        module: inst.module,
        record_id: inst.record_id,
        seq: Number(last?.seq ?? 0) + 1,
        step: extra.step ?? inst.step,
        action,
        actor_id: actorId,
        target: extra.target ?? null,
        comment: extra.comment ?? null,
        create_at: this.now(),
      })
      .execute();
  }
}
