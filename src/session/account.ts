/**
 * Calls behind the top bar, the personal center and the shell's dialogs (spec platform-shell §4,
 * §7). User and app come from the session on the server; the client only names what it changes.
 */
import { isSuccess } from '../../protocol/codes';
import { DEFAULT_TABLE_PREFIX } from '../../protocol/constants';
import type { RequestOptions } from '../../protocol/http';
import { request } from '../api/client';
import { ShellError, loadAppInfo, loadUserAndMenus } from './actions';
import { invalidateModuleVersions } from './module-cache';
import { invalidateSystemPages } from './system-pages';
import { readStored, removeStoredByPrefix, writeStored } from './storage';
import { clearVersions, session, setUser } from './store';
import type { MenuInfo, UserInfo } from './types';

const prefix = () => session.appInfo?.table_prefix ?? DEFAULT_TABLE_PREFIX;

async function call<T>(options: RequestOptions): Promise<T> {
  const result = await request<T>(options);
  if (!isSuccess(result.code)) throw new ShellError(result.message, String(result.code));
  return result.data;
}

/** GET flows/todocount: data is the count. */
export async function fetchTodoCount(): Promise<number> {
  const data = await call<unknown>({ method: 'GET', url: 'flows/todocount' });
  const count = Number(typeof data === 'object' && data !== null ? (data as { count?: unknown }).count : data);
  return Number.isFinite(count) ? count : 0;
}

/** GET messages/unread: the unread messages beside the bell (docs/messages.md). */
export async function fetchUnreadMessages(): Promise<number> {
  return Number((await call<{ count?: number }>({ method: 'GET', url: 'messages/unread' }))?.count) || 0;
}

/**
 * Drops cached schemas and versions, then fetches app info, user info, roles and menus again: the
 * app info is stored for 7 days, so without this an admin's change of title, logo or watermark would
 * not show in a browser that already holds it.
 */
export async function refreshCache(): Promise<void> {
  removeStoredByPrefix(session.app, 'module_');
  removeStoredByPrefix(session.app, 'dashboard_');
  removeStoredByPrefix(session.app, 'page_');
  clearVersions();
  invalidateModuleVersions();
  invalidateSystemPages();
  // The server drops its own caches for this app (app info, module registry) first.
  await call({ method: 'POST', url: 'auth/refreshCache', body: {} });
  await loadAppInfo(session.app);
  await loadUserAndMenus();
}

/** PUT common/{prefix}sys_user/{id}: body has name (spec §7). */
export async function updateMyName(name: string): Promise<void> {
  const user = session.user;
  if (!user) throw new ShellError('no user');
  await call({ method: 'PUT', url: `common/${prefix()}user/${encodeURIComponent(user.id)}`, body: { name } });
  setUser({ ...(user as UserInfo), name }, (session.menus ?? []) as MenuInfo[]);
}

export async function changePassword(body: { oldPassword: string; newPassword: string }): Promise<void> {
  await call({ method: 'POST', url: 'auth/changePwd', body });
}

export async function changeMobile(body: { mobile: string; code: string }): Promise<void> {
  await call({ method: 'POST', url: 'auth/changeMobile', body });
  const user = session.user;
  if (user) setUser({ ...(user as UserInfo), mobile: body.mobile }, (session.menus ?? []) as MenuInfo[]);
}

/**
 * How many complete-info records this user made. The spec's common/customer is the system table
 * {prefix}customer here (docs/auth.md: a module table may be named customer); the server lists
 * only the caller's rows, the create_by filter is kept for clarity.
 */
export async function myCustomerCount(): Promise<number> {
  const user = session.user;
  if (!user) return 0;
  const data = await call<{ list?: unknown[]; total?: number }>({
    method: 'POST',
    url: `common/${prefix()}customer/list`,
    body: {
      showFields: ['id'],
      querys: [{ key: 'create_by', value: user.id, rule: 'EQUAL' }],
      page: 1,
      size: 1,
    },
  });
  return Number(data?.total ?? data?.list?.length ?? 0);
}

export interface CustomerForm {
  name: string;
  biz_type: string;
  role_type: string;
  dev_team: string;
}

export async function saveCustomer(body: CustomerForm): Promise<void> {
  await call({ method: 'POST', url: `common/${prefix()}customer`, body });
}

/** Per-app, per-browser settings kept for good (a user can clear them): menu mode, dismissed tips. */
const FOREVER_MS = 10 * 365 * 24 * 3600 * 1000;
export const readSetting = <T>(name: string): T | undefined => readStored<T>(session.app, `setting_${name}`);
export const writeSetting = <T>(name: string, value: T): void =>
  writeStored(session.app, `setting_${name}`, value, FOREVER_MS);
