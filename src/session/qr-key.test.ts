// @vitest-environment happy-dom
import '../../tests/dom-setup';
import { beforeEach, describe, expect, it } from 'vitest';
import { decodeQrPayload, qrContent, qrKeyConfigured } from '../../runtime/core/qr/index';
import { clearSession, enterApp, session, setUser } from './store';
import type { UserInfo } from './types';

const KEY_A = '00112233445566778899aabbccddeeff';
const KEY_B = 'ffeeddccbbaa99887766554433221100';
const user = (qrKey?: string | null): UserInfo => ({
  id: 'u1',
  name: '张三',
  role_ids: '',
  roles: [],
  menu_ids: '',
  appId: 'a',
  qrKey,
});
/** The payload the QR widget would draw now, and what each key reads from it. */
function encodedWith(key: string) {
  const content = qrContent('工单-0001 🚀');
  if (content.state !== 'ok') throw new Error(content.state);
  return { encrypted: content.encrypted, decoded: decodeQrPayload(content.payload, key) };
}

describe('the shell hands the app QR key to the QR widget', () => {
  beforeEach(() => {
    localStorage.clear();
    session.app = '';
  });

  it('sign-in configures the key from the user info; logout clears it', () => {
    enterApp('a1');
    expect(qrKeyConfigured()).toBe(false);
    setUser(user(KEY_A), []);
    expect(encodedWith(KEY_A)).toEqual({ encrypted: true, decoded: '工单-0001 🚀' });
    clearSession();
    expect(qrKeyConfigured()).toBe(false);
    expect(qrContent('x')).toMatchObject({ payload: 'x', encrypted: false });
  });

  it("switching apps uses that app's stored user key, or none", () => {
    enterApp('a1');
    setUser(user(KEY_A), []);
    enterApp('a2');
    expect(qrKeyConfigured()).toBe(false);
    setUser(user(KEY_B), []);
    expect(encodedWith(KEY_B).decoded).toBe('工单-0001 🚀');
    expect(encodedWith(KEY_A).decoded).toBeUndefined();
    enterApp('a1');
    expect(encodedWith(KEY_A).decoded).toBe('工单-0001 🚀');
  });

  it('a user info without a key, or with a malformed one, leaves no key configured', () => {
    enterApp('a1');
    setUser(user(KEY_A), []);
    setUser(user(null), []);
    expect(qrKeyConfigured()).toBe(false);
    setUser(user(KEY_A), []);
    setUser(user('not-a-key'), []);
    expect(qrKeyConfigured()).toBe(false);
  });
});
