/**
 * SQL mode's syntax errors (POST common/executeSql) answer a short message with the line, the
 * column and the text found there — never the parser's internals (its grammar's list of expected
 * tokens, class names, stack) — in zh and en, on every database, and nothing runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    admin = await t.signIn();
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const run = (sql: string, lang: 'zh' | 'en' = 'zh') =>
    t.request({ url: '/api/common/executeSql', body: { sql }, token: admin, lang }).then((r) => r.body);

  describe('syntax errors', () => {
    it('name the line, the column and the token found there (the parser’s grammar differs per database)', async () => {
      const cases = [
        'select name frm customer',
        'select from customer',
        'select name,, level from customer',
        'select name\nfrom customer\nwhere (level = 1 order',
        'select name from customer where level = = 1',
      ];
      for (const sql of cases) {
        const body = await run(sql);
        expect(body.code, sql).toBe(ResultCode.BAD_REQUEST);
        expect(body.data).toBeNull();
        const match = /^SQL 语法错误：第 (\d+) 行第 (\d+) 列，“(\S+)” 附近$/.exec(body.message);
        expect(match, body.message).not.toBeNull();
        const [, line, column, near] = match!;
        // The token named is really at that place in the text the user sent.
        const lines = sql.split('\n');
        const text = lines[Number(line) - 1]!.slice(Number(column) - 1).trimStart();
        expect(text.startsWith(near!), `${sql} → ${body.message}`).toBe(true);
      }
      const en = await run('select name frm customer', 'en');
      expect(en.message).toMatch(/^SQL syntax error at line 1, column \d+, near "\S+"$/);
      // An unterminated string ends the text: the message says so instead of naming a token.
      expect((await run("select 'abc from customer")).message).toMatch(/^SQL 语法错误：第 1 行第 \d+ 列，语句不完整$/);
    });

    it('never leak the parser’s internals, however long or hostile the text', async () => {
      const hostile = [
        `select ${'('.repeat(300)}`,
        `select name from customer where name = 1 ${'x'.repeat(5000)}`,
        'select * from customer where name = $$ <script>alert(1)</script>',
        'select \u202e name from customer;;',
        `select name from customer where ${'a '.repeat(200)}`,
      ];
      for (const sql of hostile) {
        const body = await run(sql);
        expect(body.code, sql).toBe(ResultCode.BAD_REQUEST);
        expect(body.message.length, body.message).toBeLessThan(80);
        expect(body.message).not.toMatch(/Expected|found|SyntaxError|peg|node_modules|\bat\s+\S+:\d+/);
      }
    });

    describe('bracket nesting (the PostgreSQL grammar backtracks exponentially on it)', () => {
      it('is bounded before the parser runs, with a position, on every database', async () => {
        const started = Date.now();
        const deep = `select ${'('.repeat(40)}1 from customer`;
        expect(await run(deep)).toMatchObject({
          code: ResultCode.BAD_REQUEST,
          message: 'SQL 括号嵌套过深（最多 8 层）：第 1 行第 16 列',
        });
        // Brackets hidden behind a backslash "escape" that PostgreSQL and SQLite do not honour.
        const hidden = `select 'a\\' , ${'('.repeat(16)}1${')'.repeat(16)} from customer -- '`;
        const body = await run(hidden);
        expect(body.code).toBe(ResultCode.BAD_REQUEST);
        expect(body.message).not.toMatch(/Expected|found/);
        expect((await run('select name from customer where (level = 1')).message).toBe(
          'SQL 语法错误：第 1 行第 33 列，“(” 附近',
        );
        expect((await run('select name from customer where level = 1)')).message).toBe(
          'SQL 语法错误：第 1 行第 42 列，“)” 附近',
        );
        // A bad statement is answered quickly (the unbounded grammar took seconds, or crashed the process).
        expect(Date.now() - started).toBeLessThan(5000);
      });

      it('still runs what nests within the bound, and brackets inside quotes and comments', async () => {
        for (const sql of [
          `select ${'('.repeat(8)}1${')'.repeat(8)} as one from customer`,
          "select count(*) as n from customer where name = ':(' -- ((((((((( \n",
          "select count(*) as n from customer where name <> 'it''s (((((((((('",
          'select count(*) as n /* (((((((((( */ from customer',
        ]) {
          expect((await run(sql)).code, sql).toBe(ResultCode.SUCCESS);
        }
      });
    });
  });
});
