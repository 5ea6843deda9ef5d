/** The envelope every JSON call answers with (spec: code, message, data). */
export interface ApiResult<T = unknown> {
  code: string | number;
  message: string;
  data: T;
  /** Some list calls put total at the top level next to an array in data. */
  total?: number;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  method: HttpMethod;
  /** Relative to the API base, without a leading slash: `common/customer/list`. */
  url: string;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** `blob` for downloads; default json. */
  responseType?: 'json' | 'blob';
  /** Whether to seal the call in the crypto envelope; default: the app's setting. */
  encrypt?: boolean;
}

/**
 * The one way the runtime reaches the network. The shell provides it (ky + envelope + session);
 * tests provide one over fastify.inject or fixtures. It resolves with the server's result whatever
 * its code, and rejects only for transport failures.
 */
export type RequestFn = <T = unknown>(options: RequestOptions) => Promise<ApiResult<T>>;

/** Header names used across the wire. */
export const Headers = {
  AUTHORIZATION: 'authorization',
  CHANNEL_TYPE: 'channel-type',
  CLIENT_TYPE: 'client-type',
  APP_ID: 'x-sec-identity-id',
  LANG: 'x-lang',
} as const;

export const CHANNEL_TYPE = 'web';
export const CLIENT_TYPE = 'manager';
