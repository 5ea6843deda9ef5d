/**
 * The other sign-in methods (docs/auth.md): SMS code login, register, forget password, DingTalk.
 * Every call names the app by the identifier in the URL; a returned token starts the session flow.
 */
import { isSuccess } from '../../protocol/codes';
import type { RequestOptions } from '../../protocol/http';
import { request } from '../api/client';
import { ShellError, loadUserAndMenus } from './actions';
import { session, setToken } from './store';

export type SmsScene = 'login' | 'register' | 'forget' | 'changeMobile';

async function call<T>(options: RequestOptions): Promise<T> {
  const result = await request<T>(options);
  if (!isSuccess(result.code)) throw new ShellError(result.message, String(result.code));
  return result.data;
}

async function signInWith(url: string, body: Record<string, unknown>): Promise<void> {
  const data = await call<{ token: string }>({ method: 'POST', url, body: { identify: session.app, ...body } });
  setToken(data.token);
  await loadUserAndMenus();
}

/** Resolves with the server's message (验证码已发送). */
export async function sendSmsCode(mobile: string, scene: SmsScene): Promise<string> {
  const result = await request({
    method: 'POST',
    url: 'auth/sendSmsCode',
    body: { identify: session.app, mobile, scene },
  });
  if (!isSuccess(result.code)) throw new ShellError(result.message, String(result.code));
  return result.message;
}

export const smsLogin = (mobile: string, code: string) => signInWith('auth/smsLogin', { mobile, code });

export const register = (form: { mobile: string; code: string; name: string; password: string }) =>
  signInWith('auth/register', form);

export async function forgetPassword(form: { mobile: string; code: string; password: string }): Promise<void> {
  await call({ method: 'POST', url: 'auth/forgetPwd', body: { identify: session.app, ...form } });
}

export interface DingtalkConfig {
  enabled: boolean;
  clientId: string | null;
  authorizeUrl: string;
  scope: string;
  prompt: string;
}

export const dingtalkConfig = () =>
  call<DingtalkConfig>({ method: 'GET', url: 'dingtalk/config', query: { identify: session.app } });

export const dingtalkLogin = (authCode: string) => signInWith('dingtalk/login', { authCode });

const STATE_KEY = 'tessera_dingtalk_state';

/**
 * The address that sends the browser to DingTalk. `state` is random and kept in session storage:
 * the login page accepts a returned code only with the same state (no login CSRF).
 */
export function dingtalkAuthorizeUrl(
  config: DingtalkConfig,
  returnTo: string,
  random = crypto.getRandomValues(new Uint8Array(16)),
): string {
  const state = [...random].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  sessionStorage.setItem(STATE_KEY, state);
  const url = new URL(config.authorizeUrl);
  url.searchParams.set('redirect_uri', returnTo);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', config.clientId ?? '');
  url.searchParams.set('scope', config.scope);
  url.searchParams.set('prompt', config.prompt);
  url.searchParams.set('state', state);
  return url.href;
}

/** The code DingTalk returned (?authCode= or ?code=), if its state is the one we sent; used once. */
export function takeDingtalkCode(search: URLSearchParams): string | undefined {
  const code = search.get('authCode') ?? search.get('code');
  if (!code) return undefined;
  const expected = sessionStorage.getItem(STATE_KEY);
  sessionStorage.removeItem(STATE_KEY);
  const state = search.get('state');
  // A state is required when we sent one; DingTalk's in-app flow returns without state and none was sent.
  if (expected && state !== expected) return undefined;
  if (!expected && state) return undefined;
  return code;
}

export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const SMS_CODE_PATTERN = /^\d{6}$/;
/** docs/auth.md: 8–120 characters with a letter and a digit. */
export const isStrongPassword = (value: string) =>
  value.length >= 8 && value.length <= 120 && /[A-Za-z]/.test(value) && /\d/.test(value);
