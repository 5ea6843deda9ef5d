/**
 * DingTalk's new-style OAuth (open platform v1.0): the browser brings back an authCode; the server
 * exchanges it — POST {base}/v1.0/oauth2/userAccessToken { clientId, clientSecret, code,
 * grantType: 'authorization_code' } → { accessToken, expireIn, refreshToken } — and reads the
 * user with GET {base}/v1.0/contact/users/me (header x-acs-dingtalk-access-token) → { nick,
 * mobile, unionId, ... }. The base URL is configurable (tests use a loopback fake). The secret and
 * tokens are never logged: failures name only the step and the HTTP status.
 */
import { ConfigError } from '../config';

export interface DingtalkConfig {
  clientId: string;
  clientSecret: string;
  baseUrl: string;
  authorizeUrl: string;
}

export interface DingtalkUser {
  nick?: string;
  mobile?: string;
  unionId?: string;
  openId?: string;
}

const URL_PATTERN = /^https?:\/\/[^\s/]+(\/[^\s]*)?$/;

export function loadDingtalkConfig(env: NodeJS.ProcessEnv): DingtalkConfig | undefined {
  const clientId = env.DINGTALK_CLIENT_ID?.trim();
  const clientSecret = env.DINGTALK_CLIENT_SECRET?.trim();
  if (Boolean(clientId) !== Boolean(clientSecret))
    throw new ConfigError(
      'DINGTALK_CLIENT_SECRET',
      'DINGTALK_CLIENT_ID and DINGTALK_CLIENT_SECRET must be set together.',
    );
  if (!clientId || !clientSecret) return undefined;
  const url = (name: string, fallback: string) => {
    const value = env[name]?.trim() || fallback;
    if (!URL_PATTERN.test(value)) throw new ConfigError(name, `Invalid ${name}="${value}": expected an http(s) URL.`);
    return value.replace(/\/+$/, '');
  };
  return {
    clientId,
    clientSecret,
    baseUrl: url('DINGTALK_BASE_URL', 'https://api.dingtalk.com'),
    authorizeUrl: url('DINGTALK_AUTHORIZE_URL', 'https://login.dingtalk.com/oauth2/auth'),
  };
}

export class DingtalkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DingtalkError';
  }
}

async function call(url: string, init: RequestInit, step: string): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    throw new DingtalkError(`DingTalk ${step}: unreachable (${(error as Error).name})`);
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw new DingtalkError(`DingTalk ${step}: HTTP ${response.status} ${String(body.code ?? '')}`);
  return body;
}

/** The DingTalk user behind an authCode, or a DingtalkError. */
export async function dingtalkUser(config: DingtalkConfig, authCode: string): Promise<DingtalkUser> {
  const token = await call(
    `${config.baseUrl}/v1.0/oauth2/userAccessToken`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        clientId: config.clientId,
        clientSecret: config.clientSecret,
        code: authCode,
        grantType: 'authorization_code',
      }),
    },
    'userAccessToken',
  );
  if (typeof token.accessToken !== 'string' || !token.accessToken)
    throw new DingtalkError('DingTalk userAccessToken: no accessToken');
  const me = await call(
    `${config.baseUrl}/v1.0/contact/users/me`,
    { method: 'GET', headers: { 'x-acs-dingtalk-access-token': token.accessToken } },
    'users/me',
  );
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return { nick: text(me.nick), mobile: text(me.mobile), unionId: text(me.unionId), openId: text(me.openId) };
}
