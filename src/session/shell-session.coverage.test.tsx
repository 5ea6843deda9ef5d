// @vitest-environment happy-dom
/**
 * The shell's session against the real server (platform-shell §3–§4, §7–§9), in the simulated
 * browser: the sign-in flow and what it stores, the module / dashboard version maps, P4007 from any
 * call, logout, the to-do poll, refresh cache's two messages, and the app-info failures. The server
 * is `server/main.ts` in a child process (tests/helpers/shell-server.ts), the envelope on.
 */
import '../../tests/dom-setup';
import { App as AntdApp } from 'antd';
import { act, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_TTL_MS, TODO_POLL_MS } from '../../protocol/constants';
import { browseFrom, SHELL_CAPTCHA, startShellServer, type ShellServer } from '../../tests/helpers/shell-server';
import { request } from '../api/client';
import { AppGate } from '../routes/AppGate';
import { AvatarMenu } from '../layouts/AvatarMenu';
import { useTodoCount } from '../layouts/use-todo-count';
import { fetchPicCode, loadAppInfo, login, logout, LOGOUT_WAIT_MS } from './actions';
import { loadDashboard, loadModule, invalidateModuleVersions, type ModuleRecord } from './module-cache';
import { readStored, storageKey, writeStored } from './storage';
import { enterApp, session } from './store';
import type { MenuInfo, RoleInfo } from './types';

// Pages load lazily (src/routes/lazy-pages.ts): on a busy machine a chunk takes more than 1 s.
configure({ asyncUtilTimeout: 10_000 });

let server: ShellServer;
let calls: string[];

beforeAll(async () => {
  server = await startShellServer();
  calls = browseFrom(server.origin);
});
afterAll(async () => {
  await server?.stop();
});

/** A fresh browser tab on /demo: nothing stored, nothing cached in memory. */
function freshTab() {
  localStorage.clear();
  sessionStorage.clear();
  session.app = '';
  invalidateModuleVersions();
  enterApp('demo');
}

async function signIn() {
  await loadAppInfo('demo');
  const { codeKey } = await fetchPicCode();
  await login({ account: 'admin', password: 'Tessera@2026', codeKey, code: SHELL_CAPTCHA });
}

/** Waits on the real clock (setTimeout is never faked here), so it also works under a faked setInterval. */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(check(), what).toBe(true);
}

const callsTo = (path: string) => calls.filter((call) => call.endsWith(` /api/${path}`)).length;

/** The address the router is at, shown for the test to read. */
function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

/** The shell's router around AppGate. */
function Shell({ at }: { at: string }) {
  return (
    <AntdApp>
      <MemoryRouter initialEntries={[at]}>
        <Where />
        <Routes>
          <Route path="/:app/*" element={<AppGate />} />
        </Routes>
      </MemoryRouter>
    </AntdApp>
  );
}
const where = () => screen.getByTestId('where').textContent;

describe('sign-in flow (spec §4: token → user info → roles → menus)', () => {
  beforeEach(freshTab);

  it("stores token, user and menus under the app's prefixed keys, each for 7 days; menus are the roles' union", async () => {
    const before = Date.now();
    await signIn();
    for (const name of ['token', 'user', 'menus', 'appInfo']) {
      const boxed = JSON.parse(localStorage.getItem(`tessera_demo_${name}`) ?? 'null') as { expiresAt: number };
      expect(boxed, name).not.toBeNull();
      expect(boxed.expiresAt - before).toBeGreaterThanOrEqual(SESSION_TTL_MS);
      expect(boxed.expiresAt - Date.now()).toBeLessThanOrEqual(SESSION_TTL_MS);
    }
    expect(localStorage.getItem(storageKey('demo', 'token'))).toContain(session.token);
    const roles = session.user!.roles as RoleInfo[];
    expect(roles.map((role) => role.identify)).toContain('admin');
    const granted = new Set(roles.flatMap((role) => role.menu_ids.split(',').filter(Boolean)));
    const menus = session.menus as MenuInfo[];
    expect(new Set(menus.map((menu) => String(menu.id)))).toEqual(granted);
    // The order of the call (sort ascending) is kept.
    const sorts = menus.map((menu) => Number(menu.sort ?? 0));
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    // In that order: login, user info, roles, menus.
    const order = ['POST /api/auth/login', 'GET /api/auth/userInfo', 'role/list', 'menu/list'];
    const seen = order.map((part) => calls.findLastIndex((call) => call.includes(part)));
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });

  it('logout revokes the token on the server and clears token, menus and user info (app info stays)', async () => {
    await signIn();
    const token = session.token!;
    await logout();
    for (const name of ['token', 'user', 'menus']) expect(localStorage.getItem(storageKey('demo', name))).toBeNull();
    expect([session.token, session.user, session.menus]).toEqual([undefined, undefined, undefined]);
    expect(readStored('demo', 'appInfo')).toMatchObject({ identify: 'demo' });
    session.token = token;
    const again = await request({ method: 'GET', url: 'auth/userInfo' });
    expect(again.code).toBe('P4007');
  });

  it('a hung server does not keep the user signed in on screen: out after LOGOUT_WAIT_MS, revoked once it answers', async () => {
    await signIn();
    const token = session.token!;
    const sent = callsTo('auth/logout');
    server.pause();
    try {
      // Resolves while the server answers nothing (the old logout waited for the 60 s request
      // timeout, past this test's own), after giving the server its LOGOUT_WAIT_MS.
      const started = Date.now();
      await logout();
      expect(Date.now() - started).toBeGreaterThanOrEqual(LOGOUT_WAIT_MS - 50);
      expect([session.token, session.user, session.menus]).toEqual([undefined, undefined, undefined]);
      // The call left with the token before the page gave up on it.
      expect(callsTo('auth/logout')).toBe(sent + 1);
    } finally {
      server.resume();
    }
    // The held call is answered after the resume: the token stops working.
    session.token = token;
    await waitFor(async () => expect((await request({ method: 'GET', url: 'auth/userInfo' })).code).toBe('P4007'));
  });
});

