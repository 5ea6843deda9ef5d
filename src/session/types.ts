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
  watermark?: string;
  watermark_rotate?: number;
  source?: number;
  ai_config?: string;
  upload_config?: string;
  public_key?: string;
  encrypt?: boolean;
  table_prefix?: string;
}
