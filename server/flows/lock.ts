/**
 * A record in approval is read-only (docs/workflow.md): the common API asks here before it
 * updates or deletes a module record. Only an approver with a pending to-do on the current step
 * may change it, and only the fields that step allows. Reads the caller's transaction only.
 */
import type { Kysely } from 'kysely';
import { flowTables } from '../db/migrations/0025-flows';
import { badRequest } from '../errors';
import { parseSteps } from './definition';

const runningKey = (module: string, recordId: string) => `${module}:${recordId}`;

/**
 * Refuses the write when the record is in approval. `changed`: the keys whose values the update
 * changes; 'delete' for a delete (never allowed while in approval).
 */
export async function assertWritableInFlow(
  trx: Kysely<any>,
  prefix: string,
  appId: string,
  table: { name: string; kind: 'module' | 'system' },
  recordIds: string[],
  userId: string,
  changed: string[] | 'delete',
): Promise<void> {
  if (table.kind !== 'module' || recordIds.length === 0) return;
  const t = flowTables(prefix);
  const running = await trx
    .selectFrom(t.flow_instance)
    .select(['id', 'flow_id', 'version', 'step'])
    .where('app_id', '=', appId)
    .where(
      'running_key',
      'in',
      recordIds.map((id) => runningKey(table.name, id)),
    )
    .execute();
  if (running.length === 0) return;
  if (changed === 'delete') throw badRequest('flows.recordInApproval');
  if (changed.length === 0) return;
  for (const inst of running) {
    const mine = await trx
      .selectFrom(t.todo)
      .select('id')
      .where('instance_id', '=', inst.id)
      .where('assignee_id', '=', userId)
      .where('status', '=', 0)
      .where('step', '=', Number(inst.step))
      .executeTakeFirst();
    if (!mine) throw badRequest('flows.recordInApproval');
    const version = await trx
      .selectFrom(t.flow_version)
      .select('steps')
      .where('flow_id', '=', inst.flow_id)
      .where('version', '=', Number(inst.version))
      .executeTakeFirstOrThrow();
    const allowed = new Set(parseSteps(String(version.steps))[Number(inst.step)]?.fields ?? []);
    const locked = changed.find((key) => !allowed.has(key));
    if (locked) throw badRequest('flows.fieldLocked', { field: locked });
  }
}
