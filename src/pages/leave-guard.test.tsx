// @vitest-environment happy-dom
import '../../tests/dom-setup';
import { App as AntdApp } from 'antd';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useLeaveGuard } from './leave-guard';

/** A page with unsaved changes (toggled by a button), a link away and a confirmed "Back". */
function Editor() {
  const [dirty, setDirty] = useState(true);
  const guard = useLeaveGuard(dirty, '有未保存的修改，确定离开吗？');
  const navigate = useNavigate();
  return (
    <div>
      <p>编辑页</p>
      <button onClick={() => setDirty(false)}>保存</button>
      <Link to="/other">别的菜单</Link>
      <button onClick={() => guard.pass(() => navigate('/other'))}>返回</button>
    </div>
  );
}

function renderAt() {
  render(
    <AntdApp>
      <MemoryRouter initialEntries={['/edit']}>
        <Routes>
          <Route path="/edit" element={<Editor />} />
          <Route path="/other" element={<p>别的页面</p>} />
        </Routes>
      </MemoryRouter>
    </AntdApp>,
  );
}

const asked = () => screen.queryAllByText('有未保存的修改，确定离开吗？').length > 0;
/** The newest confirm's button (a closed one may still be animating out). */
const lastButton = (name: RegExp) => screen.getAllByRole('button', { name }).at(-1)!;

describe('leave guard (in-app navigation away from unsaved changes)', () => {
  it('asks before a link leaves: cancel stays, OK leaves', async () => {
    renderAt();
    fireEvent.click(screen.getByText('别的菜单'));
    await waitFor(() => expect(asked()).toBe(true));
    fireEvent.click(lastButton(/取\s*消|Cancel/));
    expect(screen.getByText('编辑页')).toBeTruthy();
    expect(screen.queryByText('别的页面')).toBeNull();

    const confirms = () => screen.getAllByRole('button', { name: /确\s*定|OK/ }).length;
    const before = confirms();
    fireEvent.click(screen.getByText('别的菜单'));
    await waitFor(() => expect(confirms()).toBe(before + 1));
    fireEvent.click(lastButton(/确\s*定|OK/));
    await waitFor(() => expect(screen.getByText('别的页面')).toBeTruthy());
  });

  it('lets a clean page go without asking', async () => {
    renderAt();
    fireEvent.click(screen.getByText('保存'));
    fireEvent.click(screen.getByText('别的菜单'));
    await waitFor(() => expect(screen.getByText('别的页面')).toBeTruthy());
    expect(asked()).toBe(false);
  });

  it('does not ask twice for a move the page confirmed itself', async () => {
    renderAt();
    fireEvent.click(screen.getByText('返回'));
    await waitFor(() => expect(screen.getByText('别的页面')).toBeTruthy());
    expect(asked()).toBe(false);
  });
});