describe('module and dashboard version maps (spec §3: refetch only when update_at changed)', () => {
  /** Where this page load's calls start in `calls` (earlier blocks loaded pages of their own). */
  let pageLoad = 0;
  beforeAll(async () => {
    pageLoad = calls.length;
    freshTab();
    await signIn();
  });

  for (const kind of ['module', 'dashboard'] as const) {
    it(`a ${kind} schema comes from the cache while its update_at is unchanged, from the server once it differs`, async () => {
      const menus = session.menus as MenuInfo[];
      const id = String(
        kind === 'module'
          ? menus.find((menu) => Number(menu.type) === 1)!.module_id
          : menus.find((menu) => Number(menu.type) === 3)!.dashboard_id,
      );
      const load = kind === 'module' ? loadModule : loadDashboard;
      const versions = () => (kind === 'module' ? session.moduleVersions : session.dashboardVersions);
      const one = kind === 'module' ? `module/${id}` : `dashboard/${id}`;

      const first = await load(id);
      expect(versions()[id]).toBe(first.update_at);
      expect(readStored<ModuleRecord>('demo', `${kind}_${id}`)?.update_at).toBe(first.update_at);
      const fetched = callsTo(one);
      expect(fetched).toBe(1);

      // Same update_at on the server: the stored copy is used as it is, nothing fetched.
      writeStored('demo', `${kind}_${id}`, { ...first, title: 'from the cache' });
      expect((await load(id)).title).toBe('from the cache');
      expect(callsTo(one)).toBe(fetched);

      // The stored copy is of another update_at: fetched again, and the map follows.
      writeStored('demo', `${kind}_${id}`, { ...first, title: 'stale', update_at: first.update_at - 1 });
      const again = await load(id);
      expect(again.title).not.toBe('stale');
      expect(again.update_at).toBe(first.update_at);
      expect(callsTo(one)).toBe(fetched + 1);
      expect(versions()[id]).toBe(first.update_at);
    });
  }

  it('the version lists are asked with showFields id and update_at once per page load', async () => {
    // Sign-in already reads the module map (menus of deleted modules are left out), loading a
    // module reuses it.
    const lists = calls.slice(pageLoad).filter((call) => /sys_(module|dashboard)\/list$/.test(call));
    expect(lists).toEqual(['POST /api/common/tessera_sys_module/list', 'POST /api/common/tessera_sys_dashboard/list']);
  });
});

