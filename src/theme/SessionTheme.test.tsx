// @vitest-environment happy-dom
import '../../tests/dom-setup';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { Button, ConfigProvider, theme } from 'antd';
import { session } from '../session/store';
import type { UserInfo } from '../session/types';
import { SessionTheme } from './SessionTheme';

afterEach(() => {
  cleanup();
  session.user = undefined;
});

const user = (id: string, themeConfig: UserInfo['theme_config']): UserInfo => ({
  id,
  name: id,
  role_ids: '',
  roles: [],
  menu_ids: '',
  appId: 'demo',
  theme_config: themeConfig,
});

function Probe({ id }: { id: string }) {
  const { token } = theme.useToken();
  return <span data-testid={id} data-primary={token.colorPrimary} data-radius={token.borderRadius} />;
}

/** The CSS antd injected for primary buttons (cssinjs writes <style> tags into the document). */
const primaryButtonCss = () =>
  [...document.querySelectorAll('style')]
    .map((s) => s.textContent ?? '')
    .filter((text) => text.includes('.ant-btn-primary') || text.includes('ant-btn-variant-solid'))
    .join('\n')
    .toLowerCase();

describe('<SessionTheme> (the signed-in user’s theme_config inside the shell’s ConfigProvider)', () => {
  it('applies primary-color to antd inside it and leaves the shell outside it untouched', () => {
    session.user = user('u1', '{"primary-color":"#ff5500","border-radius-base":"2px"}');
    const { getByTestId } = render(
      <ConfigProvider theme={{ token: { colorPrimary: '#1677ff' } }}>
        <Probe id="outside" />
        <SessionTheme>
          <Probe id="inside" />
          <Button type="primary">保存</Button>
        </SessionTheme>
      </ConfigProvider>,
    );
    expect(getByTestId('inside').dataset.primary).toBe('#ff5500');
    expect(getByTestId('inside').dataset.radius).toBe('2');
    expect(getByTestId('outside').dataset.primary).toBe('#1677ff');
    // The token reaches the button's generated style, not just the context.
    expect(primaryButtonCss()).toContain('#ff5500');
  });

  it('follows the session: a user without theme_config gets the shell colour, a new user re-themes', async () => {
    const { getByTestId } = render(
      <ConfigProvider theme={{ token: { colorPrimary: '#1677ff' } }}>
        <SessionTheme>
          <Probe id="inside" />
        </SessionTheme>
      </ConfigProvider>,
    );
    expect(getByTestId('inside').dataset.primary).toBe('#1677ff');
    // valtio notifies asynchronously: let the microtask run inside act.
    await act(async () => {
      session.user = user('u2', { 'primary-color': '#00aa00' });
    });
    expect(getByTestId('inside').dataset.primary).toBe('#00aa00');
    // A hostile value is dropped, the shell colour stays.
    await act(async () => {
      session.user = user('u3', '{"primary-color":"red;}body{display:none"}');
    });
    expect(getByTestId('inside').dataset.primary).toBe('#1677ff');
  });
});
