import { describe, expect, it } from 'vitest';
import { showsSchema } from './SchemaChangedNotice';

describe('showsSchema', () => {
  it('matches the open route to the changed module, dashboard or page, and nothing else', () => {
    expect(showsSchema('common/m1', { kind: 'module', id: 'm1' })).toBe(true);
    expect(showsSchema('common/m10', { kind: 'module', id: 'm1' })).toBe(false);
    expect(showsSchema('dashboard/common/m1', { kind: 'module', id: 'm1' })).toBe(false);
    expect(showsSchema('dashboard/common/d1', { kind: 'dashboard', id: 'd1' })).toBe(true);
    expect(showsSchema('common/d1', { kind: 'dashboard', id: 'd1' })).toBe(false);
    expect(showsSchema('system/user', { kind: 'page', id: 'system/user' })).toBe(true);
    expect(showsSchema('index', { kind: 'page', id: 'system/user' })).toBe(false);
    // The route of a system page is its name without system/ (a dash for a slash: app/detail).
    expect(showsSchema('user', { kind: 'page', id: 'system/user' })).toBe(true);
    expect(showsSchema('app/detail', { kind: 'page', id: 'system/app-detail' })).toBe(true);
    expect(showsSchema('ai/chat', { kind: 'page', id: 'ai/chat' })).toBe(true);
    expect(showsSchema('user/detail', { kind: 'page', id: 'system/user-detail' })).toBe(true);
    expect(showsSchema('dept', { kind: 'page', id: 'system/user' })).toBe(false);
  });
});
