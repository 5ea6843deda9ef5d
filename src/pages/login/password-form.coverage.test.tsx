// @vitest-environment happy-dom
/**
 * The password sign-in form against the real server (tests/helpers/shell-server.ts), with the
 * picture code held on its way: a click on 登录 before the picture has arrived is never silent — the
 * user is told the code is loading and nothing is sent — and once the picture is there, its code
 * signs in.
 */
import '../../../tests/dom-setup';
import { App as AntdApp } from 'antd';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { browseFrom, SHELL_CAPTCHA, startShellServer, type ShellServer } from '../../../tests/helpers/shell-server';
import { loadAppInfo } from '../../session/actions';
import { enterApp } from '../../session/store';
import { PasswordForm } from './PasswordForm';

configure({ asyncUtilTimeout: 10_000 });

let server: ShellServer;
let calls: string[];
/** Lets the held picture-code answers through. */
let releaseCode: () => void = () => undefined;

beforeAll(async () => {
  server = await startShellServer();
  calls = browseFrom(server.origin);
  // The picture code's answers wait until the test lets them through (a slow network).
  const pageFetch = globalThis.fetch;
  const codeArrives = new Promise<void>((resolve) => (releaseCode = resolve));
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.includes('auth/getPicCode')) await codeArrives;
    return pageFetch(input, init);
  }) as typeof fetch;
  // The server is a child process: slow to start on a busy machine.
}, 180_000);
afterAll(async () => {
  releaseCode();
  await server?.stop();
});

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}

const fill = (placeholder: string, value: string) =>
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });

it('tells the user the code is loading when 登录 is clicked before the picture arrives, then signs in with it', async () => {
  localStorage.clear();
  sessionStorage.clear();
  enterApp('demo');
  await loadAppInfo('demo');
  render(
    <AntdApp>
      <MemoryRouter initialEntries={['/demo/login']}>
        <Where />
        <Routes>
          <Route path="/:app/login" element={<PasswordForm />} />
          <Route path="/:app/index" element={<p>home</p>} />
        </Routes>
      </MemoryRouter>
    </AntdApp>,
  );
  expect(screen.getByTestId('pic-code').textContent).toBe('加载中…');
  fill('请输入账号或手机号', 'admin');
  fill('请输入密码', 'Tessera@2026');
  fill('请输入图形验证码', 'ABCD');
  fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
  await screen.findByText('验证码加载中，请看清图片中的验证码后再登录');
  expect(calls.filter((call) => call === 'POST /api/auth/login')).toEqual([]);
  expect(screen.getByTestId('where').textContent).toBe('/demo/login');

  releaseCode();
  await waitFor(() => expect(screen.getByTestId('pic-code').querySelector('img')).not.toBeNull());
  fill('请输入图形验证码', SHELL_CAPTCHA);
  fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
  await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/demo/index'));
  // One picture asked for: the early click waited for the one on its way.
  expect(calls.filter((call) => call === 'GET /api/auth/getPicCode')).toHaveLength(1);
});
