/**
 * The list's compiled-statement cache (server/common/query/plan-cache.ts) never hands one caller's
 * SQL to another: the same body sent by another app, by another user under a data limit, or after
 * a module save that changed the table answers exactly what an uncached query would.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { addModule, createRows } from '../bad-input/fixtures';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const PASSWORD = 'Secret#2026';
const CUSTOMER = JSON.parse(readFileSync('schemas/apps/demo/modules/customer.json', 'utf8'));

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

  const list = async (table: string, token: string, body: Record<string, unknown>) => {
    const reply = await t.request({ url: `/api/common/${table}/list`, token, body });
    expect(reply.body.code, JSON.stringify(reply.body)).toBe(ResultCode.SUCCESS);
    return reply.body.data as { list: Record<string, unknown>[]; total: number };
  };

  it('gives each user their own rows for the same body under a data limit (self only)', async () => {
    await addModule(t, 'memo', { title: 'string' });
    const tokens: Record<string, string> = {};
    for (const account of ['cache_a', 'cache_b']) {
      await t.addUser(account, PASSWORD, 'user');
      tokens[account] = await t.signIn(account, PASSWORD);
      await createRows(t, tokens[account]!, 'memo', [{ title: `${account}-1` }, { title: `${account}-2` }]);
    }
    const body = { showFields: ['title'], dataLimitType: 4, isPage: true, pageSize: 10 };
    // Several rounds, alternating: the second caller of a shape must not get the first one's SQL.
    for (let round = 0; round < 2; round++) {
      for (const account of ['cache_a', 'cache_b']) {
        const { list: rows, total } = await list('memo', tokens[account]!, body);
        expect(rows.map((r) => r.title).sort()).toEqual([`${account}-1`, `${account}-2`]);
        expect(total).toBe(2);
      }
    }
    // Without the limit, the same users see every memo.
    const all = await list('memo', tokens.cache_a!, { showFields: ['title'], isPage: true, pageSize: 10 });
    expect(all.total).toBe(4);
  });

  it('gives each app its own rows of a shared system table for the same body', async () => {
    const otherApp = await t.seedApp('cacheother');
    await t.db.db.updateTable(t.tables.app).set({ encrypt: 0 }).where('id', '=', otherApp).execute();
    const other = await t.signIn('admin', 'Tessera@2026', 'cacheother');
    const body = { showFields: ['id', 'app_id'], isPage: true, pageSize: 100 };
    for (let round = 0; round < 2; round++) {
      for (const [token, appId] of [
        [admin, t.demoAppId],
        [other, otherApp],
      ] as const) {
        const { list: rows } = await list(t.tables.role, token, body);
        expect(rows.length).toBeGreaterThan(0);
        expect(new Set(rows.map((r) => r.app_id))).toEqual(new Set([appId]));
      }
    }
  });

  it('sees a column added by a module save in the same list body, and can filter on it', async () => {
    const body = { isPage: true, pageSize: 100, querys: [{ key: 'name', value: '缓存客户', rule: 'LIKE' }] };
    await createRows(t, admin, 'customer', [{ name: '缓存客户甲', level: 'vip' }]);
    const before = await list('customer', admin, body);
    expect(before.list).toHaveLength(1);
    expect(before.list[0]).not.toHaveProperty('nickname');

    const module = await t.db.db
      .selectFrom(t.tables.module)
      .select('id')
      .where('app_id', '=', t.demoAppId)
      .where('table_name', '=', 'customer')
      .executeTakeFirstOrThrow();
    const schema = structuredClone(CUSTOMER);
    schema.body[0].fields.push({
      id: 'f_nickname',
      key: 'nickname',
      title: { zh: '昵称', en: 'Nickname' },
      type: 'input',
    });
    const saved = await t.request({ method: 'PUT', url: `/api/module/${module.id}`, token: admin, body: { schema } });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(ResultCode.SUCCESS);
    await createRows(t, admin, 'customer', [{ name: '缓存客户乙', level: 'vip', nickname: '小乙' }]);

    // The same body again: every column of the table now includes the new one.
    const after = await list('customer', admin, body);
    expect(after.list).toHaveLength(2);
    const byName = new Map(after.list.map((r) => [r.name, r]));
    expect(byName.get('缓存客户甲')).toHaveProperty('nickname', null);
    expect(byName.get('缓存客户乙')).toHaveProperty('nickname', '小乙');
    const filtered = await list('customer', admin, {
      showFields: ['name', 'nickname'],
      querys: [{ key: 'nickname', value: '小乙', rule: 'EQUAL' }],
    });
    expect(filtered.list).toEqual([{ name: '缓存客户乙', nickname: '小乙' }]);
  });
});
