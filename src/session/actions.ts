/**
 * The session flow of spec platform-shell §4: no token → login → token saved → user info →
 * roles → menus. Each step goes through the one api client.
 */
import { isSuccess, ResultCode } from '../../protocol/codes';
import { DEFAULT_TABLE_PREFIX } from '../../protocol/constants';
import { request } from '../api/client';
import { clearSession, session, setAppInfo, setToken, setUser } from './store';
import { menuIdsOfRoles } from './menu-tree';
import type { AppInfo, MenuInfo, RoleInfo, UserInfo } from './types';
import { liveModuleIds } from './module-cache';
import { ShellError } from './shell-error';

export { ShellError };

const prefix = () => session.appInfo?.table_prefix ?? DEFAULT_TABLE_PREFIX;

async function call<T>(options: Parameters<typeof request>[0]): Promise<T> {
  const result = await request<T>(options);
  if (!isSuccess(result.code)) throw new ShellError(result.message, String(result.code));
  return result.data;
}

/** App info for the identifier in the URL; P4015 means the address is wrong. */
export async function loadAppInfo(app: string): Promise<AppInfo> {
  const result = await request<AppInfo>({ method: 'GET', url: `app/${encodeURIComponent(app)}`, encrypt: false });
  if (!isSuccess(result.code)) throw new ShellError(result.message, String(result.code));
  setAppInfo(result.data);
  return result.data;
}

export async function fetchPicCode(): Promise<{ codeKey: string; image: string }> {
  return call({ method: 'GET', url: 'auth/getPicCode', query: { identify: session.app } });
}

export async function login(form: {
  account: string;
  password: string;
  codeKey?: string;
  code?: string;
}): Promise<void> {
  const data = await call<{ token: string }>({
    method: 'POST',
    url: 'auth/login',
    body: { identify: session.app, ...form },
  });
  setToken(data.token);
  await loadUserAndMenus();
}

export async function loadUserAndMenus(): Promise<void> {
  const user = await call<UserInfo>({ method: 'GET', url: 'auth/userInfo' });
  // The server answers nothing else until the password changes (P4011): no roles or menus yet.
  if (user.mustChangePassword) return setUser({ ...user, roles: [], menu_ids: '' }, []);
  const roleIds = String(user.role_ids ?? '')
    .split(',')
    .filter(Boolean);
  const roles = await call<{ list: RoleInfo[] }>({
    method: 'POST',
    url: `common/${prefix()}role/list`,
    body: {
      showFields: ['id', 'name', 'menu_ids', 'level', 'identify'],
      querys: [
        { key: 'is_deleted', value: 0, rule: 'EQUAL' },
        { key: 'id', value: roleIds, rule: 'IN' },
      ],
      isPage: false,
    },
  });
  const menuIds = menuIdsOfRoles(roles.list);
  const menus = menuIds.length
    ? await call<{ list: MenuInfo[] }>({
        method: 'POST',
        url: `common/${prefix()}menu/list`,
        body: {
          showFields: ['id', 'title', 'icon', 'module_id', 'dashboard_id', 'parent_id', 'path', 'url', 'type', 'sort'],
          querys: [
            { key: 'is_deleted', value: 0, rule: 'EQUAL' },
            { key: 'app_id', value: user.appId, rule: 'EQUAL' },
            { key: 'id', value: menuIds, rule: 'IN' },
          ],
          sorts: [{ key: 'sort', order: 'asc' }],
          isPage: false,
        },
      })
    : { list: [] };
  setUser({ ...user, roles: roles.list, menu_ids: menuIds.join(',') }, await withLiveModules(menus.list));
}

/**
 * The menus without those opening a module an admin deleted (soft delete keeps the module row for
 * a restore; its page would answer nothing). If the version map cannot be read the menus stay as
 * they are, since the server refuses a deleted module's page and data anyway.
 */
async function withLiveModules(menus: MenuInfo[]): Promise<MenuInfo[]> {
  const isModule = (menu: MenuInfo) => Number(menu.type) === 1 && !!menu.module_id;
  if (!menus.some(isModule)) return menus;
  try {
    // The module version map (module-cache.ts): the same one request per page load that loading a
    // module needs anyway, so this adds no call.
    const live = await liveModuleIds();
    return menus.filter((menu) => !isModule(menu) || live.has(String(menu.module_id)));
  } catch {
    return menus;
  }
}

/**
 * How long signing out waits for the server's answer before the user is out anyway. The call is
 * sealed with the token before this ends and goes on without the page; a slow or hung server must
 * not keep a user on screen for the request timeout (60 s) after they said 确定.
 */
export const LOGOUT_WAIT_MS = 2000;

export async function logout(): Promise<void> {
  const revoked = request({ method: 'POST', url: 'auth/logout' }).catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, LOGOUT_WAIT_MS)));
  try {
    await Promise.race([revoked, waited]);
  } finally {
    clearTimeout(timer);
    clearSession();
  }
}

export const isLogoutCode = (code: unknown) => String(code) === ResultCode.LOGOUT;
