// @vitest-environment happy-dom
import '../../tests/dom-setup';
import { beforeEach, describe, expect, it } from 'vitest';
import { SESSION_TTL_MS } from '../../protocol/constants';
import { readStored, removeStoredByPrefix, storageKey, writeStored } from './storage';
import {
  clearSession,
  clearVersions,
  enterApp,
  session,
  setAppInfo,
  setDashboardVersion,
  setModuleVersion,
  setToken,
  setUser,
} from './store';

const info = (identify: string) => ({ id: `id-${identify}`, identify, title: identify });

describe('session store (platform-shell §3–§4)', () => {
  beforeEach(() => {
    localStorage.clear();
    session.app = '';
  });

  it('keeps each app apart, with the product prefix', () => {
    enterApp('a1');
    setToken('token-a1');
    enterApp('a2');
    expect(session.token).toBeUndefined();
    setToken('token-a2');
    enterApp('a1');
    expect(session.token).toBe('token-a1');
    expect(localStorage.getItem(storageKey('a2', 'token'))).toContain('token-a2');
    expect(storageKey('a2', 'token')).toBe('tessera_a2_token');
  });

  it('stored values expire after 7 days', () => {
    const now = 1_000_000;
    writeStored('a1', 'token', 't', SESSION_TTL_MS, now);
    expect(readStored('a1', 'token', now + SESSION_TTL_MS - 1)).toBe('t');
    expect(readStored('a1', 'token', now + SESSION_TTL_MS)).toBeUndefined();
    expect(localStorage.getItem(storageKey('a1', 'token'))).toBeNull();
  });

  it('stored app info of another identifier is dropped on entering an app', () => {
    writeStored('a1', 'appInfo', info('other'));
    enterApp('a1');
    expect(session.appInfo).toBeUndefined();
    expect(localStorage.getItem(storageKey('a1', 'appInfo'))).toBeNull();
    setAppInfo(info('a1'));
    session.app = '';
    enterApp('a1');
    expect(session.appInfo?.identify).toBe('a1');
  });

  it('logout clears token, menus and user info; app info and versions stay', () => {
    enterApp('a1');
    setAppInfo(info('a1'));
    setToken('t');
    setUser({ id: 'u', name: 'n', role_ids: '', roles: [], menu_ids: '', appId: 'id-a1' }, [
      { id: 'm', title: 'm', type: 1 },
    ]);
    setModuleVersion('mod', 5);
    clearSession();
    expect([session.token, session.user, session.menus]).toEqual([undefined, undefined, undefined]);
    for (const name of ['token', 'user', 'menus']) expect(localStorage.getItem(storageKey('a1', name))).toBeNull();
    expect(session.appInfo?.identify).toBe('a1');
    expect(session.moduleVersions).toEqual({ mod: 5 });
  });

  it('module and dashboard version maps persist, and refresh cache forgets them with cached schemas', () => {
    enterApp('a1');
    setModuleVersion('m1', 1);
    setDashboardVersion('d1', 2);
    writeStored('a1', 'module_m1', { id: 'm1' });
    writeStored('a1', 'dashboard_d1', { id: 'd1' });
    writeStored('a2', 'module_m1', { id: 'm1' });
    session.app = '';
    enterApp('a1');
    expect(session.dashboardVersions).toEqual({ d1: 2 });
    removeStoredByPrefix('a1', 'module_');
    removeStoredByPrefix('a1', 'dashboard_');
    clearVersions();
    expect(readStored('a1', 'module_m1')).toBeUndefined();
    expect(readStored('a1', 'dashboard_d1')).toBeUndefined();
    expect(readStored('a2', 'module_m1')).toEqual({ id: 'm1' });
    expect(session.moduleVersions).toEqual({});
    expect(readStored('a1', 'dashboardVersions')).toBeUndefined();
  });
});
