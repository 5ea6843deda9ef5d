/**
 * The per-app QR key (migration 0006-qr-key, runtime/core/qr): generated for every app, delivered
 * only to signed-in users of that app with their user info, never to anonymous callers, another
 * app's users, the public app info or the common API; existing apps get one on migrate.
 */
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { decodeQrPayload, encryptQrText } from '../../runtime/core/qr/index';
import { startTestApp, type TestApp } from '../../tests/helpers/app';
import { forEachDatabase, type TestDatabase } from '../../tests/helpers/databases';
import { createDb } from '../db/create-db';
import { migrateToLatest, migrations } from '../db/migrations/index';
import { insertAudit, tableNames } from '../db/tables';

const KEY = /^[0-9a-f]{32}$/;

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let otherAppId: string;
  let demoKey: string;
  let otherKey: string;

  const keyOf = async (id: string) =>
    (await t.db.db.selectFrom(t.tables.app).select('qr_key').where('id', '=', id).executeTakeFirstOrThrow())
      .qr_key as string;

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    otherAppId = await t.seedApp('other');
    await t.addUser('stranger', 'Stranger#1', 'user', otherAppId);
    demoKey = await keyOf(t.demoAppId);
    otherKey = await keyOf(otherAppId);
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  describe('per-app QR key', () => {
    it('every seeded app has its own random 32-hex key', () => {
      expect(demoKey).toMatch(KEY);
      expect(otherKey).toMatch(KEY);
      expect(otherKey).not.toBe(demoKey);
    });

    it("a signed-in user receives their own app's key with the user info, and it decodes what it encrypts", async () => {
      const admin = await t.signIn();
      const info = await t.request({ url: '/api/auth/userInfo', token: admin });
      expect(info.body.code).toBe(ResultCode.SUCCESS);
      expect(info.body.data.qrKey).toBe(demoKey);
      const payload = encryptQrText('TICKET-2024-0001 工单 🚀', info.body.data.qrKey);
      expect(decodeQrPayload(payload, info.body.data.qrKey)).toBe('TICKET-2024-0001 工单 🚀');
      expect(decodeQrPayload(payload, otherKey)).toBeUndefined();
    });

    it("a user of another app receives that app's key, never this one's", async () => {
      const stranger = await t.signIn('stranger', 'Stranger#1', 'other');
      const info = await t.request({ url: '/api/auth/userInfo', token: stranger });
      expect(info.body.data.qrKey).toBe(otherKey);
      expect(JSON.stringify(info.body)).not.toContain(demoKey);
      // Naming the demo app in the request changes nothing: the app is the session's.
      const named = await t.request({
        url: '/api/auth/userInfo?identify=demo',
        token: stranger,
        headers: { 'x-sec-identity-id': 'demo' },
      });
      expect(JSON.stringify(named.body)).not.toContain(demoKey);
    });

    it('anonymous callers get no key: not from user info, not from the public app info', async () => {
      const anonymous = await t.request({ url: '/api/auth/userInfo' });
      expect(anonymous.body.code).toBe(ResultCode.LOGOUT);
      expect(JSON.stringify(anonymous.body)).not.toContain(demoKey);
      const publicInfo = await t.request({ url: '/api/app/demo' });
      expect(publicInfo.body.code).toBe(ResultCode.SUCCESS);
      expect(JSON.stringify(publicInfo.body)).not.toContain(demoKey);
      expect(JSON.stringify(publicInfo.body)).not.toMatch(/qr_?key/i);
    });

    it('the common API neither shows nor changes the key, even to the app admin', async () => {
      const admin = await t.signIn();
      const list = await t.request({ url: '/api/common/tessera_sys_app/list', token: admin, body: {} });
      expect(list.body.code).toBe(ResultCode.SUCCESS);
      expect(list.body.data.list.length).toBe(1);
      expect(JSON.stringify(list.body)).not.toContain(demoKey);
      const asked = await t.request({
        url: '/api/common/tessera_sys_app/list',
        token: admin,
        body: { showFields: ['id', 'qr_key'] },
      });
      expect(JSON.stringify(asked.body)).not.toContain(demoKey);
      const put = await t.request({
        method: 'PUT',
        url: `/api/common/tessera_sys_app/${t.demoAppId}`,
        token: admin,
        body: { title: 'Tessera 演示应用', qr_key: '0'.repeat(32) },
      });
      expect(put.body.code).not.toBe(ResultCode.SUCCESS);
      expect(await keyOf(t.demoAppId)).toBe(demoKey);
    });
  });
});

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await makeDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('apps that existed before the migration each get a key on migrate', async () => {
    const prefix = 'tq_';
    const db = createDb(database.url);
    const app = tableNames(prefix).app;
    try {
      const migrator = new Migrator({
        db: db.db,
        provider: { getMigrations: async () => migrations(prefix, db) },
        migrationTableName: `${prefix}migration`,
        migrationLockTableName: `${prefix}migration_lock`,
      });
      const before = await migrator.migrateTo('0005-import-template');
      expect(before.error).toBeUndefined();
      for (const [id, identify] of [
        ['a1', 'first'],
        ['a2', 'second'],
      ])
        await db.db
          .insertInto(app)
          .values({ id, app_id: id, identify, ...insertAudit(null, 1) })
          .execute();
      expect(await migrateToLatest(db, prefix)).toContain('0006-qr-key');
      const rows = await db.db.selectFrom(app).select(['id', 'qr_key']).orderBy('id').execute();
      expect(rows.map((r) => r.id)).toEqual(['a1', 'a2']);
      for (const row of rows) expect(row.qr_key).toMatch(KEY);
      expect(rows[0].qr_key).not.toBe(rows[1].qr_key);
    } finally {
      await db.destroy();
    }
  });
});
