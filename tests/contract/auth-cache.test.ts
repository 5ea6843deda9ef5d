/**
 * The per-process session cache (server/auth/auth-cache.ts, docs/auth.md "Session cache"), ON
 * here (AUTH_CACHE_TTL_MS=5000): a token's session, user, roles and grants are reused within the
 * TTL, yet logout, password change, and writes of users/roles through the API take effect on the
 * very next request in this process. Through the real server on each test database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { newId } from '../../server/db/ids';
import { RENEW_AFTER_MS, RENEW_GRACE_MS } from '../../server/auth/sessions';
import { insertAudit } from '../../server/db/tables';
import { ADMIN, startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const PASSWORD = 'Passw0rd!';
const LIST = '/api/common/customer/list';

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  let roleId: string;
  let allMenus: string;
  const previousTtl = process.env.AUTH_CACHE_TTL_MS;

  const userInfo = (token: string) => t.request({ url: '/api/auth/userInfo', token });
  const list = (token: string) => t.request({ url: LIST, token, body: { skipCount: true } });

  async function operator(account: string): Promise<{ id: string; token: string }> {
    const id = await t.addUser(account, PASSWORD, 'h9op');
    return { id, token: await t.signIn(account, PASSWORD) };
  }

  beforeAll(async () => {
    process.env.AUTH_CACHE_TTL_MS = '5000';
    database = await makeDatabase();
    t = await startTestApp(database);
    expect(t.app.tessera.sessions.cache.ttlMs).toBe(5000);
    const menus = await t.db.db.selectFrom(t.tables.menu).select('id').where('app_id', '=', t.demoAppId).execute();
    allMenus = menus.map((m) => m.id as string).join(',');
    roleId = newId();
    await t.db.db
      .insertInto(t.tables.role)
      .values({
        id: roleId,
        app_id: t.demoAppId,
        ...insertAudit(null, t.clock.now),
        name: 'h9op',
        identify: 'h9op',
        level: 3,
        menu_ids: allMenus,
      })
      .execute();
    admin = await t.signIn(ADMIN.account, ADMIN.password);
  });

  afterAll(async () => {
    if (previousTtl === undefined) delete process.env.AUTH_CACHE_TTL_MS;
    else process.env.AUTH_CACHE_TTL_MS = previousTtl;
    await t?.close();
    await database?.drop();
  });

  describe('session cache', () => {
    it('reuses a session within the TTL and reloads it after (an out-of-band change shows within the TTL)', async () => {
      const { id, token } = await operator('cache1');
      expect((await list(token)).body.code).toBe(ResultCode.SUCCESS);
      // A change made behind the server's back (another instance, a manual UPDATE): still cached...
      await t.db.db.updateTable(t.tables.user).set({ status: 0 }).where('id', '=', id).execute();
      expect((await list(token)).body.code).toBe(ResultCode.SUCCESS);
      // ...and refused once the entry is older than the TTL.
      t.clock.now += 5_000;
      expect((await list(token)).body.code).toBe(ResultCode.LOGOUT);
    });

    it('renews a session and drops the old token from the cache', async () => {
      const { token } = await operator('cache7');
      expect((await list(token)).body.code).toBe(ResultCode.SUCCESS);
      t.clock.now += RENEW_AFTER_MS;
      const renewing = await t.app.inject({
        method: 'POST',
        url: LIST,
        payload: { skipCount: true },
        headers: { authorization: token },
      });
      const renewed = renewing.headers.authorization;
      expect(typeof renewed).toBe('string');
      expect(renewed).not.toBe(token);
      // The old token is reloaded (its cached copy was dropped) with its short grace expiry...
      expect((await list(token)).body.code).toBe(ResultCode.SUCCESS);
      expect((await list(renewed as string)).body.code).toBe(ResultCode.SUCCESS);
      // ...and refused once the grace has passed.
      t.clock.now += RENEW_GRACE_MS;
      expect((await list(token)).body.code).toBe(ResultCode.LOGOUT);
      expect((await list(renewed as string)).body.code).toBe(ResultCode.SUCCESS);
    });

    it('refuses a logged-out token on the very next request', async () => {
      const { token } = await operator('cache2');
      expect((await userInfo(token)).body.code).toBe(ResultCode.SUCCESS);
      expect(t.app.tessera.sessions.cache.size).toBeGreaterThan(0);
      expect((await t.request({ url: '/api/auth/logout', token, body: {} })).body.code).toBe(ResultCode.SUCCESS);
      expect((await userInfo(token)).body.code).toBe(ResultCode.LOGOUT);
      expect((await list(token)).body.code).toBe(ResultCode.LOGOUT);
    });

    it('refuses the other sessions of a user at once after a password change, keeps the caller', async () => {
      const { token: first } = await operator('cache3');
      const second = await t.signIn('cache3', PASSWORD);
      expect((await list(first)).body.code).toBe(ResultCode.SUCCESS);
      expect((await list(second)).body.code).toBe(ResultCode.SUCCESS);
      const changed = await t.request({
        url: '/api/auth/changePwd',
        token: first,
        body: { oldPassword: PASSWORD, newPassword: 'N3w-Passw0rd!' },
      });
      expect(changed.body.code).toBe(ResultCode.SUCCESS);
      expect((await list(second)).body.code).toBe(ResultCode.LOGOUT);
      expect((await list(first)).body.code).toBe(ResultCode.SUCCESS);
      // The cached user carries the new hash: the old password no longer verifies.
      const again = await t.request({
        url: '/api/auth/changePwd',
        token: first,
        body: { oldPassword: PASSWORD, newPassword: 'Other-Passw0rd!' },
      });
      expect(again.body.code).toBe(ResultCode.AUTH_FAILED);
    });

    it('applies a user disabled through the API on the next request', async () => {
      const { id, token } = await operator('cache4');
      expect((await list(token)).body.code).toBe(ResultCode.SUCCESS);
      const disabled = await t.request({
        method: 'PUT',
        url: `/api/common/tessera_sys_user/${id}`,
        token: admin,
        body: { status: 0 },
      });
      expect(disabled.body.code).toBe(ResultCode.SUCCESS);
      expect((await list(token)).body.code).toBe(ResultCode.LOGOUT);
    });

    it('applies a role menu change through the API to cached grants on the next request', async () => {
      const { token } = await operator('cache5');
      expect((await list(token)).body.code).toBe(ResultCode.SUCCESS);
      const put = (menuIds: string) =>
        t.request({
          method: 'PUT',
          url: `/api/common/tessera_sys_role/${roleId}`,
          token: admin,
          body: { menu_ids: menuIds },
        });
      expect((await put('')).body.code).toBe(ResultCode.SUCCESS);
      expect((await list(token)).body.code).toBe(ResultCode.FORBIDDEN);
      expect((await put(allMenus)).body.code).toBe(ResultCode.SUCCESS);
      expect((await list(token)).body.code).toBe(ResultCode.SUCCESS);
      // Once the write's reply is sent the cache fills again.
      expect(t.app.tessera.sessions.cache.size).toBeGreaterThan(0);
    });

    it('keeps the cache through writes of module data (no system table)', async () => {
      const { id, token } = await operator('cache6');
      expect((await list(token)).body.code).toBe(ResultCode.SUCCESS);
      // Out of band, so only a dropped cache entry would make the next requests see it.
      await t.db.db.updateTable(t.tables.user).set({ status: 0 }).where('id', '=', id).execute();
      const created = await t.request({
        url: '/api/common/customer',
        token,
        body: { name: '缓存客户', mobile: '13912345600', level: 'vip', industry: 'finance' },
      });
      expect(created.body.code).toBe(ResultCode.SUCCESS);
      expect((await list(token)).body.code).toBe(ResultCode.SUCCESS);
      // Any other POST outside the common API counts as a possible system write: drops every entry.
      const renamed = await t.request({ url: '/api/auth/refreshCache', token: admin, body: {} });
      expect(renamed.body.code).toBe(ResultCode.SUCCESS);
      expect((await list(token)).body.code).toBe(ResultCode.LOGOUT);
    });
  });
});
