// @vitest-environment happy-dom
/**
 * Menu types 1–6 as a user meets them (platform-shell §2 "Menu types"): clicking each kind in the
 * side menu, and the frame page for types 4 and 5. The browser's own window.open and
 * location.assign are watched (they would leave the test page); everything else is the real shell.
 */
import '../../tests/dom-setup';
import { App as AntdApp } from 'antd';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import { NavMenu } from '../layouts/NavMenu';
import { FramePage } from '../pages/FramePage';
import { enterApp, session, setUser } from '../session/store';
import type { MenuInfo } from '../session/types';

const MENUS: MenuInfo[] = [
  { id: 'g', title: '业务', type: 0, sort: 1 },
  { id: 'm1', title: '客户模块', type: 1, module_id: 'mod-1', parent_id: 'g', sort: 1 },
  { id: 'm2', title: '用户列表', type: 2, path: '/user', parent_id: 'g', sort: 2 },
  { id: 'm3', title: '经营看板', type: 3, dashboard_id: 'dash-1', sort: 3 },
  { id: 'm4', title: '帮助文档', type: 4, url: 'https://docs.example.com/help', sort: 4 },
  { id: 'm5', title: '旧系统', type: 5, url: 'https://old.example.com/', sort: 5 },
  { id: 'm6', title: '官网', type: 6, url: 'https://www.example.com/', sort: 6 },
  { id: 'm7', title: '坏链接', type: 6, url: 'javascript:alert(1)', sort: 7 },
  { id: 'm8', title: '坏框架', type: 4, url: 'javascript:alert(1)', sort: 8 },
];

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}
const where = () => screen.getByTestId('where').textContent;

function renderAt(path: string, element: React.ReactNode) {
  return render(
    <AntdApp>
      <MemoryRouter initialEntries={[path]}>
        <Where />
        <Routes>
          <Route path="*" element={element} />
        </Routes>
      </MemoryRouter>
    </AntdApp>,
  );
}

beforeEach(() => {
  localStorage.clear();
  session.app = '';
  enterApp('demo');
  setUser(
    { id: 'u', name: '张三', role_ids: 'r', roles: [], menu_ids: MENUS.map((m) => m.id).join(','), appId: 'a' },
    MENUS,
  );
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('clicking a menu entry (spec §2 menu types)', () => {
  it('1 opens common/{module_id}, 2 its fixed path, 3 dashboard/common/{dashboard_id}, 4 and 5 frame/{menu_id}', () => {
    renderAt('/demo/index', <NavMenu path="index" mode="inline" />);
    const expected: [string, string][] = [
      ['客户模块', '/demo/common/mod-1'],
      ['用户列表', '/demo/user'],
      ['经营看板', '/demo/dashboard/common/dash-1'],
      ['帮助文档', '/demo/frame/m4'],
      ['旧系统', '/demo/frame/m5'],
    ];
    for (const [title, path] of expected) {
      fireEvent.click(screen.getByText(title));
      expect(where(), title).toBe(path);
    }
  });

  it('6 opens the url in a new window (never a javascript: url) and stays on the page', () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderAt('/demo/index', <NavMenu path="index" mode="inline" />);
    fireEvent.click(screen.getByText('官网'));
    expect(open).toHaveBeenCalledWith('https://www.example.com/', '_blank', 'noopener,noreferrer');
    fireEvent.click(screen.getByText('坏链接'));
    expect(open).toHaveBeenCalledTimes(1);
    expect(where()).toBe('/demo/index');
  });

  it('the menu is a tree from parent_id in sort order, under the home entry', () => {
    renderAt('/demo/index', <NavMenu path="index" mode="inline" />);
    const titles = [...document.querySelectorAll('.ant-menu-title-content')].map((el) => el.textContent);
    expect(titles).toEqual([
      '首页',
      '业务',
      '客户模块',
      '用户列表',
      '经营看板',
      '帮助文档',
      '旧系统',
      '官网',
      '坏链接',
      '坏框架',
    ]);
    const group = screen.getByText('业务').closest('li');
    expect(group?.querySelector('ul')?.textContent).toContain('客户模块');
  });
});

describe('the frame page (types 4 and 5)', () => {
  it('4 shows the menu url in a frame and stays', () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    renderAt('/demo/frame/m4', <FramePage menuId="m4" />);
    const frame = screen.getByTitle('帮助文档');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('https://docs.example.com/help');
    expect(assign).not.toHaveBeenCalled();
  });

  it('5 shows the frame, then sends the window to the menu url', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    renderAt('/demo/frame/m5', <FramePage menuId="m5" />);
    expect(screen.getByTitle('旧系统').getAttribute('src')).toBe('https://old.example.com/');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://old.example.com/'));
  });

  it('a javascript: url or an unknown menu is never framed: the page says it is not configured', () => {
    renderAt('/demo/frame/m8', <FramePage menuId="m8" />);
    expect(document.querySelector('iframe')).toBeNull();
    screen.getByText('该模块尚未配置');
  });
});
