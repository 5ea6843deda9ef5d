import { describe, expect, it } from 'vitest';
import { protectedArea } from './hook';
import { isProtectedArea } from '../../src/api/trial-guard';

// The areas of platform-shell §6 where a trial account may only read, named the same way by the
// server's hook (matched route paths) and the client's mirror (call URLs).
const PREFIX = 'tessera_sys_';
const AREAS = [
  'common/tessera_sys_user',
  'common/tessera_sys_role/list',
  'common/tessera_sys_menu/abc',
  'database',
  'database/tables',
  'user',
  'user/abc',
  'auth/changePwd',
  'auth/forgetPwd',
];
const OUTSIDE = [
  'common/customer',
  'common/customer/list',
  'auth/login',
  'auth/changeMobile',
  'users',
  'databases',
  'module/x',
];

describe('protected areas of the trial rule (spec §6)', () => {
  it('cover the system tables, database, user, changePwd and forgetPwd on the server', () => {
    for (const path of AREAS) expect(protectedArea(`/api/${path}`, PREFIX), path).toBe(true);
    for (const path of OUTSIDE) expect(protectedArea(`/api/${path}`, PREFIX), path).toBe(false);
  });

  it('are the same areas in the client mirror', () => {
    for (const path of [...AREAS, ...OUTSIDE])
      expect(isProtectedArea(path, PREFIX), path).toBe(protectedArea(`/api/${path}`, PREFIX));
  });

  it('follow the configured system-table prefix', () => {
    expect(protectedArea('/api/common/acme_user', 'acme_')).toBe(true);
    expect(protectedArea('/api/common/tessera_sys_user', 'acme_')).toBe(false);
  });
});
