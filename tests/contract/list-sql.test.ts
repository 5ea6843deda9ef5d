/**
 * SQL mode, POST common/executeSql: admins only; one SELECT over the app's registry tables, scoped
 * to the app's live rows and registered columns; refused statements change nothing; the statement
 * really runs read-only; a runaway statement is stopped at the time limit (SQL_TIMEOUT_MS) while the
 * server keeps serving; every call is audited.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { runReadOnly } from '../../server/common/execute-sql';
import { SqliteSqlWorker } from '../../server/common/sqlite-sql-worker-client';
import { sqliteFile } from '../../server/db/dialects/sqlite';
import { newId } from '../../server/db/ids';
import { insertAudit } from '../../server/db/tables';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const TIMEOUT_MS = 1500;
// Six copies of 50 rows: 1.6e10 combinations, hours of work for any of the three databases.
const RUNAWAY = 'select count(*) as n from customer a, customer b, customer c, customer d, customer e, customer f';

forEachDatabase((name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  let user: string;

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database, { env: { SQL_TIMEOUT_MS: String(TIMEOUT_MS) } });
    admin = await t.signIn();
    await t.addUser('plain', 'Secret#2026', 'user');
    user = await t.signIn('plain', 'Secret#2026');
    // Another app's row and a deleted row in the same physical table: never visible.
    for (const [appId, deleted] of [
      ['f'.repeat(32), 0],
      [t.demoAppId, 1],
    ] as const) {
      await t.db.db
        .insertInto('m_demo_customer')
        .values({
          id: newId(),
          app_id: appId,
          ...insertAudit(null, 0),
          is_deleted: deleted,
          name: `hidden${deleted}`,
          level: 'vip',
          active: 1,
        })
        .execute();
    }
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const run = (sql: unknown, token = admin) => t.request({ url: '/api/common/executeSql', body: { sql }, token });
  const count = async () =>
    Number(
      (
        await t.db.db
          .selectFrom('m_demo_customer')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const quoteTable = (n: string) => (name === 'mysql' ? `\`${n}\`` : `"${n}"`);

  it('runs a SELECT over the app’s live rows only', async () => {
    const reply = await run('select level, count(*) as n from customer group by level order by level');
    expect(reply.body.code, JSON.stringify(reply.body)).toBe(ResultCode.SUCCESS);
    const rows = reply.body.data.list as { level: string; n: number | string }[];
    expect(rows.reduce((sum, r) => sum + Number(r.n), 0)).toBe(50);
    const names = await run("select name from customer where name like 'hidden%'");
    expect(names.body.data).toEqual({ list: [], total: 0 });
  });

  it('joins registry tables, exposes only registered columns, and caps rows', async () => {
    const reply = await run(
      'select c.name, u.account from customer c left join tessera_sys_user u on u.id = c.create_by order by c.name limit 3',
    );
    expect(reply.body.code, JSON.stringify(reply.body)).toBe(ResultCode.SUCCESS);
    expect(reply.body.data.list).toHaveLength(3);
    const users = await run('select * from tessera_sys_user');
    expect(Object.keys(users.body.data.list[0])).not.toContain('password_hash');
    expect((await run('select password_hash from tessera_sys_user')).body).toMatchObject({
      code: ResultCode.DATA_ERROR,
      message: 'SQL 执行失败或超时',
    });
    const capped = await run('select name from customer limit 100000');
    expect(capped.body.data.total).toBe(50);
  });

  it('refuses everything that is not one plain SELECT over registry tables; nothing changes', async () => {
    const before = await count();
    const cases: [string, string][] = [
      ['delete from customer', '只允许执行一条 SELECT 语句'],
      ["update customer set name = 'x'", '只允许执行一条 SELECT 语句'],
      ['select 1 from customer; delete from customer', '只允许执行一条 SELECT 语句'],
      ['drop table customer', '只允许执行一条 SELECT 语句'],
      [`select * from ${quoteTable('m_demo_customer')}`, 'SQL 中不能使用该表：m_demo_customer'],
      ['select * from tessera_sys_session', 'SQL 中不能使用该表：tessera_sys_session'],
      ['select * from information_schema.tables', 'SQL 中不能使用该表：information_schema.tables'],
      [
        'select name from customer where exists (select 1 from tessera_sys_session)',
        'SQL 中不能使用该表：tessera_sys_session',
      ],
      ['select sleep(10) from customer', 'SQL 中不能使用该函数：sleep'],
      ['select pg_sleep(10) from customer', 'SQL 中不能使用该函数：pg_sleep'],
      ['select load_file(name) from customer', 'SQL 中不能使用该函数：load_file'],
      ['with x as (select * from customer) select * from x', 'SQL 中不能使用：WITH'],
      ['select name from customer union select account from tessera_sys_user', 'SQL 中不能使用：UNION'],
      ['select 1', 'SQL 中不能使用该表：-'],
    ];
    for (const [sql, message] of cases)
      expect((await run(sql)).body, sql).toMatchObject({ code: ResultCode.BAD_REQUEST, message });
    expect((await run('selec name frm customer')).body.message).toMatch(/^SQL 语法错误：第 1 行第 \d+ 列，“\S+” 附近$/);
    expect((await run('')).body.code).toBe(ResultCode.BAD_REQUEST);
    expect((await run(42)).body.code).toBe(ResultCode.BAD_REQUEST);
    expect(await count()).toBe(before);
  });

  it('is for admins only', async () => {
    expect((await run('select name from customer', user)).body).toMatchObject({
      code: ResultCode.FORBIDDEN,
      message: '只有管理员可以执行 SQL',
    });
  });

  it('runs read-only: a write through the same path fails on every database', async () => {
    const before = await count();
    const paths: ((statement: string) => Promise<unknown>)[] = [
      (statement) => runReadOnly(t.db, statement, { timeoutMs: 5000 }),
    ];
    // SQLite on a file runs statements in the worker process; in-memory ones in-process (above).
    const worker = name === 'sqlite' ? new SqliteSqlWorker(sqliteFile(database.url)) : undefined;
    if (worker) paths.push((statement) => runReadOnly(t.db, statement, { timeoutMs: 5000, sqliteWorker: worker }));
    try {
      for (const readOnly of paths) {
        await expect(readOnly("update m_demo_customer set name = 'changed'")).rejects.toThrow();
        await expect(readOnly('delete from m_demo_customer')).rejects.toThrow();
      }
    } finally {
      await worker?.close();
    }
    expect(await count()).toBe(before);
    const names = await t.db.db.selectFrom('m_demo_customer').select('name').where('name', '=', 'changed').execute();
    expect(names).toEqual([]);
    // The connection is usable for writes again afterwards (SQLite's query_only is switched back).
    const reply = await t.request({
      method: 'POST',
      url: '/api/common/customer',
      token: admin,
      body: {
        name: '写入检查',
        level: 'vip',
        active: true,
        mobile: '13000000000',
        industry: 'retail',
        credit_limit: 1,
        signed_at: 0,
      },
    });
    expect(reply.body.code).toBe(ResultCode.SUCCESS);
  });

  it('stops a runaway statement at the time limit; the server keeps serving; nothing changes', async () => {
    const before = await count();
    const live = async () => {
      const reply = await run('select count(*) as n from customer');
      expect(reply.body.code, JSON.stringify(reply.body)).toBe(ResultCode.SUCCESS);
      return Number(reply.body.data.list[0].n);
    };
    const liveBefore = await live();
    const started = performance.now();
    const runaway = run(RUNAWAY);
    // While it runs, the server answers other calls (its own connection and event loop are free).
    const list = await t.request({
      url: '/api/common/customer/list',
      token: admin,
      body: { isPage: true, pageSize: 5 },
    });
    expect(list.body.code).toBe(ResultCode.SUCCESS);
    expect(list.body.data.list).toHaveLength(5);
    const reply = await runaway;
    const elapsed = performance.now() - started;
    expect(reply.body).toMatchObject({ code: ResultCode.DATA_ERROR, message: 'SQL 执行超时（超过 1.5 秒），已被停止' });
    // Stopped at the limit, not after running to its end (margin: a loaded CI machine, a worker fork).
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 4000);
    // In the caller's language; the next statement runs normally (SQLite: on a fresh worker).
    const english = await t.request({
      url: '/api/common/executeSql',
      body: { sql: RUNAWAY },
      token: admin,
      lang: 'en',
    });
    expect(english.body).toMatchObject({ message: 'The SQL ran longer than 1.5 s and was stopped' });
    expect(await live()).toBe(liveBefore);
    expect(await count()).toBe(before);
    const audit = await t.db.db
      .selectFrom(t.tables.audit_log)
      .select('detail')
      .where('action', '=', 'executeSql')
      .where('record_id', '=', createHash('sha256').update(RUNAWAY).digest('hex'))
      .execute();
    expect(audit.map((r) => JSON.parse(String(r.detail)))).toEqual([
      expect.objectContaining({ outcome: 'failed', code: ResultCode.DATA_ERROR, rows: 0 }),
      expect.objectContaining({ outcome: 'failed', code: ResultCode.DATA_ERROR, rows: 0 }),
    ]);
  });

  it('audits every call with user, hash, rows, time and outcome', async () => {
    await t.db.db.deleteFrom(t.tables.audit_log).where('action', '=', 'executeSql').execute();
    await run('select name from customer limit 2');
    await run('delete from customer');
    await run('select name from customer', user);
    const rows = await t.db.db
      .selectFrom(t.tables.audit_log)
      .selectAll()
      .where('action', '=', 'executeSql')
      .orderBy('create_at')
      .execute();
    const details = rows.map((r) => JSON.parse(String(r.detail)));
    expect(details.map((d) => [d.outcome, d.rows, d.sql])).toEqual(
      expect.arrayContaining([
        ['ok', 2, 'select name from customer limit 2'],
        ['refused', 0, 'delete from customer'],
        ['forbidden', 0, 'select name from customer'],
      ]),
    );
    expect(rows, JSON.stringify(details)).toHaveLength(3);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(String(r.record_id)) && r.user_id)).toBe(true);
    expect(details.every((d) => typeof d.ms === 'number')).toBe(true);
  });
});
