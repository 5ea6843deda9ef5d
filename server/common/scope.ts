/**
 * Data scoping of lists (dataLimitType, dataLimitUnRoleIds, dataLimitUnDepeAdmin; meaning defined
 * in docs/list-query.md). Records belong to whoever created them (create_by); a user belongs to
 * one department (user.dept_id) of the app's dept tree (dept.parent_id).
 *
 *   1 all · 2 own department · 3 own department and the departments below it · 4 self only ·
 *   5 custom: the departments listed on the user's roles (role.dept_ids)
 *
 * The user, their department and roles come from the session, never from the body. A limit only
 * narrows what a list returns; the app scope and the system tables' own-row rule stay in force.
 */
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { RequestAuth } from '../auth/session-hook';
import type { TableNames } from '../db/tables';
import { badRequest } from '../errors';
import { isPlainObject, type Row } from './values';

export const DATA_LIMIT_TYPES = [1, 2, 3, 4, 5] as const;
export type DataLimitType = (typeof DATA_LIMIT_TYPES)[number];

export interface DataLimitRequest {
  type: DataLimitType;
  /** Holders of any of these roles are not limited. */
  exemptRoleIds: string[];
  /** Admins (the app's admin role) are not limited. */
  exemptAdmin: boolean;
}

/** What the limit resolves to for one user: nothing, their own records, or departments'. */
export type DataLimit =
  { kind: 'none' } | { kind: 'self'; userId: string } | { kind: 'depts'; userId: string; deptIds: string[] };

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const truthy = (value: unknown) => value === true || value === 1 || value === '1' || value === 'true';

function idList(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : undefined;
  if (!list || list.length > 1000 || !list.every((id) => typeof id === 'string' && ID.test(id.trim())))
    throw badRequest('server.invalidValue', { key: 'dataLimitUnRoleIds' });
  return (list as string[]).map((id) => id.trim());
}

/** The three body keys → a request, or undefined when no limit is asked for (absent, 0, ''). */
export function parseDataLimit(query: Row): DataLimitRequest | undefined {
  if (!isPlainObject(query)) return undefined;
  const raw = query.dataLimitType;
  const exemptRoleIds = idList(query.dataLimitUnRoleIds);
  const exemptAdmin = truthy(query.dataLimitUnDepeAdmin);
  if (raw === undefined || raw === null || raw === '' || raw === 0 || raw === '0') return undefined;
  const type = typeof raw === 'string' && /^\d$/.test(raw) ? Number(raw) : raw;
  if (!DATA_LIMIT_TYPES.includes(type as DataLimitType))
    throw badRequest('server.invalidValue', { key: 'dataLimitType' });
  return { type: type as DataLimitType, exemptRoleIds, exemptAdmin };
}

/** Department ids: `roots` and, with `below`, every department under them (cycles are harmless). */
export function departmentsUnder(depts: { id: string; parent_id: string | null }[], roots: string[]): string[] {
  const children = new Map<string, string[]>();
  for (const d of depts) {
    if (!d.parent_id) continue;
    const list = children.get(d.parent_id) ?? [];
    list.push(d.id);
    children.set(d.parent_id, list);
  }
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(children.get(id) ?? []));
  }
  return [...seen];
}

export async function resolveDataLimit(
  db: Kysely<any>,
  tables: TableNames,
  auth: RequestAuth,
  request: DataLimitRequest | undefined,
): Promise<DataLimit> {
  if (!request || request.type === 1) return { kind: 'none' };
  if (request.exemptAdmin && auth.isAdmin) return { kind: 'none' };
  if (auth.roles.some((role) => request.exemptRoleIds.includes(role.id))) return { kind: 'none' };
  const userId = auth.user.id;
  const appId = auth.app.id;
  if (request.type === 4) return { kind: 'self', userId };
  if (request.type === 5) {
    const roleIds = auth.roles.map((r) => r.id);
    const rows = roleIds.length
      ? await db
          .selectFrom(tables.role)
          .select('dept_ids')
          .where('app_id', '=', appId)
          .where('is_deleted', '=', 0)
          .where('id', 'in', roleIds)
          .execute()
      : [];
    const deptIds = [
      ...new Set(
        rows
          .flatMap((r) => String(r.dept_ids ?? '').split(','))
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ];
    return { kind: 'depts', userId, deptIds };
  }
  const own = auth.user.dept_id;
  // Without a department, "my department" is nobody else's: the user sees their own records.
  if (!own) return { kind: 'self', userId };
  if (request.type === 2) return { kind: 'depts', userId, deptIds: [own] };
  const depts = (await db
    .selectFrom(tables.dept)
    .select(['id', 'parent_id'])
    .where('app_id', '=', appId)
    .where('is_deleted', '=', 0)
    .execute()) as { id: string; parent_id: string | null }[];
  return { kind: 'depts', userId, deptIds: departmentsUnder(depts, [own]) };
}

/**
 * Both limits at once (a record must pass each). Every limit lets the caller see their own
 * records, so the meet is again a limit: self wins, departments intersect.
 */
export function intersectLimits(a: DataLimit, b: DataLimit): DataLimit {
  if (a.kind === 'none') return b;
  if (b.kind === 'none') return a;
  if (a.kind === 'self') return a;
  if (b.kind === 'self') return b;
  const other = new Set(b.deptIds);
  return { kind: 'depts', userId: a.userId, deptIds: a.deptIds.filter((id) => other.has(id)) };
}

/**
 * The limit as conditions on `<alias>.create_by` (unqualified without an alias: single-table
 * get, update and delete): the user's own records always, plus records created by live users of
 * the app in the allowed departments.
 */
export function dataLimitWhere(
  eb: ExpressionBuilder<any, any>,
  alias: string | undefined,
  limit: DataLimit,
  userTable: string,
  appId: string,
): Expression<SqlBool>[] {
  if (limit.kind === 'none') return [];
  const createBy = alias ? `${alias}.create_by` : 'create_by';
  const own = eb(createBy, '=', limit.userId);
  if (limit.kind === 'self' || limit.deptIds.length === 0) return [own];
  const members = eb
    .selectFrom(`${userTable} as du`)
    .select('du.id')
    .where('du.app_id', '=', appId)
    .where('du.is_deleted', '=', 0)
    .where('du.dept_id', 'in', limit.deptIds);
  return [eb.or([own, eb(createBy, 'in', members)])];
}
