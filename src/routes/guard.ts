/**
 * The access guard of spec platform-shell §2, as a pure function so that it is unit-tested apart
 * from the router. The server enforces the same grants on every data call; this only spares the
 * user a page they would be refused on.
 */
import type { MenuInfo } from '../session/types';

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

export interface GuardInput {
  /** The app identifier from the URL (may be empty). */
  app: string;
  /** The route path after /{app}/, without leading or trailing slashes ('' is the app root). */
  path: string;
  hasToken: boolean;
  menus: MenuInfo[];
  /** The signed-in user must replace an admin-given password before anything else. */
  mustChangePassword?: boolean;
}

const ALWAYS_OPEN = new Set(['login', 'register', 'forget', '404', '405']);
const AUTH_SCREENS = new Set(['login', 'register', 'forget']);
/** Rule 4: open to any signed-in user. */
const OPEN_TO_USERS = [
  /^index$/,
  /^design\/[^/]+$/,
  /^dashboard\/design\/[^/]+$/,
  /^user\/detail$/,
  /^backlog$/,
  /^mess$/,
  /^doc\/readme$/,
  /^ai\/chat$/,
  // The top bar's AI draw (shown when the app enables AI) leads here for any user, like AI chat:
  // a signed-in user never meets a 404 from a button the bar offered them.
  /^ai\/img$/,
];

/** The forced change of an admin-given password (issue 22 item 4). */
export const CHANGE_PASSWORD = 'change-password';

const APP_IDENTIFIER = /^[A-Za-z0-9_-]{1,64}$/;

export function guard({ app, path, hasToken, menus, mustChangePassword }: GuardInput): GuardDecision {
  const to = (target: string): GuardDecision => ({ kind: 'redirect', to: `/${app}/${target}` });
  // Rule 2: every app route needs a usable app identifier.
  if (!APP_IDENTIFIER.test(app)) return { kind: 'redirect', to: '/405' };
  // A flagged user stays on the change-password page; nobody else has a use for it.
  if (hasToken && mustChangePassword) return path === CHANGE_PASSWORD ? { kind: 'allow' } : to(CHANGE_PASSWORD);
  if (path === CHANGE_PASSWORD) return to(hasToken ? 'index' : 'login');
  // Rule 3b: a signed-in user opening a sign-in screen goes home.
  if (hasToken && AUTH_SCREENS.has(path)) return to('index');
  // Rule 1.
  if (ALWAYS_OPEN.has(path)) return { kind: 'allow' };
  // Rule 3a.
  if (!hasToken) return to('login');
  // The app root and home redirect to index.
  if (path === '' || path === 'home') return to('index');
  // Rule 4.
  if (OPEN_TO_USERS.some((pattern) => pattern.test(path))) return { kind: 'allow' };
  // Rule 5.
  return isGranted(path, menus) ? { kind: 'allow' } : to('404');
}

export function isGranted(path: string, menus: MenuInfo[]): boolean {
  const module = /^common\/([^/]+)$/.exec(path);
  if (module) return menus.some((menu) => String(menu.module_id ?? '') === module[1]);
  const dashboard = /^dashboard\/common\/([^/]+)$/.exec(path);
  if (dashboard) return menus.some((menu) => String(menu.dashboard_id ?? '') === dashboard[1]);
  const frame = /^frame\/([^/]+)$/.exec(path);
  if (frame) return menus.some((menu) => String(menu.id) === frame[1]);
  if (menus.some((menu) => normalisePath(menu.path) === path)) return true;
  // The detail page of a granted list (app/detail under app) comes with it: a list's rows open there.
  const detail = /^(.+)\/detail$/.exec(path);
  return detail ? menus.some((menu) => normalisePath(menu.path) === detail[1]) : false;
}

function normalisePath(path: string | undefined): string {
  return (path ?? '').replace(/^\/+|\/+$/g, '');
}

/** Where a menu entry leads (menu types 1–6, spec platform-shell §2). */
export function menuTarget(menu: MenuInfo, app: string): { route?: string; external?: string; newWindow?: boolean } {
  switch (Number(menu.type)) {
    case 1:
      return { route: `/${app}/common/${menu.module_id}` };
    case 2:
      return { route: `/${app}/${normalisePath(menu.path)}` };
    case 3:
      return { route: `/${app}/dashboard/common/${menu.dashboard_id}` };
    case 4:
    case 5:
      return { route: `/${app}/frame/${menu.id}` };
    case 6:
      return { external: menu.url, newWindow: true };
    default:
      return {};
  }
}
