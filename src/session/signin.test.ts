// @vitest-environment happy-dom
import '../../tests/dom-setup';
import { beforeEach, describe, expect, it } from 'vitest';
import { dingtalkAuthorizeUrl, isStrongPassword, takeDingtalkCode } from './signin';

const config = {
  enabled: true,
  clientId: 'ding123',
  authorizeUrl: 'https://login.dingtalk.com/oauth2/auth',
  scope: 'openid',
  prompt: 'consent',
};

describe('DingTalk redirect flow', () => {
  beforeEach(() => sessionStorage.clear());
  it('builds the authorize URL with a random state, and accepts the returned code only with that state', () => {
    const href = dingtalkAuthorizeUrl(config, 'http://x/demo/login', new Uint8Array(16).fill(171));
    const url = new URL(href);
    expect(url.origin + url.pathname).toBe('https://login.dingtalk.com/oauth2/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      redirect_uri: 'http://x/demo/login',
      response_type: 'code',
      client_id: 'ding123',
      scope: 'openid',
      prompt: 'consent',
      state: 'ab'.repeat(16),
    });
    expect(takeDingtalkCode(new URLSearchParams(`authCode=c1&state=${'ab'.repeat(16)}`))).toBe('c1');
    // Used once: the same answer again is refused.
    expect(takeDingtalkCode(new URLSearchParams(`authCode=c1&state=${'ab'.repeat(16)}`))).toBeUndefined();
  });
  it('refuses a code with another state (login CSRF) and accepts ?code= without state when none was sent', () => {
    dingtalkAuthorizeUrl(config, 'http://x/demo/login');
    expect(takeDingtalkCode(new URLSearchParams('authCode=c2&state=forged'))).toBeUndefined();
    expect(takeDingtalkCode(new URLSearchParams('code=c3'))).toBe('c3');
    expect(takeDingtalkCode(new URLSearchParams('state=x'))).toBeUndefined();
  });
  it('password rule matches the server', () => {
    expect(isStrongPassword('abc12345')).toBe(true);
    expect(isStrongPassword('abcdefgh')).toBe(false);
    expect(isStrongPassword('1234567')).toBe(false);
  });
});
