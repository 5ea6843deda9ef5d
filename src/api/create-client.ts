/**
 * The HTTP client as a factory over its dependencies (session, envelope, language), so that it is
 * tested against a real server on loopback without the browser's session store. src/api/client.ts
 * wires it to the shell's session.
 */
import ky, { HTTPError, type KyInstance } from 'ky';
import type { ClientEnvelope } from '../../protocol/envelope/client';
import { ResultCode } from '../../protocol/codes';
import { CHANNEL_TYPE, CLIENT_TYPE, Headers, type ApiResult, type RequestFn } from '../../protocol/http';
import { REQUEST_TIMEOUT_MS, type Lang } from '../../protocol/constants';
import { createEnvelopeHooks } from './envelope-hooks';

/**
 * Private marker for `encrypt: false`: set by `request`, read by the envelope's getEnvelope
 * callback (which only sees the Request), and stripped before the request leaves the browser.
 */
export const PLAIN_HEADER = 'x-tessera-plain';

export interface ClientDeps {
  prefixUrl: string;
  token: () => string | undefined;
  saveToken: (token: string) => void;
  appId: () => string | undefined;
  lang: () => Lang;
  /** The app's envelope, or undefined when the app does not encrypt. */
  envelope: () => ClientEnvelope | undefined;
  /** Called when any answer carries P4007. */
  onLogout: () => void;
  /** Message for a reply that should be JSON but is not (in the user's language). */
  notJsonMessage: () => string;
}

/** Thrown when a JSON call is answered with something else (an HTML error page from a proxy...). */
export class NotJsonError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly contentType: string,
  ) {
    super(message);
    this.name = 'NotJsonError';
  }
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

export function createApiClient(deps: ClientDeps): { http: KyInstance; request: RequestFn } {
  const envelopeHooks = createEnvelopeHooks((req) => (req.headers.has(PLAIN_HEADER) ? undefined : deps.envelope()));

  const http = ky.create({
    prefixUrl: deps.prefixUrl,
    timeout: REQUEST_TIMEOUT_MS,
    retry: 0,
    throwHttpErrors: false,
    hooks: {
      beforeRequest: [
        (req) => {
          req.headers.set(Headers.CHANNEL_TYPE, CHANNEL_TYPE);
          req.headers.set(Headers.CLIENT_TYPE, CLIENT_TYPE);
          req.headers.set(Headers.LANG, deps.lang());
          const token = deps.token();
          if (token) req.headers.set(Headers.AUTHORIZATION, token);
          const appId = deps.appId();
          if (appId) req.headers.set(Headers.APP_ID, appId);
        },
        ...(envelopeHooks.beforeRequest ?? []),
        // After the envelope decided: the marker never reaches the server.
        (req) => {
          req.headers.delete(PLAIN_HEADER);
        },
      ],
      // The envelope opens the reply first, so renewal and everything after see plaintext.
      afterResponse: [
        ...(envelopeHooks.afterResponse ?? []),
        (_req, _opts, res) => {
          const renewed = res.headers.get(Headers.AUTHORIZATION);
          const token = deps.token();
          if (renewed && token && renewed !== token) deps.saveToken(renewed);
        },
      ],
    },
  });

  const request: RequestFn = async <T>(options: Parameters<RequestFn>[0]) => {
    const searchParams: Record<string, string> = {};
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) searchParams[key] = String(value);
    }
    const response = await http(options.url.replace(/^\//, ''), {
      method: options.method,
      // Uploads (runtime/core/upload) pass FormData: sent as multipart, never JSON-encoded.
      ...(options.body instanceof FormData ? { body: options.body } : { json: options.body }),
      searchParams,
      headers: options.encrypt === false ? { [PLAIN_HEADER]: '1' } : undefined,
    });
    if (options.responseType === 'blob') {
      if (!response.ok) throw new HTTPError(response, response as never, {} as never);
      return { code: ResultCode.SUCCESS, message: '', data: (await response.blob()) as T };
    }
    const type = response.headers.get('content-type') ?? '';
    if (!JSON_TYPE.test(type)) {
      // Drain the body so the connection is released; its text is not shown (it may be a whole page).
      await response.body?.cancel().catch(() => undefined);
      throw new NotJsonError(deps.notJsonMessage(), response.status, type);
    }
    const result = (await response.json()) as ApiResult<T>;
    if (String(result.code) === ResultCode.LOGOUT) deps.onLogout();
    return result;
  };

  return { http, request };
}
