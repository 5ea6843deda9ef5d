/**
 * Adding a user gives them an initial password (issue 22 item 4): typed by the admin and checked
 * by the password policy, or generated and answered once; either way the user signs in with it,
 * is flagged to change it (userInfo.mustChangePassword) until they do, and no read ever shows the
 * password or its hash. Through the real server on each test database.
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
  const userInfo = async (token: string) =>
    (await t.request({ url: '/api/auth/userInfo', token })).body.data as { mustChangePassword: boolean };
  const stored = (account: string) =>
    t.db.db.selectFrom(t.tables.user).selectAll().where('account', '=', account).execute();

  describe('adding a user with an initial password', () => {
    it('a typed password signs in, flags the user until they change it, and is stored hashed', async () => {
      const reply = await create({ account: 'typed1', name: 'Typed', password: 'Start1234' });
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      expect(reply.body.data).not.toHaveProperty('initialPassword');
      expect(reply.body.data).not.toHaveProperty('password');
      expect(reply.body.data).not.toHaveProperty('password_hash');
      const [row] = await stored('typed1');
      expect(row.password_hash).toMatch(/^scrypt\$/);
      expect(row.password_hash).not.toContain('Start1234');

      const token = await t.signIn('typed1', 'Start1234');
      expect((await userInfo(token)).mustChangePassword).toBe(true);
      const changed = await t.request({
        method: 'POST',
        url: '/api/auth/changePwd',
        token,
        body: { oldPassword: 'Start1234', newPassword: 'Mine56789' },
      });
      expect(changed.body.code).toBe(ResultCode.SUCCESS);
      expect((await userInfo(token)).mustChangePassword).toBe(false);
      const again = await t.signIn('typed1', 'Mine56789');
      expect((await userInfo(again)).mustChangePassword).toBe(false);
    });

    it('without a password the server generates one, answers it once, and it signs in', async () => {
      const reply = await create({ account: 'gen1', name: 'Generated', password: '' });
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      const generated = reply.body.data.initialPassword as string;
      expect(generated).toMatch(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{12}$/);
      const token = await t.signIn('gen1', generated);
      expect((await userInfo(token)).mustChangePassword).toBe(true);

      const id = reply.body.data.id as string;
      const detail = await t.request({ url: `${USERS}/${id}`, token: admin });
      expect(detail.body.code).toBe(ResultCode.SUCCESS);
      const list = await t.request({ method: 'POST', url: `${USERS}/list`, token: admin, body: { pageSize: 100 } });
      expect(list.body.code).toBe(ResultCode.SUCCESS);
      for (const text of [JSON.stringify(detail.body), JSON.stringify(list.body)]) {
        expect(text).not.toContain(generated);
        expect(text).not.toContain('password');
        expect(text).not.toContain('scrypt$');
      }
    });

    it('a weak typed password is refused with a clear message and adds no row', async () => {
      const reply = await create({ account: 'weak1', name: 'Weak', password: 'short1' });
      expect(reply.body).toEqual({
        code: ResultCode.BAD_REQUEST,
        message: '密码须为 8–120 位，且同时包含字母和数字',
        data: null,
      });
      expect(await stored('weak1')).toEqual([]);
      const letters = await create({ account: 'weak2', name: 'Weak', password: 'onlyletters' });
      expect(letters.body.code).toBe(ResultCode.BAD_REQUEST);
      expect(await stored('weak2')).toEqual([]);
    });

    it('an edit cannot set a password', async () => {
      const reply = await create({ account: 'edit1', name: 'Edit', password: 'Start1234' });
      const id = reply.body.data.id as string;
      const edit = await t.request({
        method: 'PUT',
        url: `${USERS}/${id}`,
        token: admin,
        body: { name: 'Edit', password: 'Other1234' },
      });
      expect(edit.body.code).toBe(ResultCode.BAD_REQUEST);
      await expect(t.signIn('edit1', 'Start1234')).resolves.toBeTruthy();
    });
  });
});