describe('the shell around the session', () => {
  beforeEach(async () => {
    freshTab();
    await signIn();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('P4007 from any call signs the user out and returns to login', async () => {
    render(<Shell at="/demo/404" />);
    await screen.findByText('页面不存在');
    const token = session.token!;
    // The session ends elsewhere (another tab logged out); this tab still holds the token.
    await request({ method: 'POST', url: 'auth/logout' });
    session.token = token;
    await act(async () => {
      await request({ method: 'GET', url: 'flows/todocount' });
    });
    await waitFor(() => expect(where()).toBe('/demo/login'));
    expect(localStorage.getItem(storageKey('demo', 'token'))).toBeNull();
    expect(session.user).toBeUndefined();
    await screen.findByPlaceholderText('请输入账号或手机号');
  });

  it('the to-do bell asks flows/todocount at once and again every 600000 ms', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    function Bell() {
      return <output data-testid="todo">{useTodoCount(true)}</output>;
    }
    const before = callsTo('flows/todocount');
    const view = render(<Bell />);
    await until(() => callsTo('flows/todocount') === before + 1, 'asked on mount');
    await act(async () => {
      vi.advanceTimersByTime(TODO_POLL_MS - 1);
    });
    expect(callsTo('flows/todocount')).toBe(before + 1);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    await until(() => callsTo('flows/todocount') === before + 2, 'asked again after 600000 ms');
    await until(() => screen.getByTestId('todo').textContent === '0', 'the count shown');
    view.unmount();
    await act(async () => {
      vi.advanceTimersByTime(TODO_POLL_MS * 2);
    });
    expect(callsTo('flows/todocount')).toBe(before + 2);
    expect(TODO_POLL_MS).toBe(600_000);
  });

  it('refresh cache says 正在刷新缓存... and then 缓存刷新成功!, and shows what changed; log out asks 真的要注销登录吗 ?', async () => {
    writeStored('demo', 'module_x', { id: 'x' });
    // An admin renames the app: the browser holds the old app info (stored for 7 days).
    const renamed = `演示应用 ${Date.now()}`;
    const saved = await request({
      method: 'PUT',
      url: `common/tessera_sys_app/${session.appInfo!.id}`,
      body: { title: renamed },
    });
    expect(saved.code).toBe('200');
    expect(session.appInfo?.title).not.toBe(renamed);
    render(
      <AntdApp>
        <MemoryRouter initialEntries={['/demo/index']}>
          <AvatarMenu menuMode="side" onMenuMode={() => undefined} />
        </MemoryRouter>
      </AntdApp>,
    );
    fireEvent.click(screen.getByTestId('user-menu'));
    fireEvent.click(await screen.findByTestId('avatar-refresh'));
    await screen.findByText('正在刷新缓存...');
    await screen.findByText('缓存刷新成功!');
    expect(readStored('demo', 'module_x')).toBeUndefined();
    expect(session.appInfo?.title).toBe(renamed);
    expect(readStored<{ title: string }>('demo', 'appInfo')?.title).toBe(renamed);
    expect(callsTo('auth/refreshCache')).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('user-menu'));
    fireEvent.click(await screen.findByTestId('avatar-logout'));
    await waitFor(() =>
      expect(document.querySelector('.ant-modal-confirm-title')?.textContent).toBe('真的要注销登录吗 ?'),
    );
  });
});

describe('the avatar popover (spec §2)', () => {
  it('personal center, change password and change mobile open the personal center on their tab', async () => {
    render(
      <AntdApp>
        <MemoryRouter initialEntries={['/demo/index']}>
          <Where />
          <AvatarMenu menuMode="side" onMenuMode={() => undefined} />
        </MemoryRouter>
      </AntdApp>,
    );
    for (const [item, tab] of [
      ['avatar-center', 'base'],
      ['avatar-password', 'change-password'],
      ['avatar-mobile', 'change-mobile'],
    ]) {
      fireEvent.click(screen.getByTestId('user-menu'));
      fireEvent.click(await screen.findByTestId(item));
      expect(where()).toBe(`/demo/user/detail?tab=${tab}`);
    }
  });
});

describe('app info (spec §8)', () => {
  beforeEach(() => {
    localStorage.clear();
    session.app = '';
  });

  it('an unknown app warns 应用地址不正确，请检查访问地址 and goes to 405', async () => {
    render(<Shell at="/no-such-app/index" />);
    await waitFor(() => expect(where()).toBe('/no-such-app/405'));
    // The warning message, and the 405 result page.
    await waitFor(() =>
      expect(document.querySelector('.ant-message-notice')?.textContent).toContain('应用地址不正确，请检查访问地址'),
    );
    expect(document.querySelector('.ant-result-warning')).not.toBeNull();
  });

  it('app info carries title, short title, logo, login cover, watermark and its rotation; the document takes the title', async () => {
    enterApp('demo');
    const info = await loadAppInfo('demo');
    expect(info).toMatchObject({ identify: 'demo', title: expect.any(String) });
    expect(Object.keys(info)).toEqual(
      expect.arrayContaining(['shortTitle', 'logo', 'login_cover', 'watermark', 'watermark_rotate']),
    );
    session.app = '';
    render(<Shell at="/demo/login" />);
    await waitFor(() => expect(document.title).toBe(info.title));
  });

  // Last: it stops the server.
  it('any other failure (server unreachable) shows 系统连接异常，请联系管理员', async () => {
    await server.stop();
    render(<Shell at="/demo/index" />);
    await screen.findByText('系统连接异常，请联系管理员');
    expect(where()).toBe('/demo/index');
  });
});
