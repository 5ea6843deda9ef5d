/**
 * The data limit a module's stored list declares is a boundary, not a view filter: a record the
 * caller cannot list cannot be read, changed or deleted by id (single or batch), exported or
 * reached through a join, and the request body cannot widen it. Out-of-scope ids answer P4004
 * exactly like ids that do not exist (no existence oracle) and change nothing.
 *
 * Departments: A ⊃ A1, and B. Users: ua (A), ua1 (A1), ub (B). Module memo<N> declares
 * dataLimitType N; each user creates one record in each, titled with their account.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { newId } from '../../server/db/ids';
import { insertAudit } from '../../server/db/tables';
import { moduleTableName } from '../../server/modules/columns';
import { addModule, createRows } from '../bad-input/fixtures';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const PASSWORD = 'Secret#2026';
const ACCOUNTS = ['ua', 'ua1', 'ub'] as const;
type Account = (typeof ACCOUNTS)[number];

/** What ua may see in memo<N> (role dept_ids = B for type 5). */
const VISIBLE_TO_UA: Record<number, Account[]> = {
  2: ['ua'],
  3: ['ua', 'ua1'],
  4: ['ua'],
  5: ['ua', 'ub'],
};
const TYPES = [2, 3, 4, 5] as const;

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  const tokens: Record<string, string> = {};
  /** ids[type][account] */
  const ids: Record<number, Record<Account, string>> = {};

  /** A module table whose stored list declares `query` (as the page designer saves it). */
  async function addLimitedModule(table: string, query: Record<string, unknown>, fields: Record<string, 'string'>) {
    await addModule(t, table, fields);
    const row = await t.db.db
      .selectFrom(t.tables.module)
      .select(['id', 'schema'])
      .where('table_name', '=', table)
      .where('app_id', '=', t.demoAppId)
      .executeTakeFirstOrThrow();
    const schema = JSON.parse(String(row.schema));
    schema.body[0].query = query;
    await t.db.db
      .updateTable(t.tables.module)
      .set({ schema: JSON.stringify(schema) })
      .where('id', '=', row.id)
      .execute();
  }

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    tokens.admin = await t.signIn();
    const dept: Record<string, string> = {};
    for (const [name, parent] of [
      ['A', undefined],
      ['A1', 'A'],
      ['B', undefined],
    ] as const) {
      dept[name] = newId();
      await t.db.db
        .insertInto(t.tables.dept)
        .values({
          id: dept[name],
          app_id: t.demoAppId,
          ...insertAudit(null, 0),
          name,
          parent_id: parent ? dept[parent] : null,
          sort: 0,
        })
        .execute();
    }
    for (const type of TYPES) await addLimitedModule(`memo${type}`, { dataLimitType: type }, { title: 'string' });
    await addModule(t, 'link', { label: 'string', memo_id: 'string' });
    await t.db.db
      .updateTable(t.tables.role)
      .set({ dept_ids: dept.B })
      .where('app_id', '=', t.demoAppId)
      .where('identify', '=', 'user')
      .execute();
    const deptOf: Record<Account, string> = { ua: dept.A!, ua1: dept.A1!, ub: dept.B! };
    for (const account of ACCOUNTS) {
      const id = await t.addUser(account, PASSWORD, 'user');
      await t.db.db.updateTable(t.tables.user).set({ dept_id: deptOf[account] }).where('id', '=', id).execute();
      tokens[account] = await t.signIn(account, PASSWORD);
    }
    for (const type of TYPES) {
      ids[type] = {} as Record<Account, string>;
      for (const account of ACCOUNTS)
        [ids[type][account]] = await createRows(t, tokens[account]!, `memo${type}`, [{ title: account }]);
    }
    // Links to every memo4 record, created by ub: the link table itself is not limited.
    for (const account of ACCOUNTS)
      await createRows(t, tokens.ub!, 'link', [{ label: account, memo_id: ids[4]![account] }]);
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const liveTitle = async (type: number, id: string) => {
    const row = await t.db.db
      .selectFrom(moduleTableName('demo', `memo${type}`))
      .select(['title', 'is_deleted'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return `${row.title}:${row.is_deleted}`;
  };

  describe.each(TYPES)('declared dataLimitType %i', (type) => {
    const table = `memo${type}`;
    const hidden = () => ACCOUNTS.filter((a) => !VISIBLE_TO_UA[type]!.includes(a));

    it('the list shows only the scope, whatever limit the body asks for', async () => {
      for (const body of [{}, { dataLimitType: 1 }, { dataLimitType: type, dataLimitUnRoleIds: 'r-x' }]) {
        const reply = await t.request({
          url: `/api/common/${table}/list`,
          token: tokens.ua,
          body: { showFields: ['title'], ...body },
        });
        expect(reply.body.code).toBe(ResultCode.SUCCESS);
        expect(reply.body.data.list.map((r: { title: string }) => r.title).sort()).toEqual(VISIBLE_TO_UA[type]);
      }
      // Exempting the caller's own role in the body does not lift the declared limit either.
      const role = await t.db.db
        .selectFrom(t.tables.role)
        .select('id')
        .where('app_id', '=', t.demoAppId)
        .where('identify', '=', 'user')
        .executeTakeFirstOrThrow();
      const exempt = await t.request({
        url: `/api/common/${table}/list`,
        token: tokens.ua,
        body: { showFields: ['title'], dataLimitType: 4, dataLimitUnRoleIds: String(role.id) },
      });
      expect(exempt.body.data.list.map((r: { title: string }) => r.title).sort()).toEqual(VISIBLE_TO_UA[type]);
    });

    it('get by id: in scope → the record; out of scope → P4004 like a missing id', async () => {
      for (const account of VISIBLE_TO_UA[type]!) {
        const reply = await t.request({ url: `/api/common/${table}/${ids[type]![account]}`, token: tokens.ua });
        expect(reply.body.data.title).toBe(account);
      }
      const missing = await t.request({ url: `/api/common/${table}/no_such_id`, token: tokens.ua });
      for (const account of hidden()) {
        const reply = await t.request({ url: `/api/common/${table}/${ids[type]![account]}`, token: tokens.ua });
        expect(reply.body).toEqual(missing.body);
        expect(reply.body.code).toBe(ResultCode.NOT_FOUND);
        expect(reply.status).toBe(missing.status);
      }
    });

    it('update and delete by id, and batch delete, refuse out-of-scope records and change nothing', async () => {
      for (const account of hidden()) {
        const id = ids[type]![account];
        const put = await t.request({
          method: 'PUT',
          url: `/api/common/${table}/${id}`,
          token: tokens.ua,
          body: { title: 'pwned' },
        });
        expect(put.body.code).toBe(ResultCode.NOT_FOUND);
        const del = await t.request({ method: 'DELETE', url: `/api/common/${table}/${id}`, token: tokens.ua });
        expect(del.body.code).toBe(ResultCode.NOT_FOUND);
        // A batch with one visible id and one hidden one: all or nothing.
        const batch = await t.request({
          method: 'DELETE',
          url: `/api/common/${table}`,
          token: tokens.ua,
          body: { ids: [ids[type]!.ua, id] },
        });
        expect(batch.body.code).toBe(ResultCode.NOT_FOUND);
        expect(await liveTitle(type, id)).toBe(`${account}:0`);
        expect(await liveTitle(type, ids[type]!.ua)).toBe('ua:0');
      }
      // In scope still works: ua edits a record they can list.
      const own = VISIBLE_TO_UA[type]!.at(-1)!;
      const put = await t.request({
        method: 'PUT',
        url: `/api/common/${table}/${ids[type]![own]}`,
        token: tokens.ua,
        body: { title: own },
      });
      expect(put.body.code).toBe(ResultCode.SUCCESS);
    });

    it('export holds only the scope', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/common/${table}/export`,
        headers: { authorization: tokens.ua! },
        payload: { exportFields: [{ key: 'title', title: 'title' }], dataLimitType: 1 },
      });
      expect(response.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const titles: string[] = [];
      workbook.getWorksheet(1)!.eachRow((row, n) => {
        if (n > 1) titles.push(String(row.getCell(1).value));
      });
      expect(titles.sort()).toEqual(VISIBLE_TO_UA[type]);
    });
  });

  describe('joins', () => {
    const body = {
      showFields: ['label'],
      sorts: [{ key: 'label' }],
      leftJoins: [{ join: 'memo4', as: 'm', on: ['memo_id', 'id'], showFields: ['title'] }],
    };
    it('a joined table keeps its declared limit (list and export)', async () => {
      const reply = await t.request({ url: '/api/common/link/list', token: tokens.ua, body });
      expect(reply.body.data.list).toEqual([
        { label: 'ua', m_title: 'ua' },
        { label: 'ua1', m_title: null },
        { label: 'ub', m_title: null },
      ]);
      const inner = await t.request({
        url: '/api/common/link/list',
        token: tokens.ua,
        body: { ...body, leftJoins: undefined, innerJoins: body.leftJoins },
      });
      expect(inner.body.data.list).toEqual([{ label: 'ua', m_title: 'ua' }]);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/common/link/export',
        headers: { authorization: tokens.ua! },
        payload: { ...body, exportFields: [{ key: 'label' }, { key: 'm_title' }] },
      });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const cells: unknown[] = [];
      workbook.getWorksheet(1)!.eachRow((row, n) => {
        if (n > 1) cells.push([row.getCell(1).value, row.getCell(2).value ?? null]);
      });
      expect(cells.sort()).toEqual([
        ['ua', 'ua'],
        ['ua1', null],
        ['ub', null],
      ]);
    });
  });
});
