/** The authorisation decision (docs/auth.md "Server-side guard"), case by case. */
import { describe, expect, it } from 'vitest';
import { can, type Grants } from './can';
import { accountGrants, roleFlags } from './grants';

const user = (extra: Partial<Grants> = {}): Grants => ({
  userId: 'u1',
  isAdmin: false,
  isTrial: false,
  roleIds: new Set(['r1']),
  menuIds: new Set(['m1', 'm2']),
  moduleIds: new Set(['mod1']),
  moduleTables: new Set(['customer']),
  dashboardIds: new Set(['d1']),
  ...extra,
});

describe('can', () => {
  it('grants module tables through type-1 menus only, admins everything', () => {
    expect(can(user(), 'read', { type: 'moduleTable', table: 'customer' })).toEqual({ allowed: true });
    expect(can(user(), 'write', { type: 'moduleTable', table: 'orders' })).toEqual({ allowed: false, code: 'P4003' });
    expect(can(user({ isAdmin: true }), 'write', { type: 'moduleTable', table: 'orders' }).allowed).toBe(true);
    expect(can(user(), 'read', { type: 'module', id: 'mod1' }).allowed).toBe(true);
    expect(can(user(), 'read', { type: 'module', id: 'mod2' }).allowed).toBe(false);
  });

  it("limits system-table reads to the user's own roles, menus, modules, dashboards and row", () => {
    const rows = (table: string) => can(user(), 'read', { type: 'systemTable', table });
    expect(rows('role')).toEqual({ allowed: true, rows: ['r1'] });
    expect(rows('menu')).toEqual({ allowed: true, rows: ['m1', 'm2'] });
    expect(rows('module')).toEqual({ allowed: true, rows: ['mod1'] });
    expect(rows('dashboard')).toEqual({ allowed: true, rows: ['d1'] });
    expect(rows('user')).toEqual({ allowed: true, rows: ['u1'] });
    expect(rows('dept')).toEqual({ allowed: true });
    expect(rows('dict')).toEqual({ allowed: true });
    expect(rows('customer').allowed).toBe(false);
    expect(can(user({ isAdmin: true }), 'read', { type: 'systemTable', table: 'role' })).toEqual({ allowed: true });
  });

  it('opens the app table to admins only, for reading and updating, never create or delete', () => {
    const app = (verb?: 'create' | 'update' | 'delete') => ({ type: 'systemTable' as const, table: 'app', verb });
    const admin = user({ isAdmin: true });
    expect(can(admin, 'read', app())).toEqual({ allowed: true });
    expect(can(admin, 'write', app('update'))).toEqual({ allowed: true });
    expect(can(admin, 'write', app('create'))).toEqual({ allowed: false, code: 'P4003' });
    expect(can(admin, 'write', app('delete'))).toEqual({ allowed: false, code: 'P4003' });
    expect(can(admin, 'write', app())).toEqual({ allowed: false, code: 'P4003' });
    expect(can(user(), 'read', app())).toEqual({ allowed: false, code: 'P4003' });
    expect(can(user(), 'write', app('update'))).toEqual({ allowed: false, code: 'P4003' });
    expect(can(user({ isTrial: true }), 'read', app())).toEqual({ allowed: false, code: 'P4003' });
    expect(can(user({ isTrial: true }), 'write', app('update'))).toEqual({ allowed: false, code: 'P4016' });
  });

  it('lets a non-admin write only their own name, avatar and theme', () => {
    const write = (verb: 'create' | 'update' | 'delete', id: string, fields: string[], table = 'user') =>
      can(user(), 'write', { type: 'systemTable', table, verb, id, fields }).allowed;
    expect(write('update', 'u1', ['name', 'theme_config', 'avatar'])).toBe(true);
    expect(write('update', 'u2', ['name'])).toBe(false);
    expect(write('update', 'u1', ['name', 'role_ids'])).toBe(false);
    expect(write('delete', 'u1', [])).toBe(false);
    expect(write('update', 'r1', ['name'], 'role')).toBe(false);
  });

  it('lets a trial account only GET or list on protected areas', () => {
    const trial = user({ isTrial: true });
    const area = (method: string, list = false) => can(trial, 'write', { type: 'protectedArea', method, list });
    expect(area('GET')).toEqual({ allowed: true });
    expect(area('POST', true)).toEqual({ allowed: true });
    expect(area('POST')).toEqual({ allowed: false, code: 'P4016' });
    expect(area('PUT')).toEqual({ allowed: false, code: 'P4016' });
    expect(area('DELETE')).toEqual({ allowed: false, code: 'P4016' });
    expect(can(user(), 'write', { type: 'protectedArea', method: 'DELETE', list: false }).allowed).toBe(true);
    expect(
      can(trial, 'write', { type: 'systemTable', table: 'user', verb: 'update', id: 'u1', fields: ['name'] }),
    ).toEqual({
      allowed: false,
      code: 'P4016',
    });
  });

  it('treats admin as stronger than trial', () => {
    expect(roleFlags(['trial', 'admin'])).toEqual({ isAdmin: true, isTrial: false });
    expect(roleFlags(['trial', 'user'])).toEqual({ isAdmin: false, isTrial: true });
    expect(accountGrants('u', [{ id: 'r', identify: 'trial' }]).isTrial).toBe(true);
  });
});
