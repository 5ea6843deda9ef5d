/**
 * Lone surrogates (`"a\uD800b"` in JSON) have no UTF-8 form: each driver would store U+FFFD or
 * fail differently. They are refused like NUL — a clear P4000 naming the field — in writes, list
 * conditions and SQL mode, on every database, and nothing is written. A valid pair (𠮷) is fine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const BASE = {
  mobile: '13000000000',
  level: 'normal',
  industry: 'retail',
  credit_limit: 1,
  signed_at: 0,
  active: true,
};
/** JSON texts as an attacker types them: escapes JSON.parse turns into lone surrogates. */
const LONE = ['a\\uD800b', '\\uDC00', 'x\\uDBFF', '\\uDC00\\uD800'];
const message = (key: string) => `字段 ${key} 含有不成对的代理字符（无效的 Unicode，如 \\uD800）`;

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let token: string;
  let ownId: string;

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    token = await t.signIn();
    const list = await t.request({
      url: '/api/common/customer/list',
      token,
      body: { isPage: true, pageSize: 1, showFields: ['id'] },
    });
    ownId = list.body.data.list[0].id;
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  /** Sends a raw JSON text (so the escape reaches the server's parser as typed). */
  const raw = async (method: 'POST' | 'PUT', url: string, payload: string, lang?: 'en') => {
    const response = await t.app.inject({
      method,
      url,
      payload,
      headers: { authorization: token, 'content-type': 'application/json', ...(lang ? { 'x-lang': lang } : {}) },
    });
    return response.json() as { code: string; message: string };
  };
  const snapshot = async () => {
    const rows = await t.request({
      url: '/api/common/customer/list',
      token,
      body: { showFields: ['id', 'name', 'remark'], sorts: [{ key: 'id' }] },
    });
    return JSON.stringify(rows.body.data.list);
  };

  describe('lone surrogates', () => {
    it('are refused in creates and updates with a clear P4000 and nothing is written', async () => {
      const before = await snapshot();
      for (const text of LONE) {
        const body = (name: string) =>
          `{${Object.entries(BASE)
            .map(([k, v]) => `"${k}":${JSON.stringify(v)}`)
            .join(',')},"name":"${name}"}`;
        expect(await raw('POST', '/api/common/customer', body(text))).toMatchObject({
          code: ResultCode.BAD_REQUEST,
          message: message('name'),
        });
        expect(await raw('PUT', `/api/common/customer/${ownId}`, `{"remark":"${text}"}`)).toMatchObject({
          code: ResultCode.BAD_REQUEST,
          message: message('remark'),
        });
      }
      expect(await raw('PUT', `/api/common/customer/${ownId}`, `{"remark":"\\uD800"}`, 'en')).toMatchObject({
        code: ResultCode.BAD_REQUEST,
        message: 'Field remark contains a lone surrogate (invalid Unicode such as \\uD800), which is not allowed',
      });
      expect(await snapshot()).toBe(before);
    });

    it('are refused in list conditions of every kind', async () => {
      for (const text of LONE) {
        for (const condition of [
          `{"key":"name","value":"${text}"}`,
          `{"key":"name","value":"${text}","rule":"LIKE"}`,
          `{"key":"name","value":["ok","${text}"],"rule":"IN"}`,
        ]) {
          expect(await raw('POST', '/api/common/customer/list', `{"querys":[${condition}]}`)).toMatchObject({
            code: ResultCode.BAD_REQUEST,
            message: message('name'),
          });
        }
      }
    });

    it('are refused in SQL mode before any SQL runs', async () => {
      const reply = await raw(
        'POST',
        '/api/common/executeSql',
        `{"sql":"select name from customer where name = 'a\\uD800'"}`,
      );
      expect(reply).toMatchObject({ code: ResultCode.BAD_REQUEST, message: message('sql') });
    });

    it('valid surrogate pairs are stored and found as given', async () => {
      const name = '𠮷 👨‍👩‍👧';
      const created = await t.request({ method: 'POST', url: '/api/common/customer', token, body: { ...BASE, name } });
      expect(created.body.code).toBe(ResultCode.SUCCESS);
      const found = await t.request({
        url: '/api/common/customer/list',
        token,
        body: { querys: [{ key: 'name', value: name }], showFields: ['name'] },
      });
      expect(found.body.data.list).toEqual([{ name }]);
    });
  });
});
