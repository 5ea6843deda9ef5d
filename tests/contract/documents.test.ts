/**
 * The doc and doc/readme pages' server (issue 16 item 8) on each database: the document tree (CRUD,
 * order, soft delete), a parent loop refused, the one readme per app, hostile markdown sanitized on
 * write, the readme and public documents readable by an operator who may write nothing, another
 * app's document refused, refusals in zh and en that change nothing, writes in the operation log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { ResultCode } from '../../protocol/codes';
import { documentTable } from '../../server/db/migrations/0020-documents';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const table = documentTable('tessera_sys_');
const HOSTILE = [
  '# Hostile',
  '',
  '<script>alert(1)</script>',
  '',
  '<img src=x onerror=alert(2)> <a href="javascript:alert(3)" onclick="alert(4)">x</a>',
  '',
  '[click](javascript:alert(5)) [ent](jav&#x09;ascript:alert(6)) ![i](data:text/html;base64,PHNjcmlwdD4=)',
  '',
  '[fine](https://example.com) `<b>code</b>`',
].join('\n');

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  let operator: string;

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    admin = await t.signIn();
    await t.addUser('doc_operator', 'Operator#1', 'user');
    operator = await t.signIn('doc_operator', 'Operator#1');
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const rows = () => t.db.db.selectFrom(table).selectAll().orderBy('create_at').execute();
  const create = (body: Record<string, unknown>, token = admin) => t.request({ url: '/api/documents', token, body });
  const update = (id: string, body: Record<string, unknown>, token = admin, lang: 'zh' | 'en' = 'zh') =>
    t.request({ method: 'PUT', url: `/api/documents/${id}`, token, body, lang });
  let guide: string;
  let install: string;
  let faq: string;

  describe('documents', () => {
    it('creates a tree, answers it in order without bodies, and reads one with its markdown', async () => {
      const a = await create({ title: '用户手册', sort: 2, body: '# 用户手册\n\n欢迎', is_public: true });
      expect(a.body.code).toBe(ResultCode.SUCCESS);
      guide = a.body.data.id;
      expect(a.body.data).toMatchObject({
        title: '用户手册',
        body: '# 用户手册\n\n欢迎',
        is_public: true,
        is_readme: false,
      });
      expect(a.body.data.html).toBe('<h1>用户手册</h1>\n<p>欢迎</p>\n');
      expect(a.body.data.update_by_name).toBeTruthy();
      install = (await create({ title: '安装', parent_id: guide, sort: 1, body: '步骤' })).body.data.id;
      faq = (await create({ title: 'FAQ', sort: 3 })).body.data.id;

      const tree = await t.request({ method: 'GET', url: '/api/documents', token: admin });
      expect(tree.body.data.total).toBe(3);
      expect(tree.body.data.list.map((d: { title: string }) => d.title)).toEqual(['安装', '用户手册', 'FAQ']);
      expect(tree.body.data.list.find((d: { id: string }) => d.id === install)).toMatchObject({ parent_id: guide });
      expect(tree.body.data.list[0]).not.toHaveProperty('body');

      const one = await t.request({ method: 'GET', url: `/api/documents/${install}`, token: admin });
      expect(one.body.data).toMatchObject({ title: '安装', body: '步骤', parent_id: guide });
    });

    it('updates title, order and parent, and writes every change to the operation log', async () => {
      const moved = await update(faq, { title: '常见问题', parent_id: guide, sort: 5 });
      expect(moved.body.data).toMatchObject({ title: '常见问题', parent_id: guide, sort: 5 });
      const back = await update(faq, { parent_id: '' });
      expect(back.body.data.parent_id).toBeNull();
      const entries = await t.db.db
        .selectFrom(t.tables.audit_log)
        .selectAll()
        .where('table_name', '=', table)
        .where('record_id', '=', faq)
        .execute();
      expect(entries.map((e) => e.action).sort()).toEqual(['create', 'update', 'update']);
      expect(
        entries.some((e) => String(e.before_data).includes('FAQ') && String(e.after_data).includes('常见问题')),
      ).toBe(true);
    });

    it('refuses a parent loop (itself, its own descendant) and a missing parent, changing nothing', async () => {
      const self = await update(guide, { parent_id: guide });
      expect(self.body.code).toBe(ResultCode.BAD_REQUEST);
      expect(self.body.message).toBe('上级文档不能是它自己或它的下级');
      const loop = await update(guide, { parent_id: install, title: '改了' }, admin, 'en');
      expect(loop.body.message).toBe('A document cannot be placed under itself or one of its own sub-documents');
      const missing = await update(faq, { parent_id: 'f'.repeat(32) });
      expect(missing.body.message).toBe('上级文档不存在');
      const [row] = (await rows()).filter((r) => r.id === guide);
      expect(row).toMatchObject({ parent_id: null, title: '用户手册' });
    });

    it('keeps one readme per app: marking another clears the first', async () => {
      await update(faq, { is_readme: true });
      await update(guide, { is_readme: true });
      const flagged = (await rows()).filter((r) => Number(r.is_readme) === 1).map((r) => r.id);
      expect(flagged).toEqual([guide]);
    });

    it('sanitizes hostile markdown on write: the stored source and HTML carry no script, handler or javascript: link', async () => {
      const reply = await update(guide, { body: HOSTILE });
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      const [row] = (await rows()).filter((r) => r.id === guide);
      const html = String(row!.html);
      expect(html).toContain('<h1>Hostile</h1>');
      expect(html).toContain('<a href="https://example.com">fine</a>');
      expect(html).toContain('<code>&lt;b&gt;code&lt;/b&gt;</code>');
      const dom = new JSDOM(html).window.document.body;
      expect(dom.querySelectorAll('script').length).toBe(0);
      const elements = [...dom.querySelectorAll('*')];
      expect(elements.flatMap((e) => e.getAttributeNames()).filter((n) => n.startsWith('on'))).toEqual([]);
      const urls = elements.flatMap((e) => [e.getAttribute('href'), e.getAttribute('src')]).filter(Boolean);
      expect(urls).toEqual(['#', '#', '#', 'https://example.com']);
      const body = String(row!.body);
      // What stays of a raw tag is text (its `<` escaped); no link destination keeps a bad scheme.
      expect(body).not.toMatch(/\]\(\s*(?:javascript|jav&|data:text)/i);
      expect(body).not.toMatch(/<script|<img|<a /i);
      expect(body).toContain('&lt;script>alert(1)&lt;/script>');
      expect(body).toContain('[click](#)');
      expect(body).toContain('`<b>code</b>`');
    });

    it('lets an operator read the readme and the public documents, and nothing else', async () => {
      await update(install, { is_public: false });
      const readme = await t.request({ method: 'GET', url: '/api/documents/readme', token: operator });
      expect(readme.body.code).toBe(ResultCode.SUCCESS);
      expect(readme.body.data.readme).toMatchObject({ id: guide, title: '用户手册' });
      expect(readme.body.data.readme.html).toContain('<h1>Hostile</h1>');
      expect(readme.body.data.tree.map((d: { id: string }) => d.id)).toEqual([guide]);

      await update(faq, { is_public: true });
      const read = await t.request({ method: 'GET', url: `/api/documents/read/${faq}`, token: operator });
      expect(read.body.data).toMatchObject({ id: faq, title: '常见问题' });
      const hidden = await t.request({ method: 'GET', url: `/api/documents/read/${install}`, token: operator });
      expect(hidden.body.code).toBe(ResultCode.NOT_FOUND);
    });

    it("is on the seeded admin's menu (文档管理 at /doc) and on no other role's", async () => {
      const menusOf = async (token: string) => {
        const info = (await t.request({ url: '/api/auth/userInfo', token })).body.data;
        const reply = await t.request({
          url: '/api/common/tessera_sys_menu/list',
          token,
          body: {
            showFields: ['id', 'title', 'path', 'type'],
            querys: [
              { key: 'app_id', value: info.appId, rule: 'EQUAL' },
              { key: 'id', value: info.menu_ids, rule: 'IN' },
            ],
          },
        });
        return reply.body.data.list as { title: string; path: string | null }[];
      };
      expect((await menusOf(admin)).find((m) => m.path === '/doc')).toMatchObject({ title: '文档管理' });
      expect((await menusOf(operator)).find((m) => m.path === '/doc')).toBeUndefined();
    });

    it('refuses every write and the admin list to an operator, changing nothing', async () => {
      const before = await rows();
      const calls = [
        create({ title: 'x' }, operator),
        update(guide, { title: 'x' }, operator),
        t.request({ method: 'DELETE', url: `/api/documents/${guide}`, token: operator }),
        t.request({ method: 'GET', url: '/api/documents', token: operator }),
        t.request({ method: 'GET', url: `/api/documents/${install}`, token: operator }),
      ];
      for (const reply of await Promise.all(calls)) expect(reply.body.code).toBe(ResultCode.FORBIDDEN);
      expect(await rows()).toEqual(before);
      const anonymous = await t.request({ method: 'GET', url: '/api/documents/readme' });
      expect(anonymous.body.code).not.toBe(ResultCode.SUCCESS);
    });

    it("refuses another app's document to that app's admin (not found), and keeps readmes per app", async () => {
      const otherApp = await t.seedApp(`docs_${Date.now()}`);
      await t.addUser('other_docs', 'Other@2026x', 'admin', otherApp);
      const [{ identify }] = await t.db.db
        .selectFrom(t.tables.app)
        .select('identify')
        .where('id', '=', otherApp)
        .execute();
      const other = await t.signIn('other_docs', 'Other@2026x', identify as string);
      for (const url of [`/api/documents/${guide}`, `/api/documents/read/${guide}`]) {
        const reply = await t.request({ method: 'GET', url, token: other });
        expect(reply.body.code).toBe(ResultCode.NOT_FOUND);
      }
      expect((await update(guide, { title: 'hijack' }, other)).body.code).toBe(ResultCode.NOT_FOUND);
      expect((await create({ title: 'x', parent_id: guide }, other)).body.message).toBe('上级文档不存在');
      const theirs = await t.request({ method: 'GET', url: '/api/documents/readme', token: other });
      expect(theirs.body.data).toEqual({ readme: null, tree: [] });
      const list = await t.request({ method: 'GET', url: '/api/documents', token: other });
      expect(list.body.data.total).toBe(0);
    });

    it('rejects bad input with a message in the caller language and changes nothing', async () => {
      const before = await rows();
      const blank = await create({ title: '  ' });
      expect(blank.body.code).toBe(ResultCode.BAD_REQUEST);
      const unknown = await t.request({
        url: '/api/documents',
        token: admin,
        body: { title: 'x', owner: 'me' },
        lang: 'en',
      });
      expect(unknown.body.code).toBe(ResultCode.BAD_REQUEST);
      expect(unknown.body.message).toMatch(/owner/);
      const long = await create({ title: 'x', body: 'a'.repeat(200_001) });
      expect(long.body.code).toBe(ResultCode.BAD_REQUEST);
      expect(await rows()).toEqual(before);
    });

    it('soft-deletes a leaf, refuses a document with sub-documents, and drops a deleted readme', async () => {
      const parent = await t.request({ method: 'DELETE', url: `/api/documents/${guide}`, token: admin });
      expect(parent.body.message).toBe('该文档下还有 1 篇子文档，请先移走或删除它们');
      expect((await t.request({ method: 'DELETE', url: `/api/documents/${install}`, token: admin })).body.code).toBe(
        ResultCode.SUCCESS,
      );
      expect((await t.request({ method: 'DELETE', url: `/api/documents/${guide}`, token: admin })).body.code).toBe(
        ResultCode.SUCCESS,
      );
      const stored = (await rows()).filter((r) => r.id === guide || r.id === install);
      expect(stored.map((r) => Number(r.is_deleted))).toEqual([1, 1]);
      const readme = await t.request({ method: 'GET', url: '/api/documents/readme', token: operator });
      expect(readme.body.data.readme).toBeNull();
      expect(readme.body.data.tree.map((d: { id: string }) => d.id)).toEqual([faq]);
      const gone = await t.request({ method: 'GET', url: `/api/documents/${guide}`, token: admin });
      expect(gone.body.code).toBe(ResultCode.NOT_FOUND);
    });
  });
});
