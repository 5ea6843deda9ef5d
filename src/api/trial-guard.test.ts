// The client's mirror of the trial rule answers like the server's (server/access/can.test.ts).
import { describe, expect, it } from 'vitest';
import { isProtectedArea, trialRefuses } from './trial-guard';

const PREFIX = 'tessera_sys_';
const trial = ['trial'];

describe('trial guard (client mirror)', () => {
  it('names the protected areas of platform-shell §6', () => {
    for (const url of ['common/tessera_sys_user/1', 'database', 'user/x', 'auth/changePwd', '/auth/forgetPwd'])
      expect(isProtectedArea(url, PREFIX), url).toBe(true);
    for (const url of ['common/customer', 'auth/changeMobile', 'auth/login', 'users', 'auth/changePwdX'])
      expect(isProtectedArea(url, PREFIX), url).toBe(false);
  });

  it('refuses a trial account only non-GET, non-list calls there', () => {
    expect(trialRefuses(trial, { method: 'POST', url: 'auth/changePwd' }, PREFIX)).toBe(true);
    expect(trialRefuses(trial, { method: 'PUT', url: 'common/tessera_sys_user/u1' }, PREFIX)).toBe(true);
    expect(trialRefuses(trial, { method: 'DELETE', url: 'common/tessera_sys_role/r1' }, PREFIX)).toBe(true);
    expect(trialRefuses(trial, { method: 'POST', url: 'common/tessera_sys_user/list' }, PREFIX)).toBe(false);
    expect(trialRefuses(trial, { method: 'GET', url: 'common/tessera_sys_user/u1' }, PREFIX)).toBe(false);
    expect(trialRefuses(trial, { method: 'POST', url: 'common/customer' }, PREFIX)).toBe(false);
  });

  it('leaves other accounts alone; admin is stronger than trial', () => {
    expect(trialRefuses(['user'], { method: 'POST', url: 'auth/changePwd' }, PREFIX)).toBe(false);
    expect(trialRefuses(['trial', 'admin'], { method: 'POST', url: 'auth/changePwd' }, PREFIX)).toBe(false);
  });
});
