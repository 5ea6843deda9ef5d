/**
 * A module's menu entry (issue 14, docs/modules.md "Menu entry"): without one, operators cannot
 * open a module the admin just created. The module admin page's create dialog and its 加入菜单 row
 * button put a type-1 menu (the kind the menu page writes) under a folder and grant it to roles by
 * adding its id — and its folders' ids, so the nav tree can place it — to their menu_ids, as the role
 * page does. Every id the request names is resolved against the app's live rows first; nothing is
 * written when one is wrong.
 *
 * Defaults: the folder that already holds most module entries (the app's business folder; none:
 * top level), title = the module's, sort = after the folder's last entry, roles = the admin role(s).
 */
import type { Kysely } from 'kysely';
import type { RequestAuth } from '../auth/session-hook';
import { splitIds } from '../auth/users';
import type { ServerContext } from '../context';
import { newId } from '../db/ids';
import { insertAudit } from '../db/tables';
import { badRequest, notFound } from '../errors';

/** What the dialog asks (every part optional: the defaults above fill the rest). */
export interface MenuEntryInput {
  parent_id?: string | null;
  title?: string | null;
  sort?: number | null;
  role_ids?: readonly string[] | null;
}

export const MENU_TITLE_MAX = 64;
const MODULE_MENU = 1;
const FOLDER = 0;

type Db = Kysely<any>;
interface MenuRow {
  id: string;
  parent_id: string | null;
  type: number;
  module_id: string | null;
  sort: number;
}

async function liveMenus(db: Db, ctx: ServerContext, appId: string): Promise<MenuRow[]> {
  const rows = await db
    .selectFrom(ctx.tables.menu)
    .select(['id', 'parent_id', 'type', 'module_id', 'sort'])
    .where('app_id', '=', appId)
    .where('is_deleted', '=', 0)
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    parent_id: (r.parent_id as string | null) || null,
    type: Number(r.type),
    module_id: (r.module_id as string | null) || null,
    sort: Number(r.sort ?? 0),
  }));
}

/** The folder holding most module entries; ties go to the first by sort. None: top level. */
export function defaultParent(menus: readonly MenuRow[]): string | null {
  const counts = new Map<string, number>();
  for (const m of menus)
    if (m.type === MODULE_MENU && m.parent_id) counts.set(m.parent_id, (counts.get(m.parent_id) ?? 0) + 1);
  const folders = menus
    .filter((m) => m.type === FOLDER && counts.has(m.id))
    .sort((a, b) => (counts.get(b.id) ?? 0) - (counts.get(a.id) ?? 0) || a.sort - b.sort);
  return folders[0]?.id ?? null;
}

/** The menu's folders up to the top, nearest first (a loop in stored data ends the walk). */
function ancestors(menus: readonly MenuRow[], parentId: string | null): string[] {
  const byId = new Map(menus.map((m) => [m.id, m]));
  const chain: string[] = [];
  for (let id = parentId; id && byId.has(id) && !chain.includes(id); id = byId.get(id)!.parent_id) chain.push(id);
  return chain;
}

export interface ResolvedMenuEntry {
  parentId: string | null;
  title: string;
  sort: number;
  roleIds: string[];
  /** The folders above the entry, granted with it. */
  folders: string[];
}

/**
 * Checks the input against the app's live menus and roles and fills the defaults; throws the
 * message of the first problem. Read-only, so create can call it before it writes anything.
 */
export async function resolveMenuEntry(
  db: Db,
  ctx: ServerContext,
  auth: RequestAuth,
  moduleTitle: string,
  input: MenuEntryInput,
): Promise<ResolvedMenuEntry> {
  const appId = auth.app.id;
  const menus = await liveMenus(db, ctx, appId);
  let parentId: string | null;
  if (input.parent_id) {
    const parent = menus.find((m) => m.id === input.parent_id);
    if (!parent || parent.type !== FOLDER) throw badRequest('moduleAdmin.menuParentInvalid');
    parentId = parent.id;
  } else parentId = defaultParent(menus); // left empty in the dialog: the default folder

  const title = (input.title ?? '').trim() || moduleTitle.trim();
  if (!title) throw badRequest('moduleAdmin.menuTitleRequired');
  if (title.length > MENU_TITLE_MAX) throw badRequest('moduleAdmin.menuTitleTooLong', { max: MENU_TITLE_MAX });

  const siblings = menus.filter((m) => m.parent_id === parentId);
  const sort = input.sort ?? Math.max(0, ...siblings.map((m) => m.sort)) + 1;

  const roles = await db
    .selectFrom(ctx.tables.role)
    .select(['id', 'identify'])
    .where('app_id', '=', appId)
    .where('is_deleted', '=', 0)
    .execute();
  let roleIds: string[];
  if (input.role_ids?.length) {
    const known = new Set(roles.map((r) => String(r.id)));
    roleIds = [...new Set(input.role_ids)];
    if (roleIds.some((id) => !known.has(id))) throw badRequest('moduleAdmin.menuRoleInvalid');
  } else roleIds = roles.filter((r) => r.identify === 'admin').map((r) => String(r.id));

  return { parentId, title, sort, roleIds, folders: ancestors(menus, parentId) };
}

/** Writes the entry and its grants (inside the caller's transaction); answers the new menu's id. */
export async function insertMenuEntry(
  db: Db,
  ctx: ServerContext,
  auth: RequestAuth,
  moduleId: string,
  entry: ResolvedMenuEntry,
): Promise<string> {
  const appId = auth.app.id;
  const now = ctx.now();
  const id = newId();
  await db
    .insertInto(ctx.tables.menu)
    .values({
      ...insertAudit(auth.user.id, now),
      id,
      app_id: appId,
      title: entry.title,
      icon: 'TableOutlined',
      type: MODULE_MENU,
      module_id: moduleId,
      parent_id: entry.parentId,
      sort: entry.sort,
    })
    .execute();
  if (!entry.roleIds.length) return id;
  const roles = await db
    .selectFrom(ctx.tables.role)
    .select(['id', 'menu_ids'])
    .where('app_id', '=', appId)
    .where('id', 'in', entry.roleIds)
    .execute();
  for (const role of roles) {
    const menuIds = [...new Set([...splitIds(role.menu_ids as string | null), ...entry.folders, id])];
    await db
      .updateTable(ctx.tables.role)
      .set({ menu_ids: menuIds.join(','), update_by: auth.user.id, update_at: now })
      .where('app_id', '=', appId)
      .where('id', '=', role.id)
      .execute();
  }
  return id;
}

/** The 加入菜单 row button: a menu entry for a live module, in one transaction. */
export async function addModuleMenu(
  ctx: ServerContext,
  auth: RequestAuth,
  moduleId: string,
  input: MenuEntryInput,
): Promise<{ menu_id: string }> {
  return ctx.db.db.transaction().execute(async (trx: Db) => {
    const module = await trx
      .selectFrom(ctx.tables.module)
      .select(['title', 'table_name'])
      .where('app_id', '=', auth.app.id)
      .where('id', '=', moduleId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!module) throw notFound();
    const title = String(module.title ?? module.table_name);
    const existing = await trx
      .selectFrom(ctx.tables.menu)
      .select('title')
      .where('app_id', '=', auth.app.id)
      .where('module_id', '=', moduleId)
      .where('type', '=', MODULE_MENU)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (existing) throw badRequest('moduleAdmin.menuExists', { title, menu: String(existing.title) });
    const entry = await resolveMenuEntry(trx, ctx, auth, title, input);
    return { menu_id: await insertMenuEntry(trx, ctx, auth, moduleId, entry) };
  });
}
