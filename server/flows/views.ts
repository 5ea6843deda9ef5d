/**
 * What the backlog and the record's detail read (docs/workflow.md): the caller's to-dos, pending
 * or done, and a record's approval timeline with the names of the people on it.
 */
import type { Kysely } from 'kysely';
import { flowTables } from '../db/migrations/0025-flows';
import type { InstanceRow } from './instances';
import { TODO_PENDING } from './todos';
import { parseSteps, type FlowStep } from './definition';

export interface TodoQuery {
  status: 'pending' | 'done';
  module?: string;
  keyword?: string;
  page: number;
  size: number;
}

export class FlowViews {
  private readonly t: ReturnType<typeof flowTables>;
  constructor(
    private readonly db: Kysely<any>,
    prefix: string,
    private readonly userTable: string,
    private readonly like: 'like' | 'ilike',
  ) {
    this.t = flowTables(prefix);
  }

  async todos(appId: string, userId: string, query: TodoQuery) {
    const t = this.t;
    let base = this.db
      .selectFrom(`${t.todo} as d`)
      .innerJoin(`${t.flow_instance} as i`, 'i.id', 'd.instance_id')
      .leftJoin(`${this.userTable} as u`, 'u.id', 'i.starter_id')
      .where('d.app_id', '=', appId)
      .where('d.assignee_id', '=', userId)
      .where('d.is_deleted', '=', 0)
      .where('d.kind', '=', 'approval');
    base =
      query.status === 'pending'
        ? base.where('d.status', '=', TODO_PENDING)
        : base.where('d.status', '<>', TODO_PENDING);
    if (query.module) base = base.where('d.module', '=', query.module);
    if (query.keyword) {
      // Wildcards dropped rather than escaped: escaping differs per database and a search needs none.
      const like = `%${query.keyword.replace(/[%_\\]/g, '')}%`;
      base = base.where((eb) => eb.or([eb('d.title', this.like, like), eb('u.name', this.like, like)]));
    }
    const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    const rows = await base
      .select([
        'd.id',
        'd.title',
        'd.status',
        'd.result',
        'd.module',
        'd.record_id',
        'd.instance_id',
        'd.step',
        'd.create_at',
        'd.done_at',
        'i.status as instance_status',
        'i.starter_id',
        'u.name as starter_name',
      ])
      .orderBy(query.status === 'pending' ? 'd.create_at' : 'd.done_at', 'desc')
      .orderBy('d.id')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute();
    return {
      total: Number(total?.n ?? 0),
      list: rows.map((r) => ({
        ...r,
        status: Number(r.status),
        step: Number(r.step),
        create_at: Number(r.create_at),
        done_at: r.done_at === null ? null : Number(r.done_at),
      })),
    };
  }

  async steps(flowId: string, version: number): Promise<FlowStep[]> {
    const row = await this.db
      .selectFrom(this.t.flow_version)
      .select('steps')
      .where('flow_id', '=', flowId)
      .where('version', '=', version)
      .executeTakeFirst();
    return row ? parseSteps(String(row.steps)) : [];
  }

  /** Every event of the record, oldest first, with who acted (and, for a transfer, to whom). */
  async events(appId: string, module: string, recordId: string) {
    const rows = await this.db
      .selectFrom(`${this.t.flow_event} as e`)
      .leftJoin(`${this.userTable} as u`, 'u.id', 'e.actor_id')
      .leftJoin(`${this.userTable} as v`, 'v.id', 'e.target')
      .select([
        'e.id',
        'e.instance_id',
        'e.seq',
        'e.step',
        'e.action',
        'e.actor_id',
        'u.name as actor_name',
        'e.target',
        'v.name as target_name',
        'e.comment',
        'e.create_at',
      ])
      .where('e.app_id', '=', appId)
      .where('e.module', '=', module)
      .where('e.record_id', '=', recordId)
      .orderBy('e.seq')
      .execute();
    return rows.map((r) => ({
      ...r,
      seq: Number(r.seq),
      step: r.step === null ? null : Number(r.step),
      create_at: Number(r.create_at),
    }));
  }

  async pendingOf(instance: InstanceRow) {
    return this.db
      .selectFrom(`${this.t.todo} as d`)
      .leftJoin(`${this.userTable} as u`, 'u.id', 'd.assignee_id')
      .select(['d.id', 'd.assignee_id', 'u.name as assignee_name'])
      .where('d.instance_id', '=', instance.id)
      .where('d.status', '=', TODO_PENDING)
      .execute();
  }
}
