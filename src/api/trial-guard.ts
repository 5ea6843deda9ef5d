/**
 * The client's mirror of the trial-account rule (platform-shell §4, §6; the server's own check is
 * server/access/hook.ts): a trial account may only GET or list on the protected areas — the common
 * API on system tables, database, user, auth/changePwd and auth/forgetPwd. A write there is
 * answered here with the server's code and message, without a request; the server refuses it
 * anyway, so this only spares the round trip and shows the message at once.
 */
import { ResultCode } from '../../protocol/codes';

/** The areas of spec §6, for a call URL relative to the API root (`common/x/list`, `auth/changePwd`). */
export function isProtectedArea(url: string, tablePrefix: string): boolean {
  const path = url
    .replace(/^\/+/, '')
    .replace(/^api\//, '')
    .split(/[?#]/)[0];
  if (path.startsWith(`common/${tablePrefix}`)) return true;
  return /^(database|user)(\/|$)/.test(path) || /^auth\/(changePwd|forgetPwd)\/?$/.test(path);
}

/** True when a trial account's call must be refused: a non-GET, non-list call on a protected area. */
export function trialRefuses(
  roleIdentifies: readonly string[],
  call: { method?: string; url: string },
  tablePrefix: string,
): boolean {
  // Admin is stronger than trial, as on the server (server/access/grants.ts roleFlags).
  if (!roleIdentifies.includes('trial') || roleIdentifies.includes('admin')) return false;
  const method = (call.method ?? 'GET').toUpperCase();
  if (method === 'GET' || method === 'HEAD') return false;
  if (/\/list\/?(?:[?#]|$)/.test(call.url)) return false;
  return isProtectedArea(call.url, tablePrefix);
}

export const TRIAL_CODE = ResultCode.TRIAL_FORBIDDEN;
