/**
 * POST common/:table/list: rules by name and code, paging, sorting, showFields, LIKE escaping and
 * the checks on the query itself. Expected rows are computed from the seed file, the oracle.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

interface Customer {
  name: string;
  mobile: string;
  level: string;
  industry: string;
  credit_limit: number;
  signed_at: number;
  active: boolean;
  remark: string | null;
}

const SEED: Customer[] = JSON.parse(readFileSync('schemas/apps/demo/records/customer.json', 'utf8')).rows;
const names = (rows: Customer[]) => rows.map((r) => r.name).sort();

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    token = await t.signIn();
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const list = (body: unknown, table = 'customer') => t.request({ url: `/api/common/${table}/list`, body, token });
  const where = async (...querys: unknown[]) => {
    const reply = await list({ querys, showFields: ['name'] });
    expect(reply.body.code).toBe(ResultCode.SUCCESS);
    return (reply.body.data.list as { name: string }[]).map((r) => r.name).sort();
  };

  describe('paging and order', () => {
    it('pages 10 by default, newest first, with the total', async () => {
      const reply = await list({ isPage: true });
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      expect(reply.body.data.total).toBe(50);
      expect(reply.body.data.list.map((r: Customer) => r.name)).toEqual(SEED.slice(0, 10).map((r) => r.name));
      expect(reply.body.data.list[0]).toMatchObject({ ...SEED[0], app_id: t.demoAppId });
    });

    it('answers exactly the asked columns, typed, whether rows pass as read or are decoded', async () => {
      // No boolean column: on SQLite the driver's rows go out as they are; elsewhere numbers are decoded.
      const plain = await list({ isPage: true, pageSize: 3, showFields: ['name', 'credit_limit', 'signed_at'] });
      expect(plain.body.data.list).toEqual(
        SEED.slice(0, 3).map(({ name, credit_limit, signed_at }) => ({ name, credit_limit, signed_at })),
      );
      const withBoolean = await list({ isPage: true, pageSize: 3, showFields: ['name', 'active'] });
      expect(withBoolean.body.data.list).toEqual(SEED.slice(0, 3).map(({ name, active }) => ({ name, active })));
    });

    it('returns the requested page, caps the page size, and lists everything without isPage', async () => {
      const page = await list({ isPage: true, current: 5, pageSize: 10 });
      expect(page.body.data.list.map((r: Customer) => r.name)).toEqual(SEED.slice(40, 50).map((r) => r.name));
      // pageSize over the cap is refused, not silently capped (list-limits.test.ts covers the bounds).
      expect((await list({ isPage: true, pageSize: 100000 })).body.message).toBe(
        'pageSize 必须是 1 到 1000 之间的整数',
      );
      const all = await list({});
      expect(all.body.data).toMatchObject({ total: 50 });
      expect(all.body.data.list).toHaveLength(50);
      const empty = await list({ isPage: true, current: 9 });
      expect(empty.body.data).toEqual({ list: [], total: 50 });
      expect((await list({ isPage: true, pageSize: 0 })).body.code).toBe(ResultCode.BAD_REQUEST);
      const skip = await list({ isPage: true, pageSize: 3, skipCount: true });
      expect(skip.body.data.list).toHaveLength(3);
    });

    it('sorts by the given keys', async () => {
      const reply = await list({
        sorts: [
          { key: 'credit_limit', order: 'asc' },
          { key: 'name', order: 'desc' },
        ],
        showFields: ['credit_limit'],
      });
      const limits = reply.body.data.list.map((r: Customer) => r.credit_limit);
      expect(limits).toEqual([...SEED.map((r) => r.credit_limit)].sort((a, b) => a - b));
      expect((await list({ sorts: [{ key: 'name', order: 'sideways' }] })).body.code).toBe(ResultCode.BAD_REQUEST);
      expect((await list({ sorts: [{ key: 'nope' }] })).body.message).toBe('不存在的字段：nope');
    });

    it('returns only showFields', async () => {
      const reply = await list({ showFields: ['id', 'name'], isPage: true, pageSize: 2 });
      expect(reply.body.data.list.map((r: object) => Object.keys(r).sort())).toEqual([
        ['id', 'name'],
        ['id', 'name'],
      ]);
      expect((await list({ showFields: ['name', 'secret'] })).body).toMatchObject({
        code: ResultCode.BAD_REQUEST,
        message: '不存在的字段：secret',
      });
    });
  });

  describe('rules', () => {
    const first = SEED[0];

    it('EQUAL and NO_EQUAL (by name or code)', async () => {
      expect(await where({ key: 'level', value: 'vip', rule: 'EQUAL' })).toEqual(
        names(SEED.filter((r) => r.level === 'vip')),
      );
      expect(await where({ key: 'level', value: 'vip', rule: 1 })).toEqual(
        names(SEED.filter((r) => r.level === 'vip')),
      );
      expect(await where({ key: 'level', value: 'vip', rule: 'NO_EQUAL' })).toEqual(
        names(SEED.filter((r) => r.level !== 'vip')),
      );
      expect(await where({ key: 'level', value: 'vip', rule: '9' })).toEqual(
        names(SEED.filter((r) => r.level !== 'vip')),
      );
      expect(await where({ key: 'active', value: false, rule: 'EQUAL' })).toEqual(names(SEED.filter((r) => !r.active)));
      expect(await where({ key: 'name', value: first.name })).toEqual([first.name]);
    });

    it('LIKE, case-insensitive, by name or code 3', async () => {
      expect(await where({ key: 'name', value: '精密', rule: 'LIKE' })).toEqual(
        names(SEED.filter((r) => r.name.includes('精密'))),
      );
      expect(await where({ key: 'mobile', value: '1300', rule: 3 })).toEqual(
        names(SEED.filter((r) => r.mobile.includes('1300'))),
      );
      expect(await where({ key: 'level', value: 'VI', rule: 'like' })).toEqual(
        names(SEED.filter((r) => r.level === 'vip')),
      );
    });

    it('IN with an array or a comma string', async () => {
      const expected = names(SEED.filter((r) => ['finance', 'retail'].includes(r.industry)));
      expect(await where({ key: 'industry', value: ['finance', 'retail'], rule: 'IN' })).toEqual(expected);
      expect(await where({ key: 'industry', value: 'finance,retail', rule: 2 })).toEqual(expected);
    });

    it('BETWEEN with an array or "a,b", and open ends', async () => {
      const inRange = (r: Customer) => r.credit_limit >= 200000 && r.credit_limit <= 500000;
      expect(await where({ key: 'credit_limit', value: [200000, 500000], rule: 'BETWEEN' })).toEqual(
        names(SEED.filter(inRange)),
      );
      expect(await where({ key: 'credit_limit', value: '200000,500000', rule: 8 })).toEqual(
        names(SEED.filter(inRange)),
      );
      const from = Date.UTC(2025, 0, 1);
      expect(await where({ key: 'signed_at', value: [from, null], rule: 'BETWEEN' })).toEqual(
        names(SEED.filter((r) => r.signed_at >= from)),
      );
    });

    it('GT, GE, LT, LE', async () => {
      const v = 300000;
      expect(await where({ key: 'credit_limit', value: v, rule: 'GT' })).toEqual(
        names(SEED.filter((r) => r.credit_limit > v)),
      );
      expect(await where({ key: 'credit_limit', value: v, rule: 'GE' })).toEqual(
        names(SEED.filter((r) => r.credit_limit >= v)),
      );
      expect(await where({ key: 'credit_limit', value: String(v), rule: 5 })).toEqual(
        names(SEED.filter((r) => r.credit_limit < v)),
      );
      expect(await where({ key: 'credit_limit', value: v, rule: 'LE' })).toEqual(
        names(SEED.filter((r) => r.credit_limit <= v)),
      );
    });

    it('IS_NULL and IS_NOT_NULL', async () => {
      expect(await where({ key: 'remark', rule: 'IS_NULL' })).toEqual(names(SEED.filter((r) => !r.remark)));
      expect(await where({ key: 'remark', rule: 11 })).toEqual(names(SEED.filter((r) => r.remark)));
    });

    it('relates conditions with AND by default, or OR', async () => {
      const q = [
        { key: 'level', value: 'vip', rule: 'EQUAL' },
        { key: 'industry', value: 'finance', rule: 'EQUAL' },
      ];
      expect(await where(...q)).toEqual(names(SEED.filter((r) => r.level === 'vip' && r.industry === 'finance')));
      const or = await list({ querys: q, relate: 'OR', showFields: ['name'] });
      expect(or.body.data.list.map((r: Customer) => r.name).sort()).toEqual(
        names(SEED.filter((r) => r.level === 'vip' || r.industry === 'finance')),
      );
    });

    it('skips conditions with an empty value (an untouched search field)', async () => {
      expect(await where({ key: 'name', value: '', rule: 'LIKE' }, { key: 'level', value: null })).toHaveLength(50);
    });

    it('INCLUDE_OR and INCLUDE_AND on comma lists', async () => {
      const menus = (await list({ showFields: ['id', 'parent_id'] }, 'tessera_sys_menu')).body.data.list as {
        id: string;
        parent_id: string | null;
      }[];
      // A group and an entry that both seeded roles hold (the seed also has admin-only menus).
      const held = (
        (await list({ showFields: ['menu_ids'] }, 'tessera_sys_role')).body.data.list as { menu_ids: string }[]
      ).map((r) => r.menu_ids.split(','));
      const shared = menus.filter((m) => held.every((ids) => ids.includes(m.id)));
      const group = shared.find((m) => !m.parent_id)!.id;
      const entry = shared.find((m) => m.parent_id)!.id;
      const roles = async (rule: string, value: unknown) =>
        (
          (await list({ querys: [{ key: 'menu_ids', value, rule }], showFields: ['identify'] }, 'tessera_sys_role'))
            .body.data.list as { identify: string }[]
        )
          .map((r) => r.identify)
          .sort();
      expect(await roles('INCLUDE_OR', [entry, 'zzz'])).toEqual(['admin', 'user']);
      expect(await roles('INCLUDE_AND', `${group},${entry}`)).toEqual(['admin', 'user']);
      expect(await roles('INCLUDE_AND', [group, 'zzz'])).toEqual([]);
    });
  });

  describe('LIKE escaping', () => {
    it('matches %, _, ! and \\ literally', async () => {
      const base = {
        mobile: '13000000000',
        level: 'normal',
        industry: 'retail',
        credit_limit: 1,
        signed_at: 0,
        active: true,
      };
      for (const name of ['折扣100%', '折扣100X', 'a_b', 'axb', 'c\\d', 'cd', 'e!f', 'ef']) {
        const reply = await t.request({ method: 'POST', url: '/api/common/customer', body: { ...base, name }, token });
        expect(reply.body.code).toBe(ResultCode.SUCCESS);
      }
      expect(await where({ key: 'name', value: '100%', rule: 'LIKE' })).toEqual(['折扣100%']);
      expect(await where({ key: 'name', value: 'a_b', rule: 'LIKE' })).toEqual(['a_b']);
      expect(await where({ key: 'name', value: 'c\\d', rule: 'LIKE' })).toEqual(['c\\d']);
      expect(await where({ key: 'name', value: 'e!f', rule: 'LIKE' })).toEqual(['e!f']);
    });
  });

  describe('query checks', () => {
    it('rejects unknown fields, rules and keys, and pattern rules on numbers', async () => {
      expect((await list({ querys: [{ key: 'nope', value: 1 }] })).body.message).toBe('不存在的字段：nope');
      expect((await list({ querys: [{ key: 'name', value: 1, rule: 'REGEX' }] })).body.message).toBe(
        '不支持的查询规则：REGEX',
      );
      expect((await list({ querys: [{ key: 'name', value: 1, rule: 14 }] })).body.code).toBe(ResultCode.BAD_REQUEST);
      expect((await list({ querys: [{ key: 'credit_limit', value: '1', rule: 'LIKE' }] })).body.code).toBe(
        ResultCode.BAD_REQUEST,
      );
      expect((await list({ querys: [{ key: 'credit_limit', value: 'abc', rule: 'GT' }] })).body.code).toBe(
        ResultCode.BAD_REQUEST,
      );
      expect((await list({ querys: [{ key: 'credit_limit', value: [1, 2, 3], rule: 'BETWEEN' }] })).body.code).toBe(
        ResultCode.BAD_REQUEST,
      );
      expect((await list({ surprise: true })).body.message).toBe('不存在的字段：surprise');
      expect((await list({ querys: 'name=1' })).body.code).toBe(ResultCode.BAD_REQUEST);
      expect((await list({ relate: 'XOR' })).body.code).toBe(ResultCode.BAD_REQUEST);
    });

    it('accepts empty joins and groups, and ignores exportFields', async () => {
      expect((await list({ leftJoins: [{ join: 'x', on: 'a=b' }] })).body).toMatchObject({
        code: ResultCode.BAD_REQUEST,
        message: '不存在或无权访问的表：x',
      });
      expect((await list({ leftJoins: [], groups: [], exportFields: [{ key: 'name' }], isPage: true })).body.code).toBe(
        ResultCode.SUCCESS,
      );
    });

    it('bounds the query size', async () => {
      const many = Array.from({ length: 51 }, () => ({ key: 'name', value: 'x' }));
      expect((await list({ querys: many })).body.code).toBe(ResultCode.BAD_REQUEST);
      expect((await list({ querys: [{ key: 'name', value: Array(1001).fill('x'), rule: 'IN' }] })).body.code).toBe(
        ResultCode.BAD_REQUEST,
      );
    });
  });
});
