/**
 * Flow definitions (the `flow` page, docs/workflow.md): one per module and app. Every save writes
 * a new version row; the head names the current one. Approvals already running keep the version
 * they started with (their instance row names it).
 */
import type { Kysely } from 'kysely';
import { ResultCode } from '../../protocol/codes';
import { flowTables } from '../db/migrations/0025-flows';
import { newId } from '../db/ids';
import type { TableNames } from '../db/tables';
import { ApiError, badRequest } from '../errors';
import type { TableInfo } from '../modules/table-info';
import { checkSteps, normalizeSteps, parseSteps, type FlowInput, type FlowStep } from './definition';
import type { FlowHead } from './engine';

export interface FlowView extends FlowHead {
  module: string;
  steps: FlowStep[];
  update_at: number;
}

export class FlowDefs {
  private readonly t: ReturnType<typeof flowTables>;
  constructor(
    private readonly db: Kysely<any>,
    prefix: string,
    private readonly tables: TableNames,
    private readonly now: () => number,
  ) {
    this.t = flowTables(prefix);
  }

  async list(appId: string): Promise<FlowView[]> {
    const heads = await this.db
      .selectFrom(this.t.flow)
      .selectAll()
      .where('app_id', '=', appId)
      .where('is_deleted', '=', 0)
      .orderBy('create_at')
      .execute();
    return Promise.all(heads.map((head) => this.view(this.db, head)));
  }

  async get(appId: string, id: string, db: Kysely<any> = this.db): Promise<FlowView> {
    const head = await db
      .selectFrom(this.t.flow)
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!head) throw new ApiError(ResultCode.NOT_FOUND, 'error.notFound');
    return this.view(db, head);
  }

  /** The module's live flow head, if any. */
  async forModule(db: Kysely<any>, appId: string, module: string): Promise<FlowHead | undefined> {
    const head = await db
      .selectFrom(this.t.flow)
      .selectAll()
      .where('app_id', '=', appId)
      .where('module', '=', module)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    return head ? this.head(head) : undefined;
  }

  private head(row: Record<string, unknown>): FlowHead {
    return {
      id: String(row.id),
      name: String(row.name),
      version: Number(row.version),
      enabled: Number(row.enabled) === 1,
    };
  }

  private async view(db: Kysely<any>, row: Record<string, unknown>): Promise<FlowView> {
    const head = this.head(row);
    const version = await db
      .selectFrom(this.t.flow_version)
      .select('steps')
      .where('flow_id', '=', head.id)
      .where('version', '=', head.version)
      .executeTakeFirstOrThrow();
    return {
      ...head,
      module: String(row.module),
      steps: parseSteps(String(version.steps)),
      update_at: Number(row.update_at),
    };
  }

  /** Creates the module's flow (version 1), or refuses when the module already has one. */
  async create(appId: string, userId: string, table: TableInfo, input: FlowInput): Promise<string> {
    const steps = normalizeSteps(input.steps);
    await checkSteps(this.db, this.tables, appId, table, steps);
    return this.db.transaction().execute(async (trx) => {
      if (await this.forModule(trx, appId, table.name)) throw badRequest('flows.moduleTaken', { module: table.name });
      const id = newId();
      const now = this.now();
      await trx
        .insertInto(this.t.flow)
        .values({
          id,
          app_id: appId,
          name: input.name.trim(),
          module: table.name,
          enabled: input.enabled === false ? 0 : 1,
          version: 1,
          create_by: userId,
          create_at: now,
          update_by: userId,
          update_at: now,
          is_deleted: 0,
        })
        .execute();
      await this.writeVersion(trx, appId, id, 1, steps, userId);
      return id;
    });
  }

  /** A new version of the steps (the module stays); approvals in flight keep theirs. */
  async update(appId: string, userId: string, id: string, table: TableInfo, input: FlowInput): Promise<void> {
    const steps = normalizeSteps(input.steps);
    await checkSteps(this.db, this.tables, appId, table, steps);
    await this.db.transaction().execute(async (trx) => {
      const current = await this.get(appId, id, trx);
      if (current.module !== table.name) throw badRequest('flows.moduleFixed');
      const version = current.version + 1;
      const moved = await trx
        .updateTable(this.t.flow)
        .set({
          name: input.name.trim(),
          enabled: input.enabled === false ? 0 : 1,
          version,
          update_by: userId,
          update_at: this.now(),
        })
        .where('id', '=', id)
        .where('version', '=', current.version)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new ApiError(ResultCode.CONFLICT, 'flows.savedMeanwhile');
      await this.writeVersion(trx, appId, id, version, steps, userId);
    });
  }

  async remove(appId: string, userId: string, id: string): Promise<void> {
    await this.get(appId, id);
    await this.db
      .updateTable(this.t.flow)
      .set({ is_deleted: 1, update_by: userId, update_at: this.now() })
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .execute();
  }

  private async writeVersion(
    trx: Kysely<any>,
    appId: string,
    flowId: string,
    version: number,
    steps: FlowStep[],
    userId: string,
  ) {
    await trx
      .insertInto(this.t.flow_version)
      .values({
        id: newId(),
        app_id: appId,
        flow_id: flowId,
        version,
        steps: JSON.stringify(steps),
        create_by: userId,
        create_at: this.now(),
      })
      .execute();
  }
}
