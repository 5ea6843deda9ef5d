/**
 * Who approves a step, resolved when the step begins (docs/workflow.md): named users, every active
 * user holding a role, a department's leader, the starter's department's leader. Only active,
 * live users of the record's app count; an empty result refuses the transition with the reason.
 */
import type { Kysely } from 'kysely';
import { badRequest } from '../errors';
import type { FlowStep } from './definition';

export interface PeopleTables {
  user: string;
  dept: string;
}

async function activeUsers(db: Kysely<any>, user: string, appId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom(user)
    .select('id')
    .where('app_id', '=', appId)
    .where('id', 'in', ids)
    .where('is_deleted', '=', 0)
    .where('status', '=', 1)
    .execute();
  return rows.map((r) => r.id as string);
}

async function roleHolders(db: Kysely<any>, user: string, appId: string, roleId: string): Promise<string[]> {
  // role_ids is comma-separated text: LIKE narrows (the id is bound), the split decides.
  const rows = await db
    .selectFrom(user)
    .select(['id', 'role_ids'])
    .where('app_id', '=', appId)
    .where('role_ids', 'like', `%${roleId.replace(/[%_\\]/g, '')}%`)
    .where('is_deleted', '=', 0)
    .where('status', '=', 1)
    .execute();
  return rows
    .filter((r) =>
      String(r.role_ids ?? '')
        .split(',')
        .map((s) => s.trim())
        .includes(roleId),
    )
    .map((r) => r.id as string);
}

async function leaderOf(db: Kysely<any>, dept: string, appId: string, deptId: string | null | undefined) {
  if (!deptId) return undefined;
  const row = await db
    .selectFrom(dept)
    .select('leader_id')
    .where('app_id', '=', appId)
    .where('id', '=', deptId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return (row?.leader_id as string | null) ?? undefined;
}

/** The step's approvers (user ids, no repeats, in the order the step names them). */
export async function resolveApprovers(
  db: Kysely<any>,
  tables: PeopleTables,
  appId: string,
  starterId: string,
  step: FlowStep,
): Promise<string[]> {
  const candidates: string[] = [];
  for (const approver of step.approvers) {
    if (approver.kind === 'user' && approver.id) candidates.push(approver.id);
    else if (approver.kind === 'role' && approver.id)
      candidates.push(...(await roleHolders(db, tables.user, appId, approver.id)));
    else if (approver.kind === 'dept') {
      const leader = await leaderOf(db, tables.dept, appId, approver.id);
      if (leader) candidates.push(leader);
    } else if (approver.kind === 'starterLeader') {
      const starter = await db
        .selectFrom(tables.user)
        .select('dept_id')
        .where('app_id', '=', appId)
        .where('id', '=', starterId)
        .executeTakeFirst();
      const leader = await leaderOf(db, tables.dept, appId, starter?.dept_id as string | null);
      if (leader) candidates.push(leader);
    }
  }
  const unique = [...new Set(candidates)];
  const active = new Set(await activeUsers(db, tables.user, appId, unique));
  return unique.filter((id) => active.has(id));
}

/** The approvers, or a refusal naming the step when nobody can approve it. */
export async function requireApprovers(
  db: Kysely<any>,
  tables: PeopleTables,
  appId: string,
  starterId: string,
  step: FlowStep,
): Promise<string[]> {
  const ids = await resolveApprovers(db, tables, appId, starterId, step);
  if (ids.length === 0) throw badRequest('flows.noApprovers', { step: step.name });
  return ids;
}
