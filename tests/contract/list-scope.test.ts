/**
 * Data scoping (dataLimitType 1–5, dataLimitUnRoleIds, dataLimitUnDepeAdmin) over create_by, the
 * creators' departments and the dept tree; and the REST mode of the list (GET common/:table).
 *
 * Departments: A ⊃ A1 ⊃ A1x, and B. Users: ua (A), ua1 (A1), ua1x (A1x), ub (B), nod (none).
 * Each user creates one `note` titled with their account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { newId } from '../../server/db/ids';
import { insertAudit } from '../../server/db/tables';
import { addModule, createRows } from '../bad-input/fixtures';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const PASSWORD = 'Secret#2026';

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const dept: Record<string, string> = {};
  let userRoleId: string;

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    tokens.admin = await t.signIn();
    await addModule(t, 'note', { title: 'string' });
    const addDept = async (name: string, parent?: string) => {
      const id = newId();
      await t.db.db
        .insertInto(t.tables.dept)
        .values({ id, app_id: t.demoAppId, ...insertAudit(null, 0), name, parent_id: parent ?? null, sort: 0 })
        .execute();
      return (dept[name] = id);
    };
    await addDept('A');
    await addDept('A1', dept.A);
    await addDept('A1x', dept.A1);
    await addDept('B');
    const users: [string, string | undefined][] = [
      ['ua', 'A'],
      ['ua1', 'A1'],
      ['ua1x', 'A1x'],
      ['ub', 'B'],
      ['nod', undefined],
    ];
    for (const [account, d] of users) {
      const id = await t.addUser(account, PASSWORD, 'user');
      await t.db.db
        .updateTable(t.tables.user)
        .set({ dept_id: d ? dept[d] : null })
        .where('id', '=', id)
        .execute();
      tokens[account] = await t.signIn(account, PASSWORD);
      await createRows(t, tokens[account]!, 'note', [{ title: account }]);
    }
    await createRows(t, tokens.admin!, 'note', [{ title: 'admin' }]);
    const role = await t.db.db
      .selectFrom(t.tables.role)
      .select('id')
      .where('app_id', '=', t.demoAppId)
      .where('identify', '=', 'user')
      .executeTakeFirstOrThrow();
    userRoleId = role.id as string;
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const titles = async (account: string, limit: Record<string, unknown>) => {
    const reply = await t.request({
      url: '/api/common/note/list',
      token: tokens[account],
      body: { showFields: ['title'], ...limit },
    });
    expect(reply.body.code, JSON.stringify(reply.body)).toBe(ResultCode.SUCCESS);
    return (reply.body.data.list as { title: string }[]).map((r) => r.title).sort();
  };
  const ALL = ['admin', 'nod', 'ua', 'ua1', 'ua1x', 'ub'];

  describe('dataLimitType', () => {
    it('1 (or absent) is everything; 4 is the caller’s own records', async () => {
      expect(await titles('ua', {})).toEqual(ALL);
      expect(await titles('ua', { dataLimitType: 1 })).toEqual(ALL);
      expect(await titles('ua', { dataLimitType: 4 })).toEqual(['ua']);
      expect(await titles('ub', { dataLimitType: '4' })).toEqual(['ub']);
    });

    it('2 is the own department; 3 adds the departments below it', async () => {
      expect(await titles('ua', { dataLimitType: 2 })).toEqual(['ua']);
      expect(await titles('ua', { dataLimitType: 3 })).toEqual(['ua', 'ua1', 'ua1x']);
      expect(await titles('ua1', { dataLimitType: 3 })).toEqual(['ua1', 'ua1x']);
      expect(await titles('ub', { dataLimitType: 3 })).toEqual(['ub']);
      // No department: only one's own records.
      expect(await titles('nod', { dataLimitType: 2 })).toEqual(['nod']);
    });

    it('5 is the departments listed on the caller’s roles (exactly those), plus own records', async () => {
      expect(await titles('ua', { dataLimitType: 5 })).toEqual(['ua']);
      await t.db.db
        .updateTable(t.tables.role)
        .set({ dept_ids: `${dept.B},${dept.A1}` })
        .where('id', '=', userRoleId)
        .execute();
      expect(await titles('ua', { dataLimitType: 5 })).toEqual(['ua', 'ua1', 'ub']);
      await t.db.db.updateTable(t.tables.role).set({ dept_ids: null }).where('id', '=', userRoleId).execute();
    });

    it('exemptions: holders of dataLimitUnRoleIds, and admins with dataLimitUnDepeAdmin', async () => {
      expect(await titles('ua', { dataLimitType: 4, dataLimitUnRoleIds: `x,${userRoleId}` })).toEqual(ALL);
      expect(await titles('ua', { dataLimitType: 4, dataLimitUnDepeAdmin: true })).toEqual(['ua']);
      expect(await titles('admin', { dataLimitType: 4 })).toEqual(['admin']);
      expect(await titles('admin', { dataLimitType: 4, dataLimitUnDepeAdmin: true })).toEqual(ALL);
    });

    it('combines with conditions, counts within the limit, and refuses unknown types', async () => {
      const reply = await t.request({
        url: '/api/common/note/list',
        token: tokens.ua,
        body: { dataLimitType: 3, isPage: true, pageSize: 1, querys: [{ key: 'title', value: 'ua1', rule: 'LIKE' }] },
      });
      expect(reply.body.data.total).toBe(2);
      for (const dataLimitType of [6, 'all', -1]) {
        expect(
          (await t.request({ url: '/api/common/note/list', token: tokens.ua, body: { dataLimitType } })).body,
        ).toMatchObject({
          code: ResultCode.BAD_REQUEST,
          message: '字段 dataLimitType 的值格式错误',
        });
      }
      expect(
        (
          await t.request({
            url: '/api/common/note/list',
            token: tokens.ua,
            body: { dataLimitType: 2, dataLimitUnRoleIds: "x' or 1=1" },
          })
        ).body.code,
      ).toBe(ResultCode.BAD_REQUEST);
    });
  });

  describe('joins follow the read guard', () => {
    it('a table the caller may not read cannot be joined (answered as unknown)', async () => {
      await addModule(t, 'secret_note', { title: 'string', note_id: 'string' }, undefined, false);
      const body = {
        showFields: ['title'],
        leftJoins: [{ join: 'secret_note', on: ['id', 'note_id'], showFields: ['title'] }],
      };
      expect((await t.request({ url: '/api/common/note/list', token: tokens.ua, body })).body).toMatchObject({
        code: ResultCode.BAD_REQUEST,
        message: '不存在或无权访问的表：secret_note',
      });
      expect((await t.request({ url: '/api/common/note/list', token: tokens.admin, body })).body.code).toBe(
        ResultCode.SUCCESS,
      );
      // The user table joined by a non-admin shows only the caller's own row.
      const users = await t.request({
        url: '/api/common/note/list',
        token: tokens.ua,
        body: {
          showFields: ['title'],
          sorts: [{ key: 'title' }],
          leftJoins: [{ join: 'tessera_sys_user', as: 'u', on: 'create_by=id', showFields: ['account'] }],
        },
      });
      expect(users.body.data.list.filter((r: { u_account: string | null }) => r.u_account !== null)).toEqual([
        { title: 'ua', u_account: 'ua' },
      ]);
    });
  });

  describe('REST mode', () => {
    it('GET with current/pageSize and EQUAL filters', async () => {
      const reply = await t.request({ url: '/api/common/note?current=2&pageSize=2', token: tokens.admin });
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      expect(reply.body.data.total).toBe(6);
      expect(reply.body.data.list).toHaveLength(2);
      const one = await t.request({ url: `/api/common/note?title=ub`, token: tokens.admin });
      expect(one.body.data.list.map((r: { title: string }) => r.title)).toEqual(['ub']);
      expect(one.body.data.total).toBe(1);
    });

    it('reads the page keys named by currentKey / sizeKey, and refuses unknown parameters', async () => {
      const reply = await t.request({ url: '/api/common/note?currentKey=p&sizeKey=s&p=3&s=2', token: tokens.admin });
      expect(reply.body.data.list).toHaveLength(2);
      expect(reply.body.data.total).toBe(6);
      expect((await t.request({ url: '/api/common/note?secret=1', token: tokens.admin })).body.message).toBe(
        '不存在的字段：secret',
      );
      expect((await t.request({ url: '/api/common/note?pageSize=0', token: tokens.admin })).body.code).toBe(
        ResultCode.BAD_REQUEST,
      );
      expect((await t.request({ url: '/api/common/note?title=a&title=b', token: tokens.admin })).body.code).toBe(
        ResultCode.BAD_REQUEST,
      );
      expect((await t.request({ url: '/api/common/note' })).body.code).toBe(ResultCode.LOGOUT);
    });
  });
});
