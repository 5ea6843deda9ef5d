/**
 * A user added with an admin-given password (issue 22 item 4) may only change it, read who they are
 * and sign out until they do: every other call answers P4011 in the caller's language and changes
 * nothing. The add form's "must change at first sign-in" switch, when off, leaves the user free.
 * Through the real server on each test database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const USERS = '/api/common/tessera_sys_user';

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    admin = await t.signIn();
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const create = (body: Record<string, unknown>) => t.request({ method: 'POST', url: USERS, token: admin, body });
  const myName = async (account: string) =>
    (await t.db.db.selectFrom(t.tables.user).select('name').where('account', '=', account).executeTakeFirst())?.name;

  describe('a session that must change its password', () => {
    it('is refused everything but changePwd, userInfo and logout, then is free once it changed', async () => {
      const added = await create({ account: 'flag1', name: 'Flagged', password: 'Start1234' });
      expect(added.body.code).toBe(ResultCode.SUCCESS);
      const id = added.body.data.id as string;
      const token = await t.signIn('flag1', 'Start1234');

      const refused = [
        { method: 'POST' as const, url: `${USERS}/list`, body: { pageSize: 10 } },
        { method: 'POST' as const, url: '/api/common/tessera_sys_menu/list', body: {} },
        { method: 'PUT' as const, url: `${USERS}/${id}`, body: { name: 'Changed' } },
        { method: 'GET' as const, url: '/api/page-heads' },
      ];
      for (const call of refused) {
        const reply = await t.request({ ...call, token });
        expect(reply.body, call.url).toEqual({
          code: ResultCode.MUST_CHANGE_PASSWORD,
          message: '请先修改初始密码，再使用其他功能',
          data: null,
        });
      }
      expect(await myName('flag1')).toBe('Flagged');
      const english = await t.request({
        method: 'POST',
        url: `${USERS}/list`,
        token,
        body: {},
        lang: 'en',
      });
      expect(english.body.message).toBe('Please change your initial password before doing anything else');

      const info = await t.request({ url: '/api/auth/userInfo', token });
      expect(info.body.code).toBe(ResultCode.SUCCESS);
      expect(info.body.data.mustChangePassword).toBe(true);

      const changed = await t.request({
        method: 'POST',
        url: '/api/auth/changePwd',
        token,
        body: { oldPassword: 'Start1234', newPassword: 'Mine56789' },
      });
      expect(changed.body.code).toBe(ResultCode.SUCCESS);
      const after = await t.request({ method: 'POST', url: `${USERS}/list`, token, body: {} });
      expect(after.body.code).toBe(ResultCode.SUCCESS);
    });

    it('may sign out while flagged', async () => {
      await create({ account: 'flag2', name: 'Flagged', password: 'Start1234' });
      const token = await t.signIn('flag2', 'Start1234');
      const out = await t.request({ method: 'POST', url: '/api/auth/logout', token, body: {} });
      expect(out.body.code).toBe(ResultCode.SUCCESS);
      const gone = await t.request({ url: '/api/auth/userInfo', token });
      expect(gone.body.code).toBe(ResultCode.LOGOUT);
    });

    it('is not flagged when the admin turns "must change at first sign-in" off', async () => {
      const added = await create({ account: 'free1', name: 'Free', password: 'Start1234', mustChangePassword: false });
      expect(added.body.code).toBe(ResultCode.SUCCESS);
      const token = await t.signIn('free1', 'Start1234');
      expect((await t.request({ url: '/api/auth/userInfo', token })).body.data.mustChangePassword).toBe(false);
      const list = await t.request({ method: 'POST', url: `${USERS}/list`, token, body: {} });
      expect(list.body.code).toBe(ResultCode.SUCCESS);
    });

    it('refuses a switch value that is not a yes or no, adding no row', async () => {
      const reply = await create({
        account: 'free2',
        name: 'Free',
        password: 'Start1234',
        mustChangePassword: 'maybe',
      });
      expect(reply.body.code).toBe(ResultCode.BAD_REQUEST);
      expect(await myName('free2')).toBeUndefined();
    });
  });
});
