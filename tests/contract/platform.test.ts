/**
 * App info, health, module schema, dictionaries, the shell's role/menu/module list calls
 * (platform-shell §7), system-table access rules, and the HTTP edges: unknown routes, bad JSON,
 * body limit, language, static files with the single-page fallback.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  let plain: string;
  let plainId: string;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'tessera-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Tessera</title>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    database = await makeDatabase();
    t = await startTestApp(database, { distDir: dist });
    admin = await t.signIn();
    plainId = await t.addUser('operator', 'Operator#1', 'user');
    plain = await t.signIn('operator', 'Operator#1');
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
    rmSync(dist, { recursive: true, force: true });
  });

  describe('app info', () => {
    it('answers the public app info with the public key and never the private key', async () => {
      const reply = await t.request({ url: '/api/app/demo' });
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      expect(reply.body.data).toMatchObject({
        id: t.demoAppId,
        identify: 'demo',
        title: 'Tessera 演示应用',
        shortTitle: 'Tessera',
        encrypt: false,
        table_prefix: 'tessera_sys_',
        upload_config: { position: 1 },
        ai_config: { enabled: false, showInNavBar: false, payMode: 0 },
      });
      expect(reply.body.data.logo).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(reply.body.data.public_key).toMatch(/^04[0-9a-f]{128}$/);
      const row = await t.db.db
        .selectFrom(t.tables.app)
        .select('private_key')
        .where('id', '=', t.demoAppId)
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(reply.body)).not.toContain(row.private_key);
      expect(JSON.stringify(reply.body)).not.toContain('private');
    });

    it('answers P4015 with the spec message for an unknown app, in the requested language', async () => {
      expect((await t.request({ url: '/api/app/unknown' })).body).toEqual({
        code: ResultCode.APP_NOT_FOUND,
        message: '应用地址不正确，请检查访问地址',
        data: null,
      });
      expect((await t.request({ url: '/api/app/unknown', lang: 'en' })).body.message).toBe(
        'Unknown application address, please check the URL',
      );
    });

    it('reports health without a session', async () => {
      expect((await t.request({ url: '/api/health' })).body).toMatchObject({
        code: ResultCode.SUCCESS,
        data: { status: 'ok' },
      });
    });
  });

  describe('shell calls', () => {
    it("lists the user's roles as the shell asks (showFields, is_deleted=0, id IN role_ids)", async () => {
      const info = (await t.request({ url: '/api/auth/userInfo', token: admin })).body.data;
      const reply = await t.request({
        url: '/api/common/tessera_sys_role/list',
        token: admin,
        body: {
          showFields: ['id', 'name', 'menu_ids', 'level', 'identify'],
          querys: [
            { key: 'is_deleted', value: 0, rule: 'EQUAL' },
            { key: 'id', value: info.role_ids, rule: 'IN' },
          ],
        },
      });
      expect(reply.body.data.total).toBe(1);
      expect(reply.body.data.list[0]).toEqual({ ...info.roles[0] });
    });

    it('lists the menus by menu_ids in ascending sort, for any signed-in user', async () => {
      const info = (await t.request({ url: '/api/auth/userInfo', token: plain })).body.data;
      const reply = await t.request({
        url: '/api/common/tessera_sys_menu/list',
        token: plain,
        body: {
          showFields: ['id', 'title', 'icon', 'module_id', 'dashboard_id', 'parent_id', 'path', 'url', 'type'],
          querys: [
            { key: 'is_deleted', value: 0, rule: 'EQUAL' },
            { key: 'app_id', value: info.appId, rule: 'EQUAL' },
            { key: 'id', value: info.menu_ids, rule: 'IN' },
          ],
          sorts: [{ key: 'sort', order: 'asc' }],
        },
      });
      const menus = reply.body.data.list as Record<string, unknown>[];
      expect(menus.map((m) => m.title).sort()).toEqual(['客户', '客户管理']);
      const group = menus.find((m) => m.title === '客户管理')!;
      const entry = menus.find((m) => m.title === '客户')!;
      expect(group).toMatchObject({ type: 0, parent_id: null, module_id: null, icon: 'TeamOutlined' });
      expect(entry).toMatchObject({ type: 1, parent_id: group.id });
      expect(entry.module_id).toMatch(/^[0-9a-f]{32}$/);
    });

    it('lists module versions and serves the module schema', async () => {
      const modules = await t.request({
        url: '/api/common/tessera_sys_module/list',
        token: plain,
        body: { showFields: ['id', 'update_at'] },
      });
      expect(modules.body.data.total).toBe(1);
      const { id, update_at } = modules.body.data.list[0];
      expect(typeof update_at).toBe('number');
      const reply = await t.request({ url: `/api/module/${id}`, token: plain });
      expect(reply.body.data).toMatchObject({ id, title: '客户', table_name: 'customer', update_at });
      expect(reply.body.data.schema.body[0]).toMatchObject({ type: 'list', table: 'customer' });
      expect((await t.request({ url: '/api/module/nope', token: plain })).body.code).toBe(ResultCode.NOT_FOUND);
      expect((await t.request({ url: `/api/module/${id}` })).body.code).toBe(ResultCode.LOGOUT);
      const dashboards = await t.request({
        url: '/api/common/tessera_sys_dashboard/list',
        token: plain,
        body: { showFields: ['id', 'update_at'] },
      });
      expect(dashboards.body.data).toEqual({ list: [], total: 0 });
    });

    it("serves a dictionary of the session's app in order", async () => {
      const reply = await t.request({ url: '/api/dict/customer_level', token: plain });
      expect(reply.body.data).toEqual([
        { value: 'normal', label: '普通', label_en: 'Normal' },
        { value: 'vip', label: 'VIP' },
        { value: 'strategic', label: '战略', label_en: 'Strategic' },
      ]);
      expect((await t.request({ url: '/api/dict/unknown', token: plain })).body.data).toEqual([]);
    });
  });

  describe('system tables', () => {
    it('never exposes secret columns', async () => {
      const users = await t.request({ url: '/api/common/tessera_sys_user/list', token: admin, body: {} });
      expect(users.body.data.total).toBe(2);
      expect(JSON.stringify(users.body.data)).not.toMatch(/password|scrypt/);
      for (const body of [
        { showFields: ['password_hash'] },
        { querys: [{ key: 'password_hash', value: 's', rule: 'LIKE' }] },
        { sorts: [{ key: 'password_hash' }] },
      ]) {
        expect((await t.request({ url: '/api/common/tessera_sys_user/list', token: admin, body })).body.message).toBe(
          '不存在的字段：password_hash',
        );
      }
      const write = await t.request({
        method: 'PUT',
        url: `/api/common/tessera_sys_user/${plainId}`,
        token: admin,
        body: { password_hash: 'x' },
      });
      expect(write.body.message).toBe('不存在的字段：password_hash');
    });

    it('shows a plain user only their own user row', async () => {
      const users = await t.request({
        url: '/api/common/tessera_sys_user/list',
        token: plain,
        body: { showFields: ['id', 'account'] },
      });
      expect(users.body.data).toEqual({ list: [{ id: plainId, account: 'operator' }], total: 1 });
    });

    it('lets only admins write system tables, and nobody write modules through the common API', async () => {
      const body = { title: '新菜单', type: 2, path: 'x', sort: 9 };
      expect(
        (await t.request({ method: 'POST', url: '/api/common/tessera_sys_menu', token: plain, body })).body,
      ).toEqual({
        code: ResultCode.FORBIDDEN,
        message: '没有权限访问该资源',
        data: null,
      });
      const created = await t.request({ method: 'POST', url: '/api/common/tessera_sys_menu', token: admin, body });
      expect(created.body.data).toMatchObject({ ...body, app_id: t.demoAppId });
      const module = await t.request({
        method: 'POST',
        url: '/api/common/tessera_sys_module',
        token: admin,
        body: { title: 'x', table_name: 'x' },
      });
      expect(module.body).toMatchObject({
        code: ResultCode.FORBIDDEN,
        message: 'tessera_sys_module 保存的是页面配置，请通过页面配置接口保存',
      });
    });

    it('lets plain users write module records', async () => {
      const reply = await t.request({
        method: 'POST',
        url: '/api/common/customer',
        token: plain,
        body: { name: '普通用户建的客户', level: 'normal' },
      });
      expect(reply.body.data).toMatchObject({ create_by: plainId, active: null });
    });
  });

  describe('HTTP edges', () => {
    it('answers unknown API routes with P4004 and HTTP 404', async () => {
      const reply = await t.request({ url: '/api/nothing/here', token: admin });
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ code: ResultCode.NOT_FOUND, message: '数据不存在', data: null });
    });

    it('answers malformed JSON with HTTP 400 P4000', async () => {
      const reply = await t.request({
        method: 'POST',
        url: '/api/common/customer/list',
        token: admin,
        headers: { 'content-type': 'application/json' },
        body: '{"querys": [',
      });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ code: ResultCode.BAD_REQUEST, message: '请求参数错误', data: null });
    });

    it('refuses bodies over 2 MB', async () => {
      const reply = await t.request({
        url: '/api/common/customer',
        token: admin,
        body: { remark: 'x'.repeat(2_200_000) },
        lang: 'en',
      });
      expect(reply.status).toBe(413);
      expect(reply.body).toEqual({ code: ResultCode.BAD_REQUEST, message: 'The request is too large', data: null });
    });

    it('serves the web app, with index.html for client routes and never for /api', async () => {
      const asset = await t.app.inject({ url: '/assets/app.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.body).toBe('console.log(1)');
      for (const url of ['/', '/demo/login', '/demo/common/123?x=1']) {
        const page = await t.app.inject({ url });
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('<title>Tessera</title>');
      }
      const api = await t.app.inject({ url: '/api/unknown' });
      expect(api.statusCode).toBe(404);
      expect(api.json().code).toBe(ResultCode.NOT_FOUND);
      const post = await t.app.inject({ method: 'POST', url: '/demo/login' });
      expect(post.statusCode).toBe(404);
    });
  });
});
