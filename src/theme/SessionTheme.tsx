/**
 * The signed-in user's theme around the shell's layouts: reads theme_config from the session so a
 * sign-in, a refreshed user info or a switch of app re-themes without a reload. Sits inside the
 * shell's ConfigProvider (locale, button settings) and overrides only the tokens the user set.
 * Under it, the app's primary colour from its system settings (docs/settings.md): the default for
 * users without a theme of their own. Always the same tree, so a colour change re-themes in place.
 */
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../session/store';
import { UserTheme } from './UserTheme';

const HEX = /^#[0-9a-f]{6}$/i;

export function SessionTheme({ children }: { children: ReactNode }) {
  const { user, appInfo } = useSnapshot(session);
  const color = appInfo?.theme_color;
  const token = color && HEX.test(color) ? { colorPrimary: color } : {};
  return (
    <ConfigProvider theme={{ inherit: true, token }}>
      <UserTheme themeConfig={user?.theme_config}>{children}</UserTheme>
    </ConfigProvider>
  );
}
