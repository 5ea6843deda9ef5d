/**
 * An app's system settings (issue 16 item 3, docs/settings.md): one flat object, so the sys page's
 * form edits it field by field (form keys cannot hold a dot). SETTINGS_SCHEMA is the one JSON schema
 * of a save (PUT api/sys/settings/current): every range, enum and format lives here, and each
 * property names its zh/en message (`x-error`, protocol/messages/sys.ts). DEFAULT_SETTINGS are what
 * the platform did before the page existed, so an app nobody configured behaves as it always did.
 *
 * Three settings live on the app row, not in the settings table, because the shell and the hooks
 * already read them there: `encrypt` (the envelope), `watermark` and `ip_allow_list`.
 */

export const PASSWORD_CLASSES = ['letter', 'lower', 'upper', 'digit', 'symbol'] as const;
export type PasswordClass = (typeof PASSWORD_CLASSES)[number];
export const LANGS = ['zh', 'en'] as const;

export interface SysSettings {
  login_password: boolean;
  login_sms: boolean;
  login_dingtalk: boolean;
  /** The picture code at password sign-in; off: never asked. */
  captcha_enabled: boolean;
  /** Asked only once the account+address pair failed this many times (0: always). */
  captcha_after_failures: number;
  password_min_length: number;
  password_classes: PasswordClass[];
  /** Days a password is good for (0: forever); then the must-change gate (P4011) applies. */
  password_expiry_days: number;
  /** How many previous passwords may not be used again (0: no check). */
  password_history: number;
  /** Failed sign-ins (per account and address) before the pair is locked. */
  lockout_attempts: number;
  lockout_minutes: number;
  /** Lifetime of a session token (the spec's 7 days by default). */
  session_days: number;
  upload_max_mb: number;
  /** File extensions an upload may have, comma-separated ("" = the built-in rules only). */
  upload_types: string;
  default_lang: (typeof LANGS)[number];
  /** The app's primary colour for users without a theme of their own ("" = the built-in blue). */
  theme_color: string;
  about_text: string;
  /** Picture of the customer-service QR code: https://…, a site path or data:image. */
  service_qr: string;
  /** http(s) address of the demo video. */
  demo_video: string;
  // On the app row (see above).
  encrypt: boolean;
  watermark: boolean;
  ip_allow_list: string;
}

/** The keys kept in the settings table (all but the app-row ones). */
export type StoredSettings = Omit<SysSettings, 'encrypt' | 'watermark' | 'ip_allow_list'>;
export const APP_ROW_SETTINGS = ['encrypt', 'watermark', 'ip_allow_list'] as const;

export const DEFAULT_SETTINGS: StoredSettings = {
  login_password: true,
  login_sms: true,
  login_dingtalk: true,
  captcha_enabled: true,
  captcha_after_failures: 0,
  password_min_length: 8,
  password_classes: ['letter', 'digit'],
  password_expiry_days: 0,
  password_history: 0,
  lockout_attempts: 5,
  lockout_minutes: 15,
  session_days: 7,
  upload_max_mb: 50,
  upload_types: '',
  default_lang: 'zh',
  theme_color: '',
  about_text: '',
  service_qr: '',
  demo_video: '',
};

/** Upper bounds the server relies on elsewhere (history checks cost one scrypt each). */
export const LIMITS = {
  minLength: [8, 64],
  captchaAfter: [0, 20],
  expiryDays: [0, 3650],
  history: [0, 24],
  lockoutAttempts: [3, 100],
  lockoutMinutes: [1, 1440],
  sessionDays: [1, 365],
  uploadMb: [1, 2048],
} as const;

const ERROR = 'x-error';
/** A switch: true / false, or the 1 / 0 the switch widget stores (the sys page's form sends those). */
const flag = (description: string, error: string) =>
  ({ type: ['boolean', 'integer'], enum: [true, false, 0, 1], description, [ERROR]: error }) as const;
const CLASS_LIST = `(${PASSWORD_CLASSES.join('|')})`;
const whole = (range: readonly [number, number], description: string, error: string) =>
  ({ type: 'integer', minimum: range[0], maximum: range[1], description, [ERROR]: error }) as const;

const DATA_IMAGE = 'data:image/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}';
/** http(s) with a host, no spaces, quotes or brackets (the value ends up in src= and url()). */
const HTTP_URL = 'https?://[^\\s"\'()<>\\\\/]+(/[^\\s"\'()<>\\\\]*)?';
const SITE_PATH = '/(?!/)[^\\s"\'()<>\\\\]*';
/** One pattern, so a refusal names the field's own message (an anyOf would report its first branch). */
const either = (...alternatives: string[]) => `^(${['', ...alternatives].join('|')})$`;

