/**
 * The one HTTP client: ky with the spec's headers (platform-shell §7), the crypto envelope, token
 * renewal from the `authorization` response header, P4007 → sign out, and P4018 (address not on
 * the app's IP allow list) → the ipBlocked result page in place of the page. Exposes `request`, the
 * RequestFn the runtime's data providers use. The mechanics live in ./create-client.ts.
 */
import type { KyInstance } from 'ky';
import { ClientEnvelope } from '../../protocol/envelope/client';
import type { RequestFn } from '../../protocol/http';
import { DEFAULT_TABLE_PREFIX } from '../../protocol/constants';
import { createApiClient } from './create-client';
import { TRIAL_CODE, trialRefuses } from './trial-guard';
import { applyNotice } from './notices';
import { session, setToken } from '../session/store';
import { currentLang, i18n } from '../i18n';

let envelope: { key: string; value: ClientEnvelope } | undefined;

/** The envelope for the current app, or none when the app has encryption switched off. */
export function currentEnvelope(): ClientEnvelope | undefined {
  const info = session.appInfo;
  if (!info?.encrypt || !info.public_key) return undefined;
  if (envelope?.key !== info.public_key)
    envelope = { key: info.public_key, value: new ClientEnvelope(info.public_key) };
  return envelope.value;
}

type LogoutListener = () => void;
const logoutListeners = new Set<LogoutListener>();
/** Subscribed by the router: P4007 anywhere signs the user out and returns to login. */
export function onLogout(listener: LogoutListener): () => void {
  logoutListeners.add(listener);
  return () => logoutListeners.delete(listener);
}

const client = createApiClient({
  prefixUrl: '/api/',
  token: () => session.token,
  saveToken: setToken,
  appId: () => session.appInfo?.id,
  lang: currentLang,
  envelope: currentEnvelope,
  onLogout: () => {
    for (const listener of logoutListeners) listener();
  },
  notJsonMessage: () => i18n.t('error.connection'),
});

export const http: KyInstance = client.http;
/** The client's request, with the trial-account rule mirrored before anything is sent (./trial-guard.ts). */
export const request: RequestFn = async <T>(options: Parameters<RequestFn>[0]) => {
  const roles = (session.user?.roles ?? []).map((role) => String(role.identify));
  if (trialRefuses(roles, options, session.appInfo?.table_prefix ?? DEFAULT_TABLE_PREFIX))
    return { code: TRIAL_CODE, message: i18n.t('error.trial'), data: null as T };
  const result = await client.request<T>(options);
  // P4018: the whole app is closed to this address, every page gives way to the notice.
  applyNotice(result);
  return result;
};
