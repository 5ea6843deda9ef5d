import { describe, expect, it } from 'vitest';
import type { ApiResult, RequestOptions } from '../../protocol/http';
import type { PageSchema } from '../../protocol/page-schema';
import { createPageCache } from './page-cache';

const page = (title: string) => ({ type: 'page', title, body: [] }) as unknown as PageSchema;

/** A server with overrides per app, counting the calls it answers; storage is a Map. */
function setup() {
  const overrides = new Map<string, { tag: string; schema: PageSchema }>();
  const calls: string[] = [];
  let up = true;
  let app = 'demo';
  const stored = new Map<string, unknown>();
  const cache = createPageCache({
    request: async <T>(options: RequestOptions): Promise<ApiResult<T>> => {
      calls.push(options.url);
      if (!up) throw new TypeError('Failed to fetch');
      if (options.url === 'page-heads')
        return { code: 200, message: '', data: Object.fromEntries([...overrides].map(([k, v]) => [k, v.tag])) as T };
      const key = options.url.slice('page/'.length);
      const override = overrides.get(key);
      const data = override ? { overridden: true, ...override } : { overridden: false, schema: page(`server ${key}`) };
      return { code: 200, message: '', data: data as T };
    },
    bundled: async (route) => page(`bundled ${route}`),
    keyOf: (route) => (route === 'user/detail' ? 'system/user-detail' : `system/${route}`),
    app: () => app,
    read: (a, name) => stored.get(`${a}/${name}`) as never,
    write: (a, name, value) => void stored.set(`${a}/${name}`, value),
    remove: (a, name) => void stored.delete(`${a}/${name}`),
  });
  return {
    cache,
    calls,
    stored,
    overrides,
    down: () => (up = false),
    switchApp: (to: string) => (app = to),
  };
}

describe('system page cache', () => {
  it('serves the bundled committed page when the app has no override, reading only the heads once', async () => {
    const s = setup();
    expect((await s.cache.load('user')).title).toBe('bundled user');
    expect((await s.cache.load('dept')).title).toBe('bundled dept');
    expect(s.calls).toEqual(['page-heads']);
  });

  it('fetches an override once and serves it from the cache while its tag is unchanged', async () => {
    const s = setup();
    s.overrides.set('system/user', { tag: 'o1.1', schema: page('Members') });
    expect((await s.cache.load('user')).title).toBe('Members');
    expect((await s.cache.load('user')).title).toBe('Members');
    expect(s.calls).toEqual(['page-heads', 'page/system/user']);
  });

  it('after a change event reads the heads again and refetches only the page whose tag moved', async () => {
    const s = setup();
    s.overrides.set('system/user', { tag: 'o1.1', schema: page('Members') });
    s.overrides.set('system/dept', { tag: 'o2.1', schema: page('Org') });
    await s.cache.load('user');
    await s.cache.load('dept');
    s.overrides.set('system/user', { tag: 'o1.2', schema: page('People') });
    s.cache.forget('system/user');
    s.calls.length = 0;
    expect((await s.cache.load('user')).title).toBe('People');
    expect((await s.cache.load('dept')).title).toBe('Org');
    expect(s.calls).toEqual(['page-heads', 'page/system/user']);
  });

  it('a reset brings back the committed page and drops the stored copy', async () => {
    const s = setup();
    s.overrides.set('system/user', { tag: 'o1.1', schema: page('Members') });
    await s.cache.load('user');
    expect(s.stored.has('demo/page_system/user')).toBe(true);
    s.overrides.delete('system/user');
    s.cache.forget('system/user');
    expect((await s.cache.load('user')).title).toBe('bundled user');
    expect(s.stored.has('demo/page_system/user')).toBe(false);
  });

  it('asks for the page by its store key, which is not always the route (user/detail)', async () => {
    const s = setup();
    s.overrides.set('system/user-detail', { tag: 'o3.1', schema: page('Me') });
    expect((await s.cache.load('user/detail')).title).toBe('Me');
    expect(s.calls).toEqual(['page-heads', 'page/system/user-detail']);
  });

  it('keeps the cache per app', async () => {
    const s = setup();
    s.overrides.set('system/user', { tag: 'o1.1', schema: page('Members') });
    await s.cache.load('user');
    s.switchApp('other');
    s.overrides.clear();
    expect((await s.cache.load('user')).title).toBe('bundled user');
    expect(s.stored.has('demo/page_system/user')).toBe(true);
  });

  it('falls back to the bundled page when the heads cannot be read, and tries again next time', async () => {
    const s = setup();
    s.down();
    expect((await s.cache.load('user')).title).toBe('bundled user');
    expect((await s.cache.load('user')).title).toBe('bundled user');
    expect(s.calls).toEqual(['page-heads', 'page-heads']);
  });
});