/** The body of a save; the route adds the echoed `id`. */
export const SETTINGS_SCHEMA = {
  type: 'object',
  description: "The app's system settings (docs/settings.md); every key optional, unknown keys refused",
  additionalProperties: false,
  properties: {
    login_password: flag('Sign-in with account and password allowed', 'sys.flagInvalid'),
    login_sms: flag('Sign-in with an SMS code allowed', 'sys.flagInvalid'),
    login_dingtalk: flag('Sign-in with DingTalk allowed', 'sys.flagInvalid'),
    captcha_enabled: flag('Picture code asked at password sign-in', 'sys.flagInvalid'),
    captcha_after_failures: whole(LIMITS.captchaAfter, 'Failures before the picture code is asked', 'sys.captchaAfter'),
    password_min_length: whole(LIMITS.minLength, 'Shortest password allowed', 'sys.minLength'),
    // A list, or the comma-joined text a checkbox group stores (null: none ticked).
    password_classes: {
      type: ['array', 'string', 'null'],
      pattern: `^(${CLASS_LIST}(,${CLASS_LIST})*)?$`,
      uniqueItems: true,
      maxItems: PASSWORD_CLASSES.length,
      items: { enum: [...PASSWORD_CLASSES], [ERROR]: 'sys.classes' },
      description: 'Kinds of character a password must hold',
      [ERROR]: 'sys.classes',
    },
    password_expiry_days: whole(LIMITS.expiryDays, 'Days a password is good for (0: forever)', 'sys.expiryDays'),
    password_history: whole(LIMITS.history, 'Previous passwords that may not be reused', 'sys.history'),
    lockout_attempts: whole(LIMITS.lockoutAttempts, 'Failed sign-ins before the lock', 'sys.lockoutAttempts'),
    lockout_minutes: whole(LIMITS.lockoutMinutes, 'Minutes the lock lasts', 'sys.lockoutMinutes'),
    session_days: whole(LIMITS.sessionDays, 'Days a session lasts', 'sys.sessionDays'),
    upload_max_mb: whole(LIMITS.uploadMb, 'Largest upload in MB', 'sys.uploadMb'),
    upload_types: {
      type: 'string',
      maxLength: 500,
      pattern: '^\\s*([A-Za-z0-9]{1,10}\\s*(,\\s*[A-Za-z0-9]{1,10}\\s*)*)?$',
      description: 'Allowed file extensions, comma-separated, without dots ("" = all the built-in rules allow)',
      [ERROR]: 'sys.uploadTypes',
    },
    default_lang: { enum: [...LANGS], description: 'Language before a user picks one', [ERROR]: 'sys.lang' },
    theme_color: {
      type: 'string',
      pattern: '^(#[0-9a-fA-F]{6})?$',
      description: 'Primary colour #rrggbb ("" = built-in)',
      [ERROR]: 'sys.themeColor',
    },
    about_text: { type: 'string', maxLength: 2000, description: 'About-us text of the top bar' },
    service_qr: {
      type: 'string',
      maxLength: 512 * 1024,
      pattern: either(HTTP_URL, SITE_PATH, DATA_IMAGE),
      description: 'Customer-service QR picture: https://…, a site path or a data:image URL',
      [ERROR]: 'sys.imageUrl',
    },
    demo_video: {
      type: 'string',
      maxLength: 2048,
      pattern: either(HTTP_URL),
      description: 'Demo video address, http(s) only',
      [ERROR]: 'sys.videoUrl',
    },
    encrypt: flag('Crypto envelope on (app.encrypt)', 'sys.flagInvalid'),
    watermark: flag('Watermark on (app.watermark)', 'sys.flagInvalid'),
    ip_allow_list: {
      type: 'string',
      maxLength: 8000,
      description: 'Addresses and CIDR ranges allowed, one per line or comma-separated ("" = everyone)',
    },
  },
} as const;

const FLAG_KEYS = [
  ...Object.keys(DEFAULT_SETTINGS).filter((key) => typeof DEFAULT_SETTINGS[key as keyof StoredSettings] === 'boolean'),
  'encrypt',
  'watermark',
];

/** The settings of a checked save body as stored: switches as booleans, the classes as a list. */
export function normaliseSettings(body: Record<string, unknown>): Partial<SysSettings> {
  const out: Record<string, unknown> = { ...body };
  for (const key of FLAG_KEYS) if (body[key] === 0 || body[key] === 1) out[key] = body[key] === 1;
  const classes = body.password_classes;
  if (classes !== undefined)
    out.password_classes =
      classes === null ? [] : Array.isArray(classes) ? classes : String(classes).split(',').filter(Boolean);
  return out as Partial<SysSettings>;
}

/** Reads a stored settings text: each known key whose value has the default's type, else the default. */
export function storedSettings(text: string | null | undefined): StoredSettings {
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = {};
  }
  const out: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  if (typeof parsed !== 'object' || parsed === null) return out as unknown as StoredSettings;
  for (const [key, fallback] of Object.entries(DEFAULT_SETTINGS)) {
    const value = (parsed as Record<string, unknown>)[key];
    const fits = Array.isArray(fallback) ? Array.isArray(value) : typeof value === typeof fallback;
    if (fits) out[key] = value;
  }
  return out as unknown as StoredSettings;
}

/** Whether a password holds a character of this class. */
export const CLASS_TESTS: Record<PasswordClass, RegExp> = {
  letter: /[A-Za-z]/,
  lower: /[a-z]/,
  upper: /[A-Z]/,
  digit: /\d/,
  symbol: /[^A-Za-z0-9\s]/,
};
