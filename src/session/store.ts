/**
 * The shell's session state (valtio). Form state stays in Formily; this holds only who is signed in
 * to which app. Persisted per app identifier through ./storage.ts.
 */
import { proxy } from 'valtio';
import { applyQrKey } from './qr-key';
import { readStored, removeStored, writeStored } from './storage';
import type { AppInfo, MenuInfo, UserInfo } from './types';

export interface SessionState {
  app: string;
  token?: string;
  user?: UserInfo;
  menus?: MenuInfo[];
  appInfo?: AppInfo;
  /** module id → update_at of the schema we cached (a schema is refetched only when it changed). */
  moduleVersions: Record<string, number>;
  dashboardVersions: Record<string, number>;
  /** A notice shown in place of the page (navbar popovers rendered as error results). */
  notice?: 'ipBlocked' | 'debug';
}

export const session = proxy<SessionState>({ app: '', moduleVersions: {}, dashboardVersions: {} });

/** Switches to the app in the URL and loads what is stored for it. */
export function enterApp(app: string): void {
  if (session.app === app) return;
  session.app = app;
  session.token = readStored<string>(app, 'token');
  session.user = readStored<UserInfo>(app, 'user');
  session.menus = readStored<MenuInfo[]>(app, 'menus');
  applyQrKey(session.user);
  session.moduleVersions = readStored<Record<string, number>>(app, 'moduleVersions') ?? {};
  session.dashboardVersions = readStored<Record<string, number>>(app, 'dashboardVersions') ?? {};
  const appInfo = readStored<AppInfo>(app, 'appInfo');
  // Stored app info for another identifier is stale (spec platform-shell §4).
  session.appInfo = appInfo && appInfo.identify === app ? appInfo : undefined;
  if (!session.appInfo) removeStored(app, 'appInfo');
}

export function setToken(token: string): void {
  session.token = token;
  writeStored(session.app, 'token', token);
}

export function setUser(user: UserInfo, menus: MenuInfo[]): void {
  session.user = user;
  session.menus = menus;
  applyQrKey(user);
  writeStored(session.app, 'user', user);
  writeStored(session.app, 'menus', menus);
}

export function setAppInfo(info: AppInfo): void {
  session.appInfo = info;
  writeStored(session.app, 'appInfo', info);
}

export function setModuleVersion(id: string, updateAt: number): void {
  session.moduleVersions[id] = updateAt;
  writeStored(session.app, 'moduleVersions', { ...session.moduleVersions });
}

export function setDashboardVersion(id: string, updateAt: number): void {
  session.dashboardVersions[id] = updateAt;
  writeStored(session.app, 'dashboardVersions', { ...session.dashboardVersions });
}

/** Forgets every cached schema version (refresh cache). */
export function clearVersions(): void {
  session.moduleVersions = {};
  session.dashboardVersions = {};
  removeStored(session.app, 'moduleVersions', 'dashboardVersions');
}

export function showNotice(notice: SessionState['notice']): void {
  session.notice = notice;
}

/** Logout clears token, menus and user info (spec platform-shell §4); app info stays. */
export function clearSession(): void {
  session.token = undefined;
  session.user = undefined;
  session.menus = undefined;
  applyQrKey(undefined);
  removeStored(session.app, 'token', 'user', 'menus');
}
