import { describe, expect, it } from 'vitest';
import { guard, isGranted, menuTarget } from './guard';
import type { MenuInfo } from '../session/types';

const menus: MenuInfo[] = [
  { id: 'm1', title: '客户', type: 1, module_id: 'mod1' },
  { id: 'm2', title: '看板', type: 3, dashboard_id: 'd1' },
  { id: 'm3', title: '帮助', type: 4 },
  { id: 'm4', title: '用户', type: 2, path: '/user' },
];
const signedIn = { app: 'demo', hasToken: true, menus };
const anonymous = { app: 'demo', hasToken: false, menus: [] };

describe('access guard (platform-shell §2)', () => {
  it('rule 1: sign-in screens and error pages are always open', () => {
    for (const path of ['login', 'register', 'forget', '404', '405']) {
      expect(guard({ ...anonymous, path })).toEqual({ kind: 'allow' });
    }
  });
  it('rule 2: a missing or malformed app identifier goes to 405', () => {
    expect(guard({ ...signedIn, app: '', path: 'index' })).toEqual({ kind: 'redirect', to: '/405' });
    expect(guard({ ...signedIn, app: '../x', path: 'index' })).toEqual({ kind: 'redirect', to: '/405' });
  });
  it('rule 3: no token goes to login; a signed-in user opening login goes to index', () => {
    expect(guard({ ...anonymous, path: 'index' })).toEqual({ kind: 'redirect', to: '/demo/login' });
    expect(guard({ ...anonymous, path: 'common/mod1' })).toEqual({ kind: 'redirect', to: '/demo/login' });
    expect(guard({ ...signedIn, path: 'login' })).toEqual({ kind: 'redirect', to: '/demo/index' });
  });
  it('a user with an admin-given password sees only the change-password page until it changes', () => {
    const flagged = { ...signedIn, mustChangePassword: true };
    for (const path of ['index', 'login', 'common/mod1', 'user/detail', '', '404'])
      expect(guard({ ...flagged, path })).toEqual({ kind: 'redirect', to: '/demo/change-password' });
    expect(guard({ ...flagged, path: 'change-password' })).toEqual({ kind: 'allow' });
    expect(guard({ ...signedIn, path: 'change-password' })).toEqual({ kind: 'redirect', to: '/demo/index' });
    expect(guard({ ...anonymous, path: 'change-password' })).toEqual({ kind: 'redirect', to: '/demo/login' });
  });
  it('the app root redirects to index', () => {
    expect(guard({ ...signedIn, path: '' })).toEqual({ kind: 'redirect', to: '/demo/index' });
    expect(guard({ ...signedIn, path: 'home' })).toEqual({ kind: 'redirect', to: '/demo/index' });
  });
  it('rule 4: pages open to every signed-in user', () => {
    for (const path of [
      'index',
      'design/x',
      'dashboard/design/x',
      'user/detail',
      'backlog',
      'mess',
      'doc/readme',
      'ai/chat',
      'ai/img',
    ]) {
      expect(guard({ ...signedIn, menus: [], path })).toEqual({ kind: 'allow' });
    }
  });
  it('rule 5: modules, dashboards, frames and fixed paths need a granting menu', () => {
    expect(isGranted('common/mod1', menus)).toBe(true);
    expect(isGranted('common/mod2', menus)).toBe(false);
    expect(isGranted('dashboard/common/d1', menus)).toBe(true);
    expect(isGranted('dashboard/common/d2', menus)).toBe(false);
    expect(isGranted('frame/m3', menus)).toBe(true);
    expect(isGranted('frame/m9', menus)).toBe(false);
    expect(isGranted('user', menus)).toBe(true);
    expect(isGranted('role', menus)).toBe(false);
    // A list's detail page comes with the list.
    expect(isGranted('user/detail', menus)).toBe(true);
    expect(isGranted('role/detail', menus)).toBe(false);
  });
  it('rule 6: anything else goes to 404', () => {
    expect(guard({ ...signedIn, path: 'common/other' })).toEqual({ kind: 'redirect', to: '/demo/404' });
    expect(guard({ ...signedIn, path: 'no/such/page' })).toEqual({ kind: 'redirect', to: '/demo/404' });
  });
  it('menu types lead where the spec says', () => {
    expect(menuTarget(menus[0], 'demo')).toEqual({ route: '/demo/common/mod1' });
    expect(menuTarget(menus[1], 'demo')).toEqual({ route: '/demo/dashboard/common/d1' });
    expect(menuTarget(menus[2], 'demo')).toEqual({ route: '/demo/frame/m3' });
    expect(menuTarget(menus[3], 'demo')).toEqual({ route: '/demo/user' });
    expect(menuTarget({ id: 'x', title: 'x', type: 6, url: 'https://example.com' }, 'demo')).toEqual({
      external: 'https://example.com',
      newWindow: true,
    });
  });
});
