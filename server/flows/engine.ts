/**
 * The transitions of an approval (docs/workflow.md). Each runs inside the caller's transaction,
 * checks the actor against the current step, writes the instance (guarded by its seq), the
 * to-dos and the timeline together, and returns whose to-dos changed (told after the commit).
 */
import type { Kysely } from 'kysely';
import { ResultCode } from '../../protocol/codes';
import { newId } from '../db/ids';
import { ApiError, badRequest, forbidden } from '../errors';
import type { TableInfo } from '../modules/table-info';
import { decodeRow, writableValues, type Row } from '../common/values';
import { stepApplies, type FlowStep } from './definition';
import { requireApprovers, type PeopleTables } from './approvers';
import type { InstanceRows, InstanceRow } from './instances';
import type { TodoRows, Touched } from './todos';

export interface Actor {
  appId: string;
  userId: string;
  isAdmin: boolean;
}

export type RecordAudit = (
  trx: Kysely<any>,
  table: TableInfo,
  recordId: string,
  before: Row,
  after: Row,
) => Promise<void>;

export interface FlowHead {
  id: string;
  name: string;
  version: number;
  enabled: boolean;
}

const notRunning = () => new ApiError(ResultCode.CONFLICT, 'flows.notRunning');

export class FlowEngine {
  constructor(
    readonly rows: InstanceRows,
    readonly todos: TodoRows,
    private readonly people: PeopleTables,
    private readonly now: () => number,
  ) {}

  /** The record as the client sees it (approvers read it from their to-do, docs/workflow.md). */
  readRecord(trx: Kysely<any>, table: TableInfo, appId: string, id: string): Promise<Row> {
    return this.record(trx, table, appId, id);
  }

