/**
 * What the shell derives from app info and the user (spec platform-shell §2, §3, §6): pure
 * functions, unit-tested, used by the layouts and the top bar.
 */
import type { AppInfo, UserInfo } from './types';

export interface AiConfig {
  enabled: boolean;
  showInNavBar: boolean;
  payMode: number;
  /** The ai/config page's feature switches: on unless switched off (docs/ai.md). */
  chat: boolean;
  draw: boolean;
  generator: boolean;
}

/** ai_config / upload_config arrive as an object or as its JSON text (older rows). */
export function jsonObject(value: unknown): Record<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  if (typeof value === 'string' && value.trim()) {
    try {
      const parsed: unknown = JSON.parse(value);
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  return {};
}

export function aiConfigOf(info: AppInfo | undefined): AiConfig {
  const raw = jsonObject(info?.ai_config);
  return {
    enabled: raw.enabled === true || raw.enabled === 1 || raw.enabled === '1',
    showInNavBar: raw.showInNavBar === true || raw.showInNavBar === 1 || raw.showInNavBar === '1',
    payMode: Number(raw.payMode ?? 0),
    chat: raw.chat !== false && raw.chat !== 0 && raw.chat !== '0',
    draw: raw.draw !== false && raw.draw !== 0 && raw.draw !== '0',
    generator: raw.generator !== false && raw.generator !== 0 && raw.generator !== '0',
  };
}

export function roleIdentifies(user: UserInfo | undefined): string[] {
  return (user?.roles ?? []).map((role) => String(role.identify));
}

/** Admins and trial accounts see the AI create app, about us, service QR, readme and video items. */
export const isAdminOrTrial = (user: UserInfo | undefined) =>
  roleIdentifies(user).some((identify) => identify === 'admin' || identify === 'trial');

export const isAdmin = (user: UserInfo | undefined) => roleIdentifies(user).includes('admin');

export interface BarItems {
  adminTools: boolean;
  /** AI create app: an admin tool, shown only when the app has AI enabled (issue 22, item 7). */
  aiApp: boolean;
  aiChat: boolean;
  aiDraw: boolean;
  recharge: boolean;
}

/** Which conditional items the top-right bar shows. */
export function barItems(info: AppInfo | undefined, user: UserInfo | undefined): BarItems {
  const ai = aiConfigOf(info);
  const aiInBar = ai.enabled && ai.showInNavBar;
  const adminTools = isAdminOrTrial(user);
  return {
    adminTools,
    aiApp: adminTools && ai.enabled && ai.generator,
    aiChat: aiInBar && ai.chat,
    aiDraw: aiInBar && ai.draw,
    recharge: ai.payMode === 3,
  };
}

/** The bell's badge: the count, or 9+ above 9; nothing at 0. */
export function todoBadge(count: number): string | undefined {
  if (!Number.isFinite(count) || count <= 0) return undefined;
  return count > 9 ? '9+' : String(Math.floor(count));
}

/**
 * The watermark text: the app's own text when it has one; 1 (switched on without text) marks pages
 * with who is looking (name and the mobile's last four digits); 0 or empty means none.
 */
export function watermarkText(info: AppInfo | undefined, user: UserInfo | undefined): string | undefined {
  const mark = info?.watermark as unknown;
  if (typeof mark === 'string' && mark.trim() && mark.trim() !== '0' && mark.trim() !== '1') return mark.trim();
  if (mark === 1 || mark === '1' || mark === true) {
    const tail = user?.mobile ? String(user.mobile).slice(-4) : '';
    return [user?.name, tail].filter(Boolean).join(' ') || info?.title;
  }
  return undefined;
}

export const watermarkRotate = (info: AppInfo | undefined) =>
  Number.isFinite(Number(info?.watermark_rotate)) && info?.watermark_rotate !== null
    ? Number(info?.watermark_rotate)
    : -22;

/**
 * Client protections (console silenced, right-click and F12 blocked): never in development; in a
 * production build on unless the app switches them off (app info `protect: false`).
 */
export function protectionsEnabled(info: AppInfo | undefined, isDev: boolean): boolean {
  if (isDev) return false;
  const setting = (info as { protect?: unknown } | undefined)?.protect;
  return !(setting === false || setting === 0 || setting === '0');
}

export type MenuMode = 'side' | 'top';

/** The user's choice wins; else the app's default (app info `menu_mode`); else side. */
export function menuModeOf(info: AppInfo | undefined, userChoice: unknown): MenuMode {
  if (userChoice === 'side' || userChoice === 'top') return userChoice;
  const appDefault = (info as { menu_mode?: unknown } | undefined)?.menu_mode;
  return appDefault === 'top' ? 'top' : 'side';
}

/** Complete-info dialog: a 'user' role in this app and no customer record yet (spec §4). */
export function needsCompleteInfo(user: UserInfo | undefined, customerCount: number): boolean {
  return roleIdentifies(user).includes('user') && customerCount === 0;
}

/** AI-app tip: admins, app source 1, not dismissed for good. */
export function showsAiTip(info: AppInfo | undefined, user: UserInfo | undefined, dismissed: boolean): boolean {
  return isAdmin(user) && Number(info?.source) === 1 && !dismissed;
}
