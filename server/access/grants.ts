/**
 * The grants of the signed-in user (can.ts), loaded once per request from the session's roles:
 * the union of their menu_ids, restricted to live menus of the app, and the modules and
 * dashboards those menus open. Kept with the session's cache entry (auth/auth-cache.ts), so a
 * token's grants are loaded once per cache lifetime; role, menu and module writes drop the entry.
 */
import type { FastifyRequest } from 'fastify';
import type { RequestAuth } from '../auth/session-hook';
import { splitIds } from '../auth/users';
import type { ServerContext } from '../context';
import type { Grants } from './can';

const cache = new WeakMap<FastifyRequest, Promise<Grants>>();

export function roleFlags(identifies: readonly (string | null)[]): { isAdmin: boolean; isTrial: boolean } {
  const isAdmin = identifies.includes('admin');
  return { isAdmin, isTrial: !isAdmin && identifies.includes('trial') };
}

async function load(ctx: ServerContext, auth: RequestAuth): Promise<Grants> {
  const { isAdmin, isTrial } = roleFlags(auth.roles.map((r) => r.identify));
  const wanted = [...new Set(auth.roles.flatMap((r) => splitIds(r.menu_ids)))];
  const db = ctx.db.db;
  const menus = wanted.length
    ? await db
        .selectFrom(ctx.tables.menu)
        .select(['id', 'type', 'module_id', 'dashboard_id'])
        .where('app_id', '=', auth.app.id)
        .where('is_deleted', '=', 0)
        .where('id', 'in', wanted)
        .execute()
    : [];
  const moduleIds = new Set(menus.filter((m) => Number(m.type) === 1 && m.module_id).map((m) => String(m.module_id)));
  const dashboardIds = new Set(
    menus.filter((m) => Number(m.type) === 3 && m.dashboard_id).map((m) => String(m.dashboard_id)),
  );
  const modules = moduleIds.size
    ? await db
        .selectFrom(ctx.tables.module)
        .select(['id', 'table_name'])
        .where('app_id', '=', auth.app.id)
        .where('is_deleted', '=', 0)
        .where('id', 'in', [...moduleIds])
        .execute()
    : [];
  return {
    userId: auth.user.id,
    isAdmin,
    isTrial,
    roleIds: new Set(auth.roles.map((r) => r.id)),
    menuIds: new Set(menus.map((m) => String(m.id))),
    moduleIds: new Set(modules.map((m) => String(m.id))),
    moduleTables: new Set(modules.map((m) => String(m.table_name))),
    dashboardIds,
  };
}

export function grantsOf(ctx: ServerContext, request: FastifyRequest, auth: RequestAuth): Promise<Grants> {
  let grants = cache.get(request);
  if (grants) return grants;
  // Only the entry this request was authenticated from (same user object): after an
  // invalidation the entry is gone or replaced, and the grants are loaded afresh.
  const entry = ctx.sessions.cache.get(auth.session.token_hash);
  const shared = entry?.user === auth.user ? entry : undefined;
  grants = shared?.grants ?? load(ctx, auth);
  if (shared && !shared.grants) {
    shared.grants = grants;
    // A failed load is not kept for the next requests.
    grants.catch(() => {
      if (shared.grants === grants) shared.grants = undefined;
    });
  }
  cache.set(request, grants);
  return grants;
}

/** Grants of an account without a session (forgetPwd): role flags only, no menus. */
export function accountGrants(userId: string, roles: readonly { id: string; identify: string | null }[]): Grants {
  const empty = new Set<string>();
  return {
    userId,
    ...roleFlags(roles.map((r) => r.identify)),
    roleIds: new Set(roles.map((r) => r.id)),
    menuIds: empty,
    moduleIds: empty,
    moduleTables: empty,
    dashboardIds: empty,
  };
}
