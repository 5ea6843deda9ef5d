/**
 * <UserTheme themeConfig={user.theme_config}>: a nested antd ConfigProvider whose tokens come from
 * the user's theme_config. Nested providers inherit everything else (locale, the shell's button
 * settings, the outer tokens) and override only what the user set.
 */
import { useMemo, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { themeTokens, type ThemeTokens } from './tokens';

export function useUserThemeTokens(themeConfig: unknown): ThemeTokens {
  const key = typeof themeConfig === 'string' ? themeConfig : JSON.stringify(themeConfig ?? null);
  // Keyed by content: a new object with the same theme does not rebuild antd's styles.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => themeTokens(themeConfig), [key]);
}

export function UserTheme({ themeConfig, children }: { themeConfig: unknown; children: ReactNode }) {
  const token = useUserThemeTokens(themeConfig);
  return <ConfigProvider theme={{ inherit: true, token }}>{children}</ConfigProvider>;
}
