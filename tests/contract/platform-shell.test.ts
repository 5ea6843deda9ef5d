/**
 * The shell's platform calls (docs/auth.md): to-do count, the complete-info record, the user's own
 * name, refresh cache, and the app info additions. On each test database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { newId } from '../../server/db/ids';
import { insertAudit } from '../../server/db/tables';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const CUSTOMER = '/api/common/tessera_sys_customer';
const FORM = { name: '张三', biz_type: 'mini_program,website_app', role_type: ['operator'], dev_team: 'individual' };

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  let operator: string;
  let operatorId: string;

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    admin = await t.signIn();
    operatorId = await t.addUser('operator', 'Passw0rd!', 'user');
    operator = await t.signIn('operator', 'Passw0rd!');
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  async function addTodo(assignee: string, status: number, isDeleted = 0) {
    await t.db.db
      .insertInto('tessera_sys_todo')
      .values({
        id: newId(),
        app_id: t.demoAppId,
        ...insertAudit(null, t.clock.now),
        is_deleted: isDeleted,
        assignee_id: assignee,
        status,
        title: 't',
      })
      .execute();
  }

  it("counts the caller's open to-do items only", async () => {
    expect((await t.request({ url: '/api/flows/todocount', token: operator })).body).toMatchObject({
      code: '200',
      data: 0,
    });
    await addTodo(operatorId, 0);
    await addTodo(operatorId, 0);
    await addTodo(operatorId, 1);
    await addTodo(operatorId, 0, 1);
    await addTodo('someone-else', 0);
    expect((await t.request({ url: '/api/flows/todocount', token: operator })).body.data).toBe(2);
    expect((await t.request({ url: '/api/flows/todocount', token: admin })).body.data).toBe(0);
    expect((await t.request({ url: '/api/flows/todocount' })).body.code).toBe(ResultCode.LOGOUT);
  });

  describe('complete-info record', () => {
    it('requires all four fields with 请填写必填项, and checks the choices', async () => {
      for (const missing of ['name', 'biz_type', 'role_type', 'dev_team']) {
        const body: Record<string, unknown> = { ...FORM, [missing]: missing === 'role_type' ? [] : '' };
        const reply = await t.request({ url: CUSTOMER, token: operator, body });
        expect(reply.body).toEqual({ code: 'P4000', message: '请填写必填项', data: null });
      }
      const bad = await t.request({
        url: CUSTOMER,
        token: operator,
        body: { ...FORM, dev_team: 'individual,outsourcing' },
      });
      expect(bad.body.code).toBe('P4000');
      const unknown = await t.request({ url: CUSTOMER, token: operator, body: { ...FORM, biz_type: 'spaceship' } });
      expect(unknown.body.code).toBe('P4000');
      const list = await t.request({ url: `${CUSTOMER}/list`, token: operator, body: {} });
      expect(list.body.data).toEqual({ list: [], total: 0 });
    });

    it('keeps one record per user, listed only to its author', async () => {
      const created = await t.request({ url: CUSTOMER, token: operator, body: FORM });
      expect(created.body.code).toBe('200');
      const again = await t.request({ url: CUSTOMER, token: operator, body: FORM });
      expect(again.body).toMatchObject({ code: 'P4000', message: '已提交过信息' });
      const mine = await t.request({
        url: `${CUSTOMER}/list`,
        token: operator,
        body: { querys: [{ key: 'create_by', value: operatorId, rule: 'EQUAL' }] },
      });
      expect(mine.body.data.total).toBe(1);
      expect(mine.body.data.list[0]).toMatchObject({
        id: created.body.data.id,
        name: '张三',
        biz_type: 'mini_program,website_app',
        role_type: 'operator',
        dev_team: 'individual',
        create_by: operatorId,
      });
      expect((await t.request({ url: `${CUSTOMER}/list`, token: admin, body: {} })).body.data.total).toBe(0);
    });

    it('does not hide the demo module table named customer', async () => {
      const reply = await t.request({ url: '/api/common/customer/list', token: admin, body: {} });
      expect(reply.body.code).toBe('200');
      expect(reply.body.data.list.length).toBeGreaterThan(0);
    });
  });

  it('refreshes the server caches: a changed app title shows at once', async () => {
    expect((await t.request({ url: '/api/app/demo' })).body.data.title).toBe('Tessera 演示应用');
    await t.db.db.updateTable(t.tables.app).set({ title: '新标题' }).where('id', '=', t.demoAppId).execute();
    expect((await t.request({ url: '/api/app/demo' })).body.data.title).toBe('Tessera 演示应用');
    expect((await t.request({ url: '/api/auth/refreshCache', token: operator, body: {} })).body.code).toBe('200');
    expect((await t.request({ url: '/api/app/demo' })).body.data.title).toBe('新标题');
  });

  it('answers app info with parsed configs, watermark and the protect switch', async () => {
    const info = (await t.request({ url: '/api/app/demo' })).body.data;
    expect(info).toMatchObject({
      watermark: 0,
      watermark_rotate: -22,
      protect: true,
      ai_config: { enabled: false, showInNavBar: false, payMode: 0 },
      upload_config: { position: 1 },
    });
    await t.db.db.updateTable(t.tables.app).set({ protect: 0, watermark: 1 }).where('id', '=', t.demoAppId).execute();
    await t.request({ url: '/api/auth/refreshCache', token: admin, body: {} });
    expect((await t.request({ url: '/api/app/demo' })).body.data).toMatchObject({ protect: false, watermark: 1 });
  });
});
