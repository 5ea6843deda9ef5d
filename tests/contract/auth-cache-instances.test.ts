/**
 * Session caches across instances (issue 20 item 1): two servers over one database and one bus
 * (in-process here, Redis in a deployment), each caching sessions for 60 s. A sign-out, a password
 * change and a grant edit made on one instance count on the other at its very next request — not
 * when its cache entry expires.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { LocalBus } from '../../server/bus/local';
import { newId } from '../../server/db/ids';
import { insertAudit } from '../../server/db/tables';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const PASSWORD = 'Passw0rd!';
const LIST = '/api/common/customer/list';
const quiet = { warn: () => {}, error: () => {} };

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  let bus: LocalBus;
  let admin: string;
  let roleId: string;
  let allMenus: string;
  const previousTtl = process.env.AUTH_CACHE_TTL_MS;

  const list = (t: TestApp, token: string) => t.request({ url: LIST, token, body: { skipCount: true } });

  async function operator(account: string): Promise<string> {
    await a.addUser(account, PASSWORD, 'cx9op');
    return a.signIn(account, PASSWORD);
  }

  beforeAll(async () => {
    process.env.AUTH_CACHE_TTL_MS = '60000';
    database = await makeDatabase();
    bus = new LocalBus(quiet);
    a = await startTestApp(database, { bus });
    b = await startTestApp(database, { bus });
    expect(b.app.tessera.sessions.cache.ttlMs).toBe(60000);
    const menus = await a.db.db.selectFrom(a.tables.menu).select('id').where('app_id', '=', a.demoAppId).execute();
    allMenus = menus.map((m) => m.id as string).join(',');
    roleId = newId();
    await a.db.db
      .insertInto(a.tables.role)
      .values({
        id: roleId,
        app_id: a.demoAppId,
        ...insertAudit(null, a.clock.now),
        name: 'cx9op',
        identify: 'cx9op',
        level: 3,
        menu_ids: allMenus,
      })
      .execute();
    admin = await a.signIn();
  });

  afterAll(async () => {
    if (previousTtl === undefined) delete process.env.AUTH_CACHE_TTL_MS;
    else process.env.AUTH_CACHE_TTL_MS = previousTtl;
    await a?.close();
    await b?.close();
    await bus?.close();
    await database?.drop();
  });

  it('a sign-out on one instance refuses the token on the other at once', async () => {
    const token = await operator('cx9a');
    expect((await list(b, token)).body.code).toBe(ResultCode.SUCCESS); // b caches the session
    expect((await a.request({ url: '/api/auth/logout', token, body: {} })).body.code).toBe(ResultCode.SUCCESS);
    expect((await list(b, token)).body.code).toBe(ResultCode.LOGOUT);
  });

  it("a password change on one instance ends the user's other sessions on the other, keeps the caller's", async () => {
    const first = await operator('cx9b');
    const second = await a.signIn('cx9b', PASSWORD);
    expect((await list(b, second)).body.code).toBe(ResultCode.SUCCESS);
    const changed = await a.request({
      url: '/api/auth/changePwd',
      token: first,
      body: { oldPassword: PASSWORD, newPassword: 'N3w-Passw0rd!' },
    });
    expect(changed.body.code).toBe(ResultCode.SUCCESS);
    expect((await list(b, second)).body.code).toBe(ResultCode.LOGOUT);
    expect((await list(b, first)).body.code).toBe(ResultCode.SUCCESS);
  });

  it("a role's menus edited on one instance apply to the grants the other has cached", async () => {
    const token = await operator('cx9c');
    expect((await list(b, token)).body.code).toBe(ResultCode.SUCCESS);
    const put = (menuIds: string) =>
      a.request({
        method: 'PUT',
        url: `/api/common/tessera_sys_role/${roleId}`,
        token: admin,
        body: { menu_ids: menuIds },
      });
    expect((await put('')).body.code).toBe(ResultCode.SUCCESS);
    expect((await list(b, token)).body.code).toBe(ResultCode.FORBIDDEN);
    expect((await put(allMenus)).body.code).toBe(ResultCode.SUCCESS);
    expect((await list(b, token)).body.code).toBe(ResultCode.SUCCESS);
  });

  it('without the bus the other instance would have kept its entry (the test can fail)', async () => {
    const token = await operator('cx9d');
    expect((await list(b, token)).body.code).toBe(ResultCode.SUCCESS);
    // Out of band: no API call, no event — b still serves its cached session within the TTL.
    await a.db.db.deleteFrom(a.tables.session).execute();
    expect((await list(b, token)).body.code).toBe(ResultCode.SUCCESS);
  });
});
