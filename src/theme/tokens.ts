/**
 * The user's theme (platform-shell §9: "theme variables are read from the user's theme_config,
 * including primary-color, and applied as colours") → antd 5 design tokens. theme_config is the
 * user row's JSON text (or the parsed object): Less-style names from the original platform
 * ("primary-color") and antd token names ("colorPrimary") are both accepted. Values are checked:
 * only colours and small numbers pass, so a crafted theme_config cannot inject CSS.
 */
export type ThemeTokens = Partial<{
  colorPrimary: string;
  colorLink: string;
  colorSuccess: string;
  colorWarning: string;
  colorError: string;
  colorInfo: string;
  colorTextBase: string;
  colorBgBase: string;
  borderRadius: number;
  fontSize: number;
}>;

const COLOR_KEYS: Record<string, keyof ThemeTokens> = {
  'primary-color': 'colorPrimary',
  'link-color': 'colorLink',
  'success-color': 'colorSuccess',
  'warning-color': 'colorWarning',
  'error-color': 'colorError',
  'info-color': 'colorInfo',
  'text-color': 'colorTextBase',
  'body-background': 'colorBgBase',
};
const NUMBER_KEYS: Record<string, { token: keyof ThemeTokens; min: number; max: number }> = {
  'border-radius-base': { token: 'borderRadius', min: 0, max: 32 },
  'font-size-base': { token: 'fontSize', min: 10, max: 24 },
};

const COLOR =
  /^(#[0-9a-f]{3}|#[0-9a-f]{4}|#[0-9a-f]{6}|#[0-9a-f]{8}|rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+)\s*)?\))$/i;

function parse(config: unknown): Record<string, unknown> {
  if (typeof config === 'string') {
    try {
      const parsed: unknown = JSON.parse(config);
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  return config && typeof config === 'object' && !Array.isArray(config) ? (config as Record<string, unknown>) : {};
}

export function themeTokens(config: unknown): ThemeTokens {
  const tokens: Record<string, string | number> = {};
  for (const [rawKey, value] of Object.entries(parse(config))) {
    const key = rawKey.replace(/^@/, '');
    const colorToken =
      COLOR_KEYS[key] ?? (Object.values(COLOR_KEYS).includes(key as keyof ThemeTokens) ? key : undefined);
    if (colorToken) {
      if (typeof value === 'string' && COLOR.test(value.trim())) tokens[colorToken] = value.trim();
      continue;
    }
    const numeric = NUMBER_KEYS[key] ?? Object.values(NUMBER_KEYS).find((n) => n.token === key);
    if (numeric) {
      const n = typeof value === 'number' ? value : Number.parseFloat(String(value));
      if (Number.isFinite(n) && n >= numeric.min && n <= numeric.max) tokens[numeric.token] = n;
    }
  }
  return tokens as ThemeTokens;
}