  private async record(trx: Kysely<any>, table: TableInfo, appId: string, id: string): Promise<Row> {
    const row = await trx
      .selectFrom(table.physical)
      .select([...table.columns.keys()])
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!row) throw new ApiError(ResultCode.NOT_FOUND, 'error.notFound');
    return decodeRow(table, row as Row);
  }

  /**
   * Enters the first step from `from` on whose condition holds (or exactly `from` when forced):
   * its to-dos are created. Answers the step entered, or -1 when no step is left (approved).
   */
  private async enter(
    trx: Kysely<any>,
    inst: InstanceRow,
    steps: FlowStep[],
    from: number,
    record: Row,
    flowName: string,
    touched: Touched,
    forced = false,
  ): Promise<number> {
    for (let index = from; index < steps.length; index++) {
      const step = steps[index]!;
      if (!forced && !stepApplies(step, record)) continue;
      const approvers = await requireApprovers(trx, this.people, inst.app_id, inst.starter_id, step);
      await this.todos.create(trx, inst, index, `${flowName} · ${step.name}`, approvers, touched);
      return index;
    }
    return -1;
  }

  private async flowName(trx: Kysely<any>, flowId: string): Promise<string> {
    const row = await trx.selectFrom(this.rows.t.flow).select('name').where('id', '=', flowId).executeTakeFirst();
    return String(row?.name ?? '');
  }

  async start(trx: Kysely<any>, actor: Actor, table: TableInfo, recordId: string, flow: FlowHead, comment?: string) {
    const touched: Touched = new Set();
    if (!flow.enabled) throw badRequest('flows.noFlow');
    const record = await this.record(trx, table, actor.appId, recordId);
    if (await this.rows.running(trx, actor.appId, table.name, recordId))
      throw new ApiError(ResultCode.CONFLICT, 'flows.alreadyRunning');
    const steps = await this.rows.steps(trx, flow.id, flow.version);
    let inst = await this.rows.insert(
      trx,
      {
        id: newId(),
        app_id: actor.appId,
        flow_id: flow.id,
        version: flow.version,
        module: table.name,
        record_id: recordId,
        starter_id: actor.userId,
        status: 'running',
        step: 0,
      },
      actor.userId,
    );
    await this.rows.event(trx, inst, 'submit', actor.userId, { step: 0, comment });
    const entered = await this.enter(trx, inst, steps, 0, record, flow.name, touched);
    inst =
      entered < 0
        ? await this.rows.advance(trx, inst, actor.userId, { status: 'approved' })
        : await this.rows.advance(trx, inst, actor.userId, { step: entered });
    if (entered < 0) await this.rows.event(trx, inst, 'finish', null);
    return { instance: inst, touched };
  }

  /** The actor's pending to-do and the running approval it belongs to. */
  private async act(trx: Kysely<any>, actor: Actor, todoId: string, instanceId: string | undefined) {
    await this.rows.lock(trx, instanceId);
    const todo = await this.todos.mine(trx, actor.appId, todoId, actor.userId);
    const inst = await this.rows.get(trx, actor.appId, todo.instance_id);
    if (!inst || inst.status !== 'running' || inst.step !== todo.step) throw notRunning();
    const steps = await this.rows.steps(trx, inst.flow_id, inst.version);
    return { todo, inst, steps, step: steps[inst.step]! };
  }

  async approve(
    trx: Kysely<any>,
    actor: Actor,
    table: TableInfo | undefined,
    input: {
      todoId: string;
      instanceId?: string;
      comment?: string;
      values?: Record<string, unknown>;
      /** Writes the operation-log entry of the approver's field changes (in this transaction). */
      audit?: RecordAudit;
    },
  ) {
    const touched: Touched = new Set();
    const { todo, inst, steps, step } = await this.act(trx, actor, input.todoId, input.instanceId);
    const changed = await this.writeStepFields(trx, actor, table, inst, step, input.values, input.audit);
    await this.todos.finish(trx, todo, 'approved', touched);
    await this.rows.event(trx, inst, 'approve', actor.userId, {
      comment: input.comment,
      ...(changed.length ? { target: changed.join(',').slice(0, 64) } : {}),
    });
    const othersPending = (await this.todos.pending(trx, inst.id)).filter((p) => p.step === inst.step);
    if (step.mode === 'all' && othersPending.length > 0) {
      // Still waiting for the others: the instance moves only by its seq (racing approvals serialize).
      return { instance: await this.rows.advance(trx, inst, actor.userId, {}), touched };
    }
    await this.todos.closeAll(trx, inst, actor.userId, touched);
    const record = table ? await this.record(trx, table, actor.appId, inst.record_id) : {};
    const flowName = await this.flowName(trx, inst.flow_id);
    const next = await this.enter(trx, inst, steps, inst.step + 1, record, flowName, touched);
    if (next < 0) {
      const done = await this.rows.advance(trx, inst, actor.userId, { status: 'approved' });
      await this.rows.event(trx, done, 'finish', null);
      return { instance: done, touched };
    }
    return { instance: await this.rows.advance(trx, inst, actor.userId, { step: next }), touched };
  }

  /** The step's editable fields written with the approval; any other field is refused. */
  private async writeStepFields(
    trx: Kysely<any>,
    actor: Actor,
    table: TableInfo | undefined,
    inst: InstanceRow,
    step: FlowStep,
    values: Record<string, unknown> | undefined,
    audit: RecordAudit | undefined,
  ): Promise<string[]> {
    if (!values || Object.keys(values).length === 0) return [];
    if (!table) throw badRequest('flows.fieldLocked', { field: Object.keys(values)[0] });
    const allowed = new Set(step.fields ?? []);
    for (const key of Object.keys(values)) if (!allowed.has(key)) throw badRequest('flows.fieldLocked', { field: key });
    const clean = writableValues(table, values, 'update');
    const before = await this.record(trx, table, actor.appId, inst.record_id);
    await trx
      .updateTable(table.physical)
      .set({ ...clean, update_by: actor.userId, update_at: this.now() })
      .where('app_id', '=', actor.appId)
      .where('id', '=', inst.record_id)
      .execute();
    await audit?.(trx, table, inst.record_id, before, { ...before, ...decodeRow(table, clean) });
    return Object.keys(clean);
  }

  async reject(trx: Kysely<any>, actor: Actor, input: { todoId: string; instanceId?: string; comment?: string }) {
    const touched: Touched = new Set();
    const { todo, inst } = await this.act(trx, actor, input.todoId, input.instanceId);
    await this.todos.finish(trx, todo, 'rejected', touched);
    await this.todos.closeAll(trx, inst, actor.userId, touched);
    const done = await this.rows.advance(trx, inst, actor.userId, { status: 'rejected' });
    await this.rows.event(trx, done, 'reject', actor.userId, { comment: input.comment });
    return { instance: done, touched };
  }

  async returnTo(
    trx: Kysely<any>,
    actor: Actor,
    table: TableInfo | undefined,
    input: { todoId: string; instanceId?: string; toStep: number; comment?: string },
  ) {
    const touched: Touched = new Set();
    const { todo, inst, steps } = await this.act(trx, actor, input.todoId, input.instanceId);
    if (!Number.isInteger(input.toStep) || input.toStep < 0 || input.toStep >= inst.step)
      throw badRequest('flows.returnInvalid');
    await this.todos.finish(trx, todo, 'returned', touched);
    await this.todos.closeAll(trx, inst, actor.userId, touched);
    const record = table ? await this.record(trx, table, actor.appId, inst.record_id) : {};
    const flowName = await this.flowName(trx, inst.flow_id);
    await this.enter(trx, inst, steps, input.toStep, record, flowName, touched, true);
    const moved = await this.rows.advance(trx, inst, actor.userId, { step: input.toStep });
    await this.rows.event(trx, moved, 'return', actor.userId, {
      step: inst.step,
      target: String(input.toStep),
      comment: input.comment,
    });
    return { instance: moved, touched };
  }

  async transfer(
    trx: Kysely<any>,
    actor: Actor,
    input: { todoId: string; instanceId?: string; userId: string; comment?: string },
  ) {
    const touched: Touched = new Set();
    const { todo, inst } = await this.act(trx, actor, input.todoId, input.instanceId);
    if (input.userId === actor.userId) throw badRequest('flows.transferInvalid');
    const target = await trx
      .selectFrom(this.people.user)
      .select('id')
      .where('app_id', '=', actor.appId)
      .where('id', '=', input.userId)
      .where('is_deleted', '=', 0)
      .where('status', '=', 1)
      .executeTakeFirst();
    if (!target) throw badRequest('flows.transferInvalid');
    await this.todos.assertNotPending(trx, inst, input.userId);
    await this.todos.finish(trx, todo, 'transferred', touched);
    const flowName = await this.flowName(trx, inst.flow_id);
    const steps = await this.rows.steps(trx, inst.flow_id, inst.version);
    await this.todos.create(trx, inst, inst.step, `${flowName} · ${steps[inst.step]!.name}`, [input.userId], touched);
    const moved = await this.rows.advance(trx, inst, actor.userId, {});
    await this.rows.event(trx, moved, 'transfer', actor.userId, { target: input.userId, comment: input.comment });
    return { instance: moved, touched };
  }

  async withdraw(trx: Kysely<any>, actor: Actor, input: { instanceId: string; comment?: string }) {
    const touched: Touched = new Set();
    await this.rows.lock(trx, input.instanceId);
    const inst = await this.rows.get(trx, actor.appId, input.instanceId);
    if (!inst) throw new ApiError(ResultCode.NOT_FOUND, 'error.notFound');
    if (inst.starter_id !== actor.userId) throw new ApiError(ResultCode.FORBIDDEN, 'flows.notStarter');
    if (inst.status !== 'running') throw notRunning();
    await this.todos.closeAll(trx, inst, actor.userId, touched, 'withdrawn');
    const done = await this.rows.advance(trx, inst, actor.userId, { status: 'withdrawn' });
    await this.rows.event(trx, done, 'withdraw', actor.userId, { comment: input.comment });
    return { instance: done, touched };
  }

  /** A comment on the timeline: by the starter, anyone who had a to-do on it, or an admin. */
  async comment(trx: Kysely<any>, actor: Actor, input: { instanceId: string; comment: string }) {
    await this.rows.lock(trx, input.instanceId);
    const inst = await this.rows.get(trx, actor.appId, input.instanceId);
    if (!inst) throw new ApiError(ResultCode.NOT_FOUND, 'error.notFound');
    if (!(await this.mayRead(trx, actor, inst))) throw forbidden();
    await this.rows.event(trx, inst, 'comment', actor.userId, { comment: input.comment });
    return { instance: inst, touched: new Set<string>() as Touched };
  }

  async mayRead(trx: Kysely<any>, actor: Actor, inst: InstanceRow): Promise<boolean> {
    return actor.isAdmin || inst.starter_id === actor.userId || (await this.todos.involved(trx, inst.id, actor.userId));
  }
}
