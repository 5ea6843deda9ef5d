/**
 * The common API's writes and reads by id on the customers module: create, get, update, delete,
 * batch delete (all or nothing), duplicates, mass assignment, tenancy, missing tables.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';
import demoTemplate from '../../schemas/apps/demo/app.json';

const CUSTOMER = {
  name: '测试客户甲',
  mobile: '13912345678',
  level: 'vip',
  industry: 'finance',
  credit_limit: 1234.5,
  signed_at: 1717171717000,
  active: false,
  remark: '备注',
};

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  let adminId: string;

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    admin = await t.signIn();
    adminId = (await t.request({ url: '/api/auth/userInfo', token: admin })).body.data.id;
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const physical = 'm_demo_customer';
  const create = (body: unknown, token = admin) =>
    t.request({ method: 'POST', url: '/api/common/customer', body, token });
  const liveCount = async () =>
    Number(
      (
        await t.db.db
          .selectFrom(physical)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('is_deleted', '=', 0)
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('create and get', () => {
    it('creates a record with server-set id, app and audit fields, and reads it back typed', async () => {
      t.clock.now += 1000;
      const reply = await create({ ...CUSTOMER });
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      const row = reply.body.data;
      expect(row).toMatchObject({
        ...CUSTOMER,
        app_id: t.demoAppId,
        create_by: adminId,
        update_by: adminId,
        create_at: t.clock.now,
        is_deleted: 0,
      });
      expect(row.id).toMatch(/^[0-9a-f]{32}$/);
      const got = await t.request({ url: `/api/common/customer/${row.id}`, token: admin });
      expect(got.body.data).toEqual(row);
      const stored = await t.db.db.selectFrom(physical).selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
      expect(Number(stored.active)).toBe(0);
      expect(Number(stored.signed_at)).toBe(CUSTOMER.signed_at);
    });

    it('ignores id, app_id and audit fields in the body (mass assignment)', async () => {
      const reply = await create({
        ...CUSTOMER,
        name: '测试客户乙',
        id: 'chosen-id',
        app_id: 'another-app',
        create_by: 'someone',
        create_at: 1,
        update_at: 1,
        is_deleted: 1,
        copyId: 'x',
      });
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      expect(reply.body.data).toMatchObject({ app_id: t.demoAppId, create_by: adminId, is_deleted: 0 });
      expect(reply.body.data.id).not.toBe('chosen-id');
      expect(reply.body.data.create_at).toBe(t.clock.now);
    });

    it('rejects unknown keys, wrong types, missing required fields and over-long text, creating nothing', async () => {
      const before = await liveCount();
      expect((await create({ ...CUSTOMER, name: '丙', evil: 1 })).body).toEqual({
        code: ResultCode.BAD_REQUEST,
        message: '不存在的字段：evil',
        data: null,
      });
      expect((await create({ ...CUSTOMER, name: '丙', credit_limit: 'lots' })).body.message).toBe(
        '字段 credit_limit 的值格式错误',
      );
      expect((await create({ ...CUSTOMER, name: '丙', active: 'maybe' })).body.code).toBe(ResultCode.BAD_REQUEST);
      expect((await create({ ...CUSTOMER, name: '丙', signed_at: { $gt: 1 } })).body.code).toBe(ResultCode.BAD_REQUEST);
      const { name: _omit, ...noName } = CUSTOMER;
      expect((await create(noName)).body).toMatchObject({ code: ResultCode.BAD_REQUEST, message: '客户名称不能为空' });
      const en = await t.request({
        method: 'POST',
        url: '/api/common/customer',
        body: { ...CUSTOMER, name: '' },
        token: admin,
        lang: 'en',
      });
      expect(en.body.message).toBe('Name is required');
      expect((await create({ ...CUSTOMER, name: '长'.repeat(61) })).body.message).toBe('字段 name 的长度不能超过 60');
      expect((await create(['not', 'an', 'object'])).body.message).toBe('请求数据必须是 JSON 对象');
      expect((await create({ ...CUSTOMER, password_hash: 'x' })).body.code).toBe(ResultCode.BAD_REQUEST);
      expect(await liveCount()).toBe(before);
    });

    it('answers P4004 for an id that does not exist', async () => {
      const reply = await t.request({ url: '/api/common/customer/0123456789abcdef0123456789abcdef', token: admin });
      expect(reply.body).toEqual({ code: ResultCode.NOT_FOUND, message: '数据不存在', data: null });
    });
  });

  describe('update', () => {
    it('changes the given fields and the update audit, never id or app', async () => {
      const created = (await create({ ...CUSTOMER, name: '待更新客户' })).body.data;
      t.clock.now += 5000;
      const reply = await t.request({
        method: 'PUT',
        url: `/api/common/customer/${created.id}`,
        body: { ...created, level: 'strategic', active: true, id: 'other-id', app_id: 'x', create_at: 5 },
        token: admin,
      });
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      expect(reply.body.data).toMatchObject({
        id: created.id,
        app_id: t.demoAppId,
        level: 'strategic',
        active: true,
        create_at: created.create_at,
        update_at: t.clock.now,
      });
      const unknown = await t.request({
        method: 'PUT',
        url: `/api/common/customer/${created.id}`,
        body: { level: 'normal', bogus: 1 },
        token: admin,
      });
      expect(unknown.body.message).toBe('不存在的字段：bogus');
      expect((await t.request({ url: `/api/common/customer/${created.id}`, token: admin })).body.data.level).toBe(
        'strategic',
      );
    });

    it('answers P4004 when the record does not exist', async () => {
      const reply = await t.request({
        method: 'PUT',
        url: '/api/common/customer/nope123',
        body: { level: 'vip' },
        token: admin,
      });
      expect(reply.body.code).toBe(ResultCode.NOT_FOUND);
    });
  });

  describe('duplicates', () => {
    it("answers P5003 \"Duplicate entry '<value>' for key '<field>'\" on create and update", async () => {
      const dup = await create({ ...CUSTOMER, name: '华东精密制造有限公司' });
      expect(dup.body).toEqual({
        code: ResultCode.DATA_ERROR,
        message: "Duplicate entry '华东精密制造有限公司' for key 'name'",
        data: null,
      });
      const other = (await create({ ...CUSTOMER, name: '重复测试客户' })).body.data;
      const update = await t.request({
        method: 'PUT',
        url: `/api/common/customer/${other.id}`,
        body: { name: '华东精密制造有限公司' },
        token: admin,
      });
      expect(update.body.message).toBe("Duplicate entry '华东精密制造有限公司' for key 'name'");
    });

    it("lets a deleted record's unique value be used again", async () => {
      const first = (await create({ ...CUSTOMER, name: '可复用名称' })).body.data;
      await t.request({ method: 'DELETE', url: `/api/common/customer/${first.id}`, token: admin });
      const again = await create({ ...CUSTOMER, name: '可复用名称' });
      expect(again.body.code).toBe(ResultCode.SUCCESS);
    });
  });

  describe('delete', () => {
    it('soft-deletes one record of the app', async () => {
      const row = (await create({ ...CUSTOMER, name: '待删除客户' })).body.data;
      const reply = await t.request({ method: 'DELETE', url: `/api/common/customer/${row.id}`, token: admin });
      expect(reply.body).toMatchObject({ code: ResultCode.SUCCESS, data: null });
      const stored = await t.db.db
        .selectFrom(physical)
        .select(['is_deleted', 'update_by'])
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      expect(Number(stored.is_deleted)).toBe(1);
      expect(stored.update_by).toBe(adminId);
      expect((await t.request({ url: `/api/common/customer/${row.id}`, token: admin })).body.code).toBe(
        ResultCode.NOT_FOUND,
      );
      expect(
        (await t.request({ method: 'DELETE', url: `/api/common/customer/${row.id}`, token: admin })).body.code,
      ).toBe(ResultCode.NOT_FOUND);
    });

    it('batch-deletes with { ids } or a bare array', async () => {
      const ids = [];
      for (const name of ['批量一', '批量二', '批量三']) ids.push((await create({ ...CUSTOMER, name })).body.data.id);
      const first = await t.request({
        method: 'DELETE',
        url: '/api/common/customer',
        body: { ids: ids.slice(0, 2) },
        token: admin,
      });
      expect(first.body).toMatchObject({ code: ResultCode.SUCCESS, data: { deleted: 2 } });
      const second = await t.request({ method: 'DELETE', url: '/api/common/customer', body: [ids[2]], token: admin });
      expect(second.body.code).toBe(ResultCode.SUCCESS);
      const rows = await t.db.db.selectFrom(physical).select('is_deleted').where('id', 'in', ids).execute();
      expect(rows.map((r) => Number(r.is_deleted))).toEqual([1, 1, 1]);
    });

    it('deletes nothing when any id is unknown or already deleted (P4004)', async () => {
      const ids = [];
      for (const name of ['全有一', '全有二']) ids.push((await create({ ...CUSTOMER, name })).body.data.id);
      const reply = await t.request({
        method: 'DELETE',
        url: '/api/common/customer',
        body: { ids: [...ids, 'feedfeedfeedfeed'] },
        token: admin,
      });
      expect(reply.body).toEqual({ code: ResultCode.NOT_FOUND, message: '数据不存在', data: null });
      const rows = await t.db.db.selectFrom(physical).select('is_deleted').where('id', 'in', ids).execute();
      expect(rows.map((r) => Number(r.is_deleted))).toEqual([0, 0]);
      const audits = await t.db.db
        .selectFrom(t.tables.audit_log)
        .select('id')
        .where('action', '=', 'delete')
        .where('record_id', 'like', `%${ids[0]}%`)
        .execute();
      expect(audits).toHaveLength(0);
      for (const body of [{ ids: [] }, {}, { ids: [1, 2] }, 'x']) {
        const bad = await t.request({ method: 'DELETE', url: '/api/common/customer', body, token: admin });
        expect(bad.body.code).toBe(ResultCode.BAD_REQUEST);
      }
    });

    it('writes an audit entry per change', async () => {
      const row = (await create({ ...CUSTOMER, name: '审计客户' })).body.data;
      await t.request({ method: 'DELETE', url: `/api/common/customer/${row.id}`, token: admin });
      const audits = await t.db.db
        .selectFrom(t.tables.audit_log)
        .selectAll()
        .where('record_id', '=', row.id)
        .orderBy('action')
        .execute();
      expect(audits.map((a) => a.action)).toEqual(['create', 'delete']);
      expect(audits[0]).toMatchObject({ user_id: adminId, table_name: 'customer', app_id: t.demoAppId });
    });
  });

  describe('tenancy', () => {
    let otherToken: string;
    let demoRow: { id: string };

    beforeAll(async () => {
      await t.seedApp('other');
      otherToken = await t.signIn('admin', 'Tessera@2026', 'other');
      demoRow = (await create({ ...CUSTOMER, name: '只属于演示应用' })).body.data;
    });

    it("never reaches another app's record by id", async () => {
      const url = `/api/common/customer/${demoRow.id}`;
      expect((await t.request({ url, token: otherToken })).body.code).toBe(ResultCode.NOT_FOUND);
      expect((await t.request({ method: 'PUT', url, body: { level: 'normal' }, token: otherToken })).body.code).toBe(
        ResultCode.NOT_FOUND,
      );
      expect((await t.request({ method: 'DELETE', url, token: otherToken })).body.code).toBe(ResultCode.NOT_FOUND);
      const batch = await t.request({
        method: 'DELETE',
        url: '/api/common/customer',
        body: [demoRow.id],
        token: otherToken,
      });
      expect(batch.body.code).toBe(ResultCode.NOT_FOUND);
      const still = await t.request({ url, token: admin });
      expect(still.body.data).toMatchObject({ id: demoRow.id, level: 'vip' });
    });

    it('keeps shared system tables apart per app', async () => {
      const demoRole = await t.db.db
        .selectFrom(t.tables.role)
        .select('id')
        .where('app_id', '=', t.demoAppId)
        .executeTakeFirstOrThrow();
      const url = `/api/common/tessera_sys_role/${demoRole.id}`;
      expect((await t.request({ url, token: otherToken })).body.code).toBe(ResultCode.NOT_FOUND);
      expect((await t.request({ method: 'PUT', url, body: { name: 'x' }, token: otherToken })).body.code).toBe(
        ResultCode.NOT_FOUND,
      );
      expect((await t.request({ url, token: admin })).body.data.id).toBe(demoRole.id);
      const menus = await t.request({
        url: '/api/common/tessera_sys_menu/list',
        body: { showFields: ['app_id'] },
        token: otherToken,
      });
      expect(menus.body.data.total).toBe(demoTemplate.menus.length);
      expect(menus.body.data.list.every((m: { app_id: string }) => m.app_id !== t.demoAppId)).toBe(true);
    });

    it("lists only the session's app, whatever app_id the query names", async () => {
      const reply = await t.request({
        url: '/api/common/customer/list',
        body: { querys: [{ key: 'app_id', value: t.demoAppId, rule: 'EQUAL' }] },
        token: otherToken,
      });
      expect(reply.body.data).toEqual({ list: [], total: 0 });
      const own = await t.request({ url: '/api/common/customer/list', body: { isPage: true }, token: otherToken });
      expect(own.body.data.total).toBe(50);
      expect(own.body.data.list.every((r: { app_id: string }) => r.app_id !== t.demoAppId)).toBe(true);
    });
  });

  describe('tables', () => {
    it("answers P5003 \"Table '<name>' doesn't exist\" for an unknown table", async () => {
      const reply = await t.request({ url: '/api/common/nope/list', body: {}, token: admin });
      expect(reply.body).toEqual({ code: ResultCode.DATA_ERROR, message: "Table 'nope' doesn't exist", data: null });
      for (const hidden of ['tessera_sys_session', 'tessera_sys_captcha', 'm_demo_customer']) {
        const r = await t.request({ url: `/api/common/${hidden}/list`, body: {}, token: admin });
        expect(r.body.message).toBe(`Table '${hidden}' doesn't exist`);
      }
      const odd = await t.request({ url: '/api/common/a-b%20c/list', body: {}, token: admin });
      expect(odd.body.code).toBe(ResultCode.BAD_REQUEST);
    });

    it("answers the same when a module's physical table is gone", async () => {
      const id = await t.seedApp('gone');
      const token = await t.signIn('admin', 'Tessera@2026', 'gone');
      await t.db.db.schema.dropTable('m_gone_customer').execute();
      const reply = await t.request({ url: '/api/common/customer/list', body: {}, token });
      expect(reply.body).toEqual({
        code: ResultCode.DATA_ERROR,
        message: "Table 'customer' doesn't exist",
        data: null,
      });
      expect(id).toMatch(/^[0-9a-f]{32}$/);
    });

    it('needs a session', async () => {
      expect((await t.request({ url: '/api/common/customer/list', body: {} })).body.code).toBe(ResultCode.LOGOUT);
    });
  });
});
