/** Shapes the shell keeps about the signed-in user and the app (spec platform-shell §3). */
export interface RoleInfo {
  id: string;
  name: string;
  menu_ids: string;
  level?: number;
  identify: 'admin' | 'user' | 'trial' | string;
}

export interface UserInfo {
  id: string;
  name: string;
  mobile?: string;
  avatar?: string;
  role_ids: string;
  roles: RoleInfo[];
  menu_ids: string;
  appId: string;
  theme_config?: string | Record<string, string>;
  /** The app's QR key (32 hex), given to signed-in users only; see ./qr-key.ts. */
  qrKey?: string | null;
  /** An admin set the password: the shell allows only its change-password page until it changes. */
  mustChangePassword?: boolean;
}

export interface MenuInfo {
  id: string;
  title: string;
  icon?: string;
  module_id?: string;
  dashboard_id?: string;
  parent_id?: string;
  path?: string;
  url?: string;
  type: number;
  sort?: number;
}

export interface AppInfo {
  id: string;
  identify: string;
  title: string;
  shortTitle?: string;
  short_title?: string;
  logo?: string;
  login_cover?: string;
  /** Text, or 1 to mark pages with the viewer's name; 0 or empty for none. */
  watermark?: string | number;
  watermark_rotate?: number | null;
  source?: number;
  ai_config?: string | Record<string, unknown> | null;
  upload_config?: string | Record<string, unknown> | null;
  /** Client protections; default on in production builds (see app-settings.ts). */
  protect?: boolean;
  /** Whether DingTalk sign-in is configured. */
  dingtalk?: boolean;
  /** The app's default menu mode. */
  menu_mode?: 'side' | 'top';
  public_key?: string;
  encrypt?: boolean;
  table_prefix?: string;
  // From the app's system settings (docs/settings.md); null when not set.
  login_methods?: { password: boolean; sms: boolean; dingtalk: boolean };
  captcha?: boolean;
  default_lang?: 'zh' | 'en';
  theme_color?: string | null;
  about_text?: string | null;
  service_qr?: string | null;
  demo_video?: string | null;
}
