/**
 * The one authorisation decision of the server (DESIGN §2.4, docs/auth.md "Server-side guard"):
 * `can(user, action, resource)`. Pure: the caller loads the user's grants (grants.ts) once per
 * request. A data call is allowed only on what the user's menus grant; admins may do everything;
 * trial accounts may only read the protected areas (platform-shell §6).
 */
import { ResultCode } from '../../protocol/codes';

export interface Grants {
  userId: string;
  isAdmin: boolean;
  /** A trial role and no admin role. */
  isTrial: boolean;
  roleIds: ReadonlySet<string>;
  /** Live menus of the app in the union of the roles' menu_ids. */
  menuIds: ReadonlySet<string>;
  /** module_id of granted type-1 menus. */
  moduleIds: ReadonlySet<string>;
  /** table_name of those modules (live). */
  moduleTables: ReadonlySet<string>;
  /** dashboard_id of granted type-3 menus. */
  dashboardIds: ReadonlySet<string>;
}

export type Action = 'read' | 'write';
export type Verb = 'create' | 'update' | 'delete';

export type Resource =
  /** A module table of the common API, by its logical name. */
  | { type: 'moduleTable'; table: string }
  /** A system table by its short name (`role`, `menu`, ...); id and body keys of a write. */
  | { type: 'systemTable'; table: string; verb?: Verb; id?: string; fields?: readonly string[] }
  /** A module schema (GET api/module/:id). */
  | { type: 'module'; id: string }
  /** A call on a protected area of platform-shell §6 (trial rule); `list` = POST …/list. */
  | { type: 'protectedArea'; method: string; list: boolean }
  /** The app's system settings (GET/PUT api/sys/settings/current, docs/settings.md). */
  | { type: 'settings' };

export type Decision =
  | { allowed: true; /** Only these row ids are visible (absent: all rows of the app). */ rows?: readonly string[] }
  | { allowed: false; code: typeof ResultCode.FORBIDDEN | typeof ResultCode.TRIAL_FORBIDDEN };

const ALLOW: Decision = { allowed: true };
const DENY: Decision = { allowed: false, code: ResultCode.FORBIDDEN };
const TRIAL: Decision = { allowed: false, code: ResultCode.TRIAL_FORBIDDEN };

/** Columns a user may change on their own user row. */
export const OWN_USER_FIELDS: ReadonlySet<string> = new Set(['name', 'avatar', 'theme_config']);

/**
 * System tables every signed-in user reads whole: reference data behind selects, and the import
 * templates an import dialog offers (written by admins only).
 */
const SHARED_TABLES: ReadonlySet<string> = new Set(['dept', 'dict', 'import_template']);

function systemTable(
  user: Grants,
  action: Action,
  resource: { table: string; verb?: Verb; id?: string; fields?: readonly string[] },
): Decision {
  if (action === 'write') {
    if (user.isTrial) return TRIAL;
    // The app row is edited, never created or removed, through the common API (its keys, menus
    // and tables come with it); the caller's own row only (server/access/tables.ts).
    if (resource.table === 'app') return user.isAdmin && resource.verb === 'update' ? ALLOW : DENY;
    if (user.isAdmin) return ALLOW;
    const own =
      resource.table === 'user' &&
      resource.verb === 'update' &&
      resource.id === user.userId &&
      (resource.fields ?? []).every((field) => OWN_USER_FIELDS.has(field));
    return own ? { allowed: true, rows: [user.userId] } : DENY;
  }
  if (user.isAdmin) return ALLOW;
  switch (resource.table) {
    case 'role':
      return { allowed: true, rows: [...user.roleIds] };
    case 'menu':
      return { allowed: true, rows: [...user.menuIds] };
    case 'module':
      return { allowed: true, rows: [...user.moduleIds] };
    case 'dashboard':
      return { allowed: true, rows: [...user.dashboardIds] };
    case 'user':
      return { allowed: true, rows: [user.userId] };
    case 'app':
      // App settings (upload bucket, encryption, AI switches) are for the app's admins only.
      return DENY;
    default:
      return SHARED_TABLES.has(resource.table) ? ALLOW : DENY;
  }
}

export function can(user: Grants, action: Action, resource: Resource): Decision {
  switch (resource.type) {
    case 'protectedArea':
      if (!user.isTrial) return ALLOW;
      return resource.method === 'GET' || resource.method === 'HEAD' || resource.list ? ALLOW : TRIAL;
    case 'systemTable':
      return systemTable(user, action, resource);
    case 'moduleTable':
      return user.isAdmin || user.moduleTables.has(resource.table) ? ALLOW : DENY;
    case 'module':
      return user.isAdmin || user.moduleIds.has(resource.id) ? ALLOW : DENY;
    case 'settings':
      // Read too: sign-in rules and the IP list are an admin's business only.
      return user.isAdmin ? ALLOW : DENY;
  }
}
