/**
 * The one HTTP client: ky with the spec's headers (platform-shell §7), the crypto envelope, token
 * renewal from the `authorization` response header, and P4007 → sign out. Exposes `request`, the
 * RequestFn the runtime's data providers use.
 */
import ky, { HTTPError, type KyInstance } from 'ky';
import { ClientEnvelope } from '../../protocol/envelope/client';
import { ResultCode } from '../../protocol/codes';
import { CHANNEL_TYPE, CLIENT_TYPE, Headers, type ApiResult, type RequestFn } from '../../protocol/http';
import { REQUEST_TIMEOUT_MS } from '../../protocol/constants';
import { createEnvelopeHooks } from './envelope-hooks';
import { session, setToken } from '../session/store';
import { currentLang } from '../i18n';

let envelope: { key: string; value: ClientEnvelope } | undefined;

/** The envelope for the current app, or none when the app has encryption switched off. */
function currentEnvelope(): ClientEnvelope | undefined {
  const info = session.appInfo;
  if (!info?.encrypt || !info.public_key) return undefined;
  if (envelope?.key !== info.public_key) envelope = { key: info.public_key, value: new ClientEnvelope(info.public_key) };
  return envelope.value;
}

type LogoutListener = () => void;
const logoutListeners = new Set<LogoutListener>();
/** Subscribed by the router: P4007 anywhere signs the user out and returns to login. */
export function onLogout(listener: LogoutListener): () => void {
  logoutListeners.add(listener);
  return () => logoutListeners.delete(listener);
}

const envelopeHooks = createEnvelopeHooks(currentEnvelope);

export const http: KyInstance = ky.create({
  prefixUrl: '/api/',
  timeout: REQUEST_TIMEOUT_MS,
  retry: 0,
  throwHttpErrors: false,
  hooks: {
    beforeRequest: [
      (req) => {
        req.headers.set(Headers.CHANNEL_TYPE, CHANNEL_TYPE);
        req.headers.set(Headers.CLIENT_TYPE, CLIENT_TYPE);
        req.headers.set(Headers.LANG, currentLang());
        if (session.token) req.headers.set(Headers.AUTHORIZATION, session.token);
        if (session.appInfo?.id) req.headers.set(Headers.APP_ID, session.appInfo.id);
      },
      ...(envelopeHooks.beforeRequest ?? []),
    ],
    afterResponse: [
      ...(envelopeHooks.afterResponse ?? []),
      (_req, _opts, res) => {
        const renewed = res.headers.get(Headers.AUTHORIZATION);
        if (renewed && session.token && renewed !== session.token) setToken(renewed);
      },
    ],
  },
});

export const request: RequestFn = async <T>(options: Parameters<RequestFn>[0]) => {
  const searchParams: Record<string, string> = {};
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) searchParams[key] = String(value);
  }
  const response = await http(options.url.replace(/^\//, ''), {
    method: options.method,
    json: options.body,
    searchParams,
  });
  if (options.responseType === 'blob') {
    if (!response.ok) throw new HTTPError(response, response as never, {} as never);
    return { code: ResultCode.SUCCESS, message: '', data: (await response.blob()) as T };
  }
  const result = (await response.json()) as ApiResult<T>;
  if (String(result.code) === ResultCode.LOGOUT) for (const listener of logoutListeners) listener();
  return result;
};
