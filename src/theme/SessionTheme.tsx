/**
 * The signed-in user's theme around the shell's layouts: reads theme_config from the session so a
 * sign-in, a refreshed user info or a switch of app re-themes without a reload. Sits inside the
 * shell's ConfigProvider (locale, button settings) and overrides only the tokens the user set.
 */
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../session/store';
import { UserTheme } from './UserTheme';

export function SessionTheme({ children }: { children: ReactNode }) {
  const { user } = useSnapshot(session);
  return <UserTheme themeConfig={user?.theme_config}>{children}</UserTheme>;
}
