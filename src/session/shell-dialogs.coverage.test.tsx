// @vitest-environment happy-dom
/**
 * What the shell puts around every page (platform-shell §1, §2, §4, §9): the AI-app tip with
 * do-not-remind-again, client protections per app and per build, the navbar notices as error
 * result pages, and the login layout's cover and title size.
 */
import '../../tests/dom-setup';
import { App as AntdApp, ConfigProvider } from 'antd';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import { ShellDialogs } from '../dialogs/ShellDialogs';
import { ErrorPage } from '../pages/ErrorPage';
import { LoginLayout } from '../layouts/LoginLayout';
import { enterApp, session, setAppInfo, setUser, showNotice } from './store';
import type { AppInfo, UserInfo } from './types';

// Pages load lazily (src/routes/lazy-pages.ts): on a busy machine a chunk takes more than 1 s.
configure({ asyncUtilTimeout: 10_000 });

const admin: UserInfo = {
  id: 'u1',
  name: '管理员',
  role_ids: 'r1',
  roles: [{ id: 'r1', name: '管理员', menu_ids: '', identify: 'admin' }],
  menu_ids: '',
  appId: 'a1',
};
const app = (extra: Partial<AppInfo> = {}): AppInfo => ({ id: 'a1', identify: 'demo', title: '演示应用', ...extra });

function inShell(node: React.ReactNode) {
  return render(
    // As src/App.tsx provides it: the spec's labels without antd's inserted space.
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <AntdApp>
        <MemoryRouter initialEntries={['/demo/index']}>{node}</MemoryRouter>
      </AntdApp>
    </ConfigProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  session.app = '';
  session.notice = undefined;
  enterApp('demo');
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('AI-app tip (spec §4, §6)', () => {
  it('shows to an admin of an AI-made app until dismissed with 不再提醒, then never again', async () => {
    setAppInfo(app({ source: 1 }));
    setUser(admin, []);
    const first = inShell(<ShellDialogs />);
    await screen.findByText(/本应用由 AI 生成/);
    // Closing without the box: it comes back next time.
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    first.unmount();
    const second = inShell(<ShellDialogs />);
    await screen.findByText(/本应用由 AI 生成/);
    fireEvent.click(screen.getByText('不再提醒'));
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    second.unmount();
    inShell(<ShellDialogs />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/本应用由 AI 生成/)).toBeNull();
  });

  it('is not shown for an app that was not made by AI', async () => {
    setAppInfo(app({ source: 0 }));
    setUser(admin, []);
    inShell(<ShellDialogs />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/本应用由 AI 生成/)).toBeNull();
  });
});

describe('client protections (spec §1): per app, on in production builds, never in development', () => {
  const rightClick = () => {
    const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
    document.body.dispatchEvent(event);
    return event.defaultPrevented;
  };
  const f12 = () => {
    const event = new KeyboardEvent('keydown', { key: 'F12', bubbles: true, cancelable: true });
    document.body.dispatchEvent(event);
    return event.defaultPrevented;
  };

  it('a production build blocks right-click and F12, and F12 shows the debug-forbidden notice', () => {
    vi.stubEnv('DEV', false);
    setAppInfo(app());
    setUser(admin, []);
    const view = inShell(<ShellDialogs />);
    expect(rightClick()).toBe(true);
    expect(f12()).toBe(true);
    expect(session.notice).toBe('debug');
    view.unmount();
    expect(rightClick()).toBe(false);
  });

  it('an app that turns them off, or a development build, blocks nothing', () => {
    vi.stubEnv('DEV', false);
    setAppInfo(app({ protect: false }));
    const off = inShell(<ShellDialogs />);
    expect(rightClick()).toBe(false);
    expect(f12()).toBe(false);
    off.unmount();
    vi.stubEnv('DEV', true);
    setAppInfo(app({ protect: true }));
    inShell(<ShellDialogs />);
    expect(rightClick()).toBe(false);
    expect(f12()).toBe(false);
    expect(session.notice).toBeUndefined();
  });
});

describe('navbar notices render as error result pages (spec §2)', () => {
  it('debug panel forbidden and IP not allowed, in Chinese', () => {
    showNotice('debug');
    const debug = inShell(<ErrorPage status="debug" app="demo" />);
    expect(document.querySelector('.ant-result-403 .ant-result-title')?.textContent).toBe('禁止调试');
    debug.unmount();
    inShell(<ErrorPage status="ipBlocked" app="demo" />);
    expect(document.querySelector('.ant-result-403 .ant-result-title')?.textContent).toBe('访问受限');
    screen.getByText(/白名单/);
  });
});

describe('login layout (spec §2, §9)', () => {
  it('shows the cover and logo; the title is 28 px up to 10 characters, 280/length beyond', async () => {
    setAppInfo(app({ title: '十个字的应用名称正好', login_cover: '/files/cover.png', logo: '/files/logo.png' }));
    const short = inShell(<LoginLayout>form</LoginLayout>);
    expect(screen.getByRole('heading').style.fontSize).toBe('28px');
    expect((document.querySelector('[style*="background-image"]') as HTMLElement).style.backgroundImage).toContain(
      '/files/cover.png',
    );
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/files/logo.png');
    short.unmount();
    setAppInfo(app({ title: '一个名字超过十个字的企业应用' }));
    inShell(<LoginLayout>form</LoginLayout>);
    await waitFor(() => expect(screen.getByRole('heading').style.fontSize).toBe('20px'));
  });
});
