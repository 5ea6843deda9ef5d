import { describe, expect, it } from 'vitest';
import { NAMED_ROUTES, pageFor, routeForSchemaFile, schemaNameFor, singlePath } from './pages';

const schemas = new Set(['user', 'role', 'app/detail', 'ai/chat']);

describe('route → page (platform-shell §2)', () => {
  it('home, modules, dashboards, frames and the personal center', () => {
    expect(pageFor('index', schemas)).toEqual({ kind: 'home' });
    expect(pageFor('common/m1', schemas)).toEqual({ kind: 'module', id: 'm1' });
    expect(pageFor('dashboard/common/d1', schemas)).toEqual({ kind: 'dashboard', id: 'd1' });
    expect(pageFor('frame/9', schemas)).toEqual({ kind: 'frame', menuId: '9' });
    expect(pageFor('user/detail', schemas)).toEqual({ kind: 'personal' });
  });
  it('a route with a committed schema renders it; the others say they are not configured', () => {
    expect(pageFor('user', schemas)).toEqual({ kind: 'schema', name: 'system/user' });
    expect(pageFor('app/detail', schemas)).toEqual({ kind: 'schema', name: 'system/app-detail' });
    expect(pageFor('ai/chat', schemas)).toEqual({ kind: 'schema', name: 'ai/chat' });
    expect(pageFor('dict', schemas)).toEqual({ kind: 'pending', route: 'dict' });
    expect(pageFor('design/m1', schemas)).toEqual({ kind: 'designer', id: 'm1' });
    expect(pageFor('dashboard/design/d1', schemas)).toEqual({ kind: 'pending', route: 'dashboard/design/d1' });
    expect(pageFor('nothing/here', schemas)).toEqual({ kind: 'unknown' });
  });
  it('every named route of the spec resolves to a page, never unknown', () => {
    for (const route of NAMED_ROUTES.filter((r) => r !== 'ai/img'))
      expect(pageFor(route, new Set()).kind).toBe('pending');
    expect(pageFor('ai/img', new Set()).kind).toBe('aiImg');
  });
  it('schema file names and routes map both ways', () => {
    for (const route of ['user', 'app/detail', 'ai/chat', 'importTemplate']) {
      expect(routeForSchemaFile(`${schemaNameFor(route)}.json`)).toBe(route);
    }
  });
  it('doubled paths become single', () => {
    expect(singlePath('demo', 'demo/index')).toBe('index');
    expect(singlePath('demo', 'demo/demo/user')).toBe('user');
    expect(singlePath('demo', 'user/user')).toBe('user');
    expect(singlePath('demo', 'common/common/m1')).toBe('common/m1');
    expect(singlePath('demo', 'index')).toBeUndefined();
    expect(singlePath('demo', 'dashboard/common/d1')).toBeUndefined();
  });
});
