import { describe, expect, it } from 'vitest';
import { AuthCache, authCacheTtl, WRITE_MAX_MS, type AuthEntry } from './auth-cache';

const entry = (userId: string, appId = 'a1'): AuthEntry => ({
  session: {
    token_hash: `h-${userId}`,
    user_id: userId,
    app_id: appId,
    created_at: 0,
    expires_at: 1e15,
    renewed_at: null,
  },
  user: {
    id: userId,
    app_id: appId,
    account: userId,
    mobile: null,
    name: null,
    avatar: null,
    password_hash: null,
    role_ids: null,
    dept_id: null,
    theme_config: null,
    status: 1,
  },
  roles: [],
});

function setup(ttl = 5_000, max?: number) {
  const clock = { now: 1_000 };
  return { clock, cache: new AuthCache(() => clock.now, ttl, max) };
}

describe('AuthCache', () => {
  it('serves an entry until it is ttl old', () => {
    const { clock, cache } = setup();
    const e = entry('u1');
    cache.set('t1', e, cache.mark());
    expect(cache.get('t1')).toBe(e);
    clock.now += 4_999;
    expect(cache.get('t1')).toBe(e);
    clock.now += 1;
    expect(cache.get('t1')).toBeUndefined();
  });

  it('does not keep data loaded across an invalidation', () => {
    const { cache } = setup();
    const mark = cache.mark();
    cache.forgetToken('other'); // e.g. a logout while this request was loading
    cache.set('t1', entry('u1'), mark);
    expect(cache.get('t1')).toBeUndefined();
  });

  it('forgets one token, or every token of a user in an app', () => {
    const { cache } = setup();
    cache.set('t1', entry('u1'), cache.mark());
    cache.set('t2', entry('u1'), cache.mark());
    cache.set('t3', entry('u1', 'a2'), cache.mark());
    cache.set('t4', entry('u2'), cache.mark());
    cache.forgetToken('t4');
    expect(cache.get('t4')).toBeUndefined();
    cache.forgetUser('a1', 'u1');
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.get('t2')).toBeUndefined();
    expect(cache.get('t3')?.user.id).toBe('u1');
  });

  it('is bypassed while a system write runs, and empty after it', () => {
    const { clock, cache } = setup();
    cache.set('t1', entry('u1'), cache.mark());
    const end = cache.beginWrite();
    expect(cache.get('t1')).toBeUndefined();
    cache.set('t2', entry('u2'), cache.mark());
    expect(cache.get('t2')).toBeUndefined();
    const mark = cache.mark();
    end();
    end(); // idempotent
    cache.set('t3', entry('u3'), mark); // loaded during the write: not kept
    expect(cache.size).toBe(0);
    cache.set('t3', entry('u3'), cache.mark());
    expect(cache.get('t3')?.user.id).toBe('u3');
    // A write that never reports its end stops bypassing after WRITE_MAX_MS.
    cache.beginWrite();
    cache.set('t4', entry('u4'), cache.mark());
    expect(cache.get('t4')).toBeUndefined();
    clock.now += WRITE_MAX_MS;
    cache.set('t4', entry('u4'), cache.mark());
    expect(cache.get('t4')?.user.id).toBe('u4');
  });

  it('is off with a ttl of 0 and bounded in size', () => {
    const off = setup(0).cache;
    off.set('t1', entry('u1'), off.mark());
    expect(off.get('t1')).toBeUndefined();
    const { cache } = setup(5_000, 2);
    for (const id of ['u1', 'u2', 'u3']) cache.set(`t-${id}`, entry(id), cache.mark());
    expect(cache.size).toBe(2);
    expect(cache.get('t-u1')).toBeUndefined();
    expect(cache.get('t-u3')?.user.id).toBe('u3');
  });
});

describe('AuthCache.stats', () => {
  it('counts hits and misses and reports the bound and ttl', () => {
    const { cache } = setup(5_000, 10);
    cache.get('t1');
    cache.set('t1', entry('u1'), cache.mark());
    cache.get('t1');
    cache.get('t1');
    expect(cache.stats()).toEqual({ size: 1, max: 10, ttlMs: 5_000, hits: 2, misses: 1 });
  });
});

describe('authCacheTtl', () => {
  it('reads AUTH_CACHE_TTL_MS, defaults to 5 s (0 under NODE_ENV=test) and refuses bad values', () => {
    expect(authCacheTtl({})).toBe(5_000);
    expect(authCacheTtl({ NODE_ENV: 'test' })).toBe(0);
    expect(authCacheTtl({ NODE_ENV: 'test', AUTH_CACHE_TTL_MS: '2500' })).toBe(2_500);
    expect(authCacheTtl({ AUTH_CACHE_TTL_MS: '0' })).toBe(0);
    expect(() => authCacheTtl({ AUTH_CACHE_TTL_MS: '5s' })).toThrow(/AUTH_CACHE_TTL_MS="5s" is invalid/);
    expect(() => authCacheTtl({ AUTH_CACHE_TTL_MS: '60001' })).toThrow(/0 \(off\) to 60000/);
  });
});
