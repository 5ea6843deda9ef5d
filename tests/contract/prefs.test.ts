/**
 * The per-user preferences API (GET/PUT api/prefs/:key): stored per user and app from the session,
 * replaced on save, bounded (key pattern, 16 KB), never reachable without a session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { userPrefTable } from '../../server/db/migrations/0003-user-prefs';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  let operator: string;
  let otherApp: string;

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    admin = await t.signIn();
    await t.addUser('operator', 'Operator#1', 'user');
    operator = await t.signIn('operator', 'Operator#1');
    const otherId = await t.seedApp('other');
    await t.db.db.updateTable(t.tables.app).set({ encrypt: 0 }).where('id', '=', otherId).execute();
    otherApp = await t.signIn('admin', 'Tessera@2026', 'other');
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const get = (key: string, token: string) => t.request({ url: `/api/prefs/${key}`, token });
  const put = (key: string, body: unknown, token: string) =>
    t.request({ method: 'PUT', url: `/api/prefs/${key}`, body, token });
  const rows = () => t.db.db.selectFrom(userPrefTable('tessera_sys_')).selectAll().execute();

  describe('prefs', () => {
    it('answers null for a key never saved', async () => {
      const reply = await get('columns:customer', admin);
      expect(reply.body).toMatchObject({ code: ResultCode.SUCCESS, data: null });
    });

    it('stores a value per user and replaces it on the next save', async () => {
      const first = await put('columns:customer', { value: { hidden: ['mobile'] } }, admin);
      expect(first.body).toMatchObject({ code: ResultCode.SUCCESS, data: { hidden: ['mobile'] } });
      expect((await get('columns:customer', admin)).body.data).toEqual({ hidden: ['mobile'] });
      // Same value twice (same clock): still one row, still readable.
      await put('columns:customer', { value: { hidden: ['mobile'] } }, admin);
      await put('columns:customer', { value: { hidden: ['level', 'industry'] } }, admin);
      expect((await get('columns:customer', admin)).body.data).toEqual({ hidden: ['level', 'industry'] });
      const stored = (await rows()).filter((r) => r.pref_key === 'columns:customer');
      expect(stored).toHaveLength(1);
      expect(stored[0].app_id).toBe(t.demoAppId);
    });

    it('keeps users and apps apart, taking both from the session only', async () => {
      expect((await get('columns:customer', operator)).body.data).toBeNull();
      expect((await get('columns:customer', otherApp)).body.data).toBeNull();
      // A forged app header changes nothing: the session decides.
      const forged = await t.request({
        url: '/api/prefs/columns:customer',
        token: operator,
        headers: { 'x-sec-identity-id': t.demoAppId },
      });
      expect(forged.body.data).toBeNull();
      await put('columns:customer', { value: { hidden: ['remark'] } }, operator);
      expect((await get('columns:customer', operator)).body.data).toEqual({ hidden: ['remark'] });
      expect((await get('columns:customer', admin)).body.data).toEqual({ hidden: ['level', 'industry'] });
    });

    it('refuses a bad key, a missing value and a value over 16 KB, storing nothing', async () => {
      const before = (await rows()).length;
      for (const key of ['1abc', 'a%20b', `a${'x'.repeat(80)}`, 'columns:a:b']) {
        expect((await get(key, admin)).body.code).toBe(ResultCode.BAD_REQUEST);
        expect((await put(key, { value: 1 }, admin)).body.code).toBe(ResultCode.BAD_REQUEST);
      }
      const missing = await put('columns:x', {}, admin);
      expect(missing.body).toMatchObject({ code: ResultCode.BAD_REQUEST, message: '请提供偏好设置内容' });
      const big = await put('columns:x', { value: 'é'.repeat(9000) }, admin);
      expect(big.body).toMatchObject({ code: ResultCode.BAD_REQUEST, message: '偏好设置内容不能超过 16 KB' });
      const fits = await put('columns:x', { value: 'x'.repeat(16 * 1024 - 2) }, admin);
      expect(fits.body.code).toBe(ResultCode.SUCCESS);
      expect((await rows()).length).toBe(before + 1);
    });

    it('needs a session', async () => {
      expect((await t.request({ url: '/api/prefs/columns:customer' })).body.code).toBe(ResultCode.LOGOUT);
      const write = await t.request({ method: 'PUT', url: '/api/prefs/columns:customer', body: { value: 1 } });
      expect(write.body.code).toBe(ResultCode.LOGOUT);
    });
  });
});
