/**
 * The file library's refusals on each database (issue 16 "Bad input"): names that look like paths
 * or are too long, SVG/HTML never served inline, another app's ids, operators and anonymous
 * callers. Each refusal is told in the caller's language and changes nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { HTML_PAGE, PNG_1PX, SVG_WITH_SCRIPT } from '../../fixtures/files/samples';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';
import { listResources, namesOf, uploadResource } from '../helpers/resources';

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  let operator: string;
  let otherAdmin: string;
  let filesDir: string;
  let folderId: string;
  let fileId: string;
  const saved = process.env.FILES_DIR;

  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'tessera-resource-bad-'));
    process.env.FILES_DIR = filesDir;
    database = await makeDatabase();
    t = await startTestApp(database);
    admin = await t.signIn();
    await t.addUser('operator', 'Operator#1', 'user');
    operator = await t.signIn('operator', 'Operator#1');
    const other = await t.seedApp('other');
    await t.addUser('boss', 'Boss#12345', 'admin', other);
    otherAdmin = await t.signIn('boss', 'Boss#12345', 'other');
    folderId = (await t.request({ url: '/api/resources/folders', token: admin, body: { name: 'Docs' } })).body.data.id;
    fileId = (await uploadResource(t, admin, 'a.png', PNG_1PX, { parentId: folderId })).body.data.id;
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
    rmSync(filesDir, { recursive: true, force: true });
    if (saved === undefined) delete process.env.FILES_DIR;
    else process.env.FILES_DIR = saved;
  });

  const rows = () =>
    t.db.db
      .selectFrom('tessera_sys_resource')
      .select(['id', 'name', 'parent_id', 'is_deleted'])
      .orderBy('id')
      .execute();

  describe('file library bad input', () => {
    it('refuses folder names that look like paths, blank ones and huge ones, in zh and en', async () => {
      const before = await rows();
      for (const name of ['../etc', 'a/b', 'a\\b', '..', '.', '   ', 'tab\there', 'x'.repeat(201)]) {
        const reply = await t.request({ url: '/api/resources/folders', token: admin, body: { name }, lang: 'en' });
        expect(reply.body.code, name).toBe(ResultCode.BAD_REQUEST);
        expect(reply.body.message, name).toMatch(/^A name may not be empty|^Field name may not be longer than 200$/);
      }
      const zh = await t.request({ url: '/api/resources/folders', token: admin, body: { name: '../etc' } });
      expect(zh.body.message).toContain('不能包含 / \\ 或控制字符');
      const rename = await t.request({
        method: 'PUT',
        url: `/api/resources/${fileId}`,
        token: admin,
        body: { name: '../../a.png' },
      });
      expect(rename.body.code).toBe(ResultCode.BAD_REQUEST);
      expect(await rows()).toEqual(before);
    });

    it('keeps only the last part of an uploaded path and cuts a huge name, never using either as a path', async () => {
      const traversal = await uploadResource(t, admin, '../../../etc/passwd.png', PNG_1PX);
      expect(traversal.body.data.name).toBe('passwd.png');
      const huge = await uploadResource(t, admin, `${'长'.repeat(400)}.png`, PNG_1PX);
      expect(huge.body.data.name).toHaveLength(200);
      expect(huge.body.data.name.endsWith('.png')).toBe(true);
    });

    it('refuses HTML outright and serves an SVG only as an attachment with nosniff', async () => {
      const html = await uploadResource(t, admin, 'page.html', HTML_PAGE, { lang: 'en' });
      expect(html.body.code).toBe(ResultCode.BAD_REQUEST);
      expect(html.body.message).toBe('Incorrect file type');
      const disguised = await uploadResource(t, admin, 'page.txt', HTML_PAGE);
      expect(disguised.body.code).toBe(ResultCode.BAD_REQUEST);
      const svg = await uploadResource(t, admin, 'logo.svg', SVG_WITH_SCRIPT);
      expect(svg.body.code).toBe(ResultCode.SUCCESS);
      const served = await t.app.inject({ url: `/${svg.body.data.url}`, headers: { authorization: admin } });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('application/octet-stream');
      expect(String(served.headers['content-disposition'])).toMatch(/^attachment;/);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(namesOf(await listResources(t, admin))).not.toContain('page.html');
    });

    it('refuses another app’s ids: not listed, not renamed, moved, deleted or uploaded into', async () => {
      const before = await rows();
      expect((await listResources(t, otherAdmin)).body.data.total).toBe(0);
      expect((await listResources(t, otherAdmin, { parentId: folderId })).body.data.total).toBe(0);
      const rename = await t.request({
        method: 'PUT',
        url: `/api/resources/${fileId}`,
        token: otherAdmin,
        body: { name: 'b.png' },
      });
      expect(rename.body.code).toBe(ResultCode.NOT_FOUND);
      const move = await t.request({
        url: '/api/resources/move',
        token: otherAdmin,
        body: { ids: [fileId], parentId: null },
      });
      expect(move.body.code).toBe(ResultCode.BAD_REQUEST);
      const del = await t.request({
        method: 'DELETE',
        url: '/api/resources',
        token: otherAdmin,
        body: { ids: [fileId] },
      });
      expect(del.body.code).toBe(ResultCode.BAD_REQUEST);
      const into = await uploadResource(t, otherAdmin, 'x.png', PNG_1PX, { parentId: folderId, lang: 'en' });
      expect(into.body.message).toBe('The folder does not exist or was deleted');
      const intoMine = await t.request({
        url: '/api/resources/move',
        token: admin,
        body: { ids: [fileId], parentId: 'f'.repeat(32) },
      });
      expect(intoMine.body.code).toBe(ResultCode.BAD_REQUEST);
      // The bytes too: the other app's session cannot download them.
      const url = (await listResources(t, admin, { parentId: folderId })).body.data.list[0].url;
      expect((await t.app.inject({ url: `/${url}`, headers: { authorization: otherAdmin } })).statusCode).toBe(404);
      expect(await rows()).toEqual(before);
    });

    it('refuses an operator and an anonymous caller on every route', async () => {
      const before = await rows();
      const calls: Array<{ method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown }> = [
        { url: '/api/resources' },
        { url: '/api/resources/folders' },
        { url: '/api/resources/quota' },
        { url: '/api/resources/folders', body: { name: 'Mine' } },
        { method: 'PUT', url: `/api/resources/${fileId}`, body: { name: 'b.png' } },
        { url: '/api/resources/move', body: { ids: [fileId], parentId: null } },
        { method: 'DELETE', url: '/api/resources', body: { ids: [fileId] } },
        { url: '/api/resources/restore', body: { ids: [fileId] } },
      ];
      for (const call of calls) {
        const reply = await t.request({ ...call, token: operator });
        expect(reply.body.code, call.url).toBe(ResultCode.FORBIDDEN);
        const anonymous = await t.request(call);
        expect(anonymous.body.code, call.url).toBe(ResultCode.LOGOUT);
      }
      const upload = await uploadResource(t, operator, 'x.png', PNG_1PX);
      expect(upload.body.code).toBe(ResultCode.FORBIDDEN);
      expect(await rows()).toEqual(before);
    });

    it("is on the seeded admin's menu (资源管理 at /resource, 13th in 系统管理) and on no other role's", async () => {
      const menusOf = async (token: string) => {
        const info = (await t.request({ url: '/api/auth/userInfo', token })).body.data;
        const reply = await t.request({
          url: '/api/common/tessera_sys_menu/list',
          token,
          body: {
            showFields: ['id', 'title', 'path', 'sort'],
            querys: [
              { key: 'app_id', value: info.appId, rule: 'EQUAL' },
              { key: 'id', value: info.menu_ids, rule: 'IN' },
            ],
          },
        });
        return reply.body.data.list as { title: string; path: string | null; sort: number }[];
      };
      const menu = (await menusOf(admin)).find((m) => m.path === '/resource');
      expect(menu).toMatchObject({ title: '资源管理' });
      expect(Number(menu!.sort)).toBe(13);
      expect((await menusOf(operator)).find((m) => m.path === '/resource')).toBeUndefined();
    });

    it('refuses unknown keys and malformed ids', async () => {
      const extra = await t.request({ url: '/api/resources/folders', token: admin, body: { name: 'x', app_id: 'a' } });
      expect(extra.body.code).toBe(ResultCode.BAD_REQUEST);
      const badId = await t.request({
        url: '/api/resources/move',
        token: admin,
        body: { ids: ['../x'], parentId: null },
      });
      expect(badId.body.code).toBe(ResultCode.BAD_REQUEST);
      const none = await t.request({ url: '/api/resources/move', token: admin, body: { ids: [], parentId: null } });
      expect(none.body.code).toBe(ResultCode.BAD_REQUEST);
    });
  });
});
