/**
 * Stored markup (issue 21): rich text is sanitized on write with the client's allow-list, so a
 * request crafted past the page (curl, a script) cannot store markup that runs; plain-text fields
 * are stored exactly as sent (they are only ever rendered as text). On every database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { decodeRichText, encodeRichText } from '../../runtime/core/codecs/text-encoding';
import { addModule } from './fixtures';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const ATTACKS = [
  '<p>hi<img src="x" onerror="alert(1)"></p>',
  '<script>alert(1)</script><p>ok</p>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
];
const DANGER = /<script|onerror|javascript:|<iframe|srcdoc|<form|url\(|<style/i;

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    token = await t.signIn();
    await addModule(t, 'article', { title: 'string', body: 'text' });
    // The body field is a rich editor in the stored schema (the registry reads it on first use).
    const row = await t.db.db
      .selectFrom(t.tables.module)
      .select(['id', 'schema'])
      .where('table_name', '=', 'article')
      .executeTakeFirstOrThrow();
    const schema = JSON.parse(String(row.schema));
    schema.body[0].fields[1] = { key: 'body', title: 'body', type: 'rich-editor' };
    await t.db.db
      .updateTable(t.tables.module)
      .set({ schema: JSON.stringify(schema) })
      .where('id', '=', row.id)
      .execute();
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const storedBody = async (id: string) => {
    const reply = await t.request({ url: `/api/common/article/${id}`, token });
    return decodeRichText(reply.body.data.body) ?? '';
  };

  describe('rich text', () => {
    it('is sanitized on create and on update; ordinary formatting survives', async () => {
      for (const attack of ATTACKS) {
        const created = await t.request({
          url: '/api/common/article',
          token,
          body: { title: 't', body: encodeRichText(attack) },
        });
        expect(created.body.code, attack).toBe(ResultCode.SUCCESS);
        const id = created.body.data.id as string;
        expect(await storedBody(id), attack).not.toMatch(DANGER);
        const updated = await t.request({
          method: 'PUT',
          url: `/api/common/article/${id}`,
          token,
          body: { body: encodeRichText(`<p>again</p>${attack}`) },
        });
        expect(updated.body.code).toBe(ResultCode.SUCCESS);
        expect(await storedBody(id), attack).not.toMatch(DANGER);
      }
      const fine = '<p><strong>粗体</strong> <a href="https://example.com" target="_blank">链接</a> 👍</p>';
      const created = await t.request({
        url: '/api/common/article',
        token,
        body: { title: 'ok', body: encodeRichText(fine) },
      });
      expect(await storedBody(created.body.data.id)).toBe(
        '<p><strong>粗体</strong> <a href="https://example.com" target="_blank" rel="noopener noreferrer">链接</a> 👍</p>',
      );
    });

    it('a value that is not encoded rich text is refused and nothing is written', async () => {
      const count = async () =>
        (await t.request({ url: '/api/common/article/list', token, body: { showFields: ['id'] } })).body.data.list
          .length;
      const before = await count();
      const reply = await t.request({
        url: '/api/common/article',
        token,
        body: { title: 'raw', body: '<img src=x onerror=alert(1)>' },
      });
      expect(reply.body).toMatchObject({
        code: ResultCode.BAD_REQUEST,
        message: '字段 body 不是有效的富文本编码（应为 URI 编码后再 base64 的 HTML）',
      });
      expect(await count()).toBe(before);
    });
  });

  it('plain-text fields are stored as sent (text, rendered as text)', async () => {
    const title = '<img src=x onerror=alert(1)> & <b>';
    const created = await t.request({ url: '/api/common/article', token, body: { title } });
    const got = await t.request({ url: `/api/common/article/${created.body.data.id}`, token });
    expect(got.body.data.title).toBe(title);
  });
});
