/**
 * The logs (issue 16 item 2, docs/logs.md): the operation log records common writes with their
 * values before and after (secrets redacted) and a field diff, schema saves too; the sign-in log
 * records successes and failures with a reason, never the password; both are read through the list
 * API by the app's admins only, scoped to the app; old rows are pruned.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { xlsxOf } from '../../fixtures/workbooks/build';
import { newId } from '../../server/db/ids';
import { insertAudit } from '../../server/db/tables';
import { pruneLogs } from '../../server/logs/prune';
import { LeaseStore } from '../../server/scheduler/index';
import { startTestApp, TEST_CAPTCHA, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';
import { startFakeDingtalk, type FakeDingtalk } from '../fakes/dingtalk/server';
import DEPT from '../../schemas/pages/system/dept.json';

const OPS = '/api/common/tessera_sys_audit_log';
const SIGN_INS = '/api/common/tessera_sys_signin_log';
const DAY = 24 * 60 * 60_000;
const DING_CLIENT = { clientId: 'log-ding-client', clientSecret: 'log-ding-secret-value' };

interface LogRow {
  id: string;
  app_id: string;
  user_id: string | null;
  action: string;
  table_name: string | null;
  record_id: string | null;
  ip: string | null;
  user_agent: string | null;
  request_id: string | null;
  before_data: string | null;
  after_data: string | null;
  changes: string | null;
}

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  let adminId: string;
  let ding: FakeDingtalk;

  beforeAll(async () => {
    // DingTalk sign-in against the loopback fake (tests/fakes/dingtalk), as auth-dingtalk.test.ts.
    ding = await startFakeDingtalk(DING_CLIENT);
    Object.assign(process.env, {
      DINGTALK_CLIENT_ID: DING_CLIENT.clientId,
      DINGTALK_CLIENT_SECRET: DING_CLIENT.clientSecret,
      DINGTALK_BASE_URL: ding.url,
    });
    database = await makeDatabase();
    t = await startTestApp(database);
    admin = await t.signIn();
    adminId = (await t.request({ url: '/api/auth/userInfo', token: admin })).body.data.id;
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
    await ding?.close();
  });

  const list = async (url: string, querys: unknown[] = [], token = admin) => {
    const reply = await t.request({ url: `${url}/list`, token, body: { querys, pageSize: 100 } });
    expect(reply.body.code).toBe(ResultCode.SUCCESS);
    return reply.body.data.list as LogRow[];
  };
  const entriesOf = (recordId: string) => list(OPS, [{ key: 'record_id', value: recordId, rule: 'EQUAL' }]);

  describe('operation log', () => {
    it('records create, update and delete with who, where, the values before and after and a field diff', async () => {
      const created = await t.request({
        url: '/api/common/customer',
        token: admin,
        body: { name: '日志客户', level: 'vip' },
        headers: { 'user-agent': 'LogTest/1.0', 'x-request-id': 'req-log-1' },
      });
      expect(created.body.code).toBe(ResultCode.SUCCESS);
      const id = created.body.data.id as string;
      const updated = await t.request({
        method: 'PUT',
        url: `/api/common/customer/${id}`,
        token: admin,
        body: { name: '日志客户改', level: 'vip' },
      });
      expect(updated.body.code).toBe(ResultCode.SUCCESS);
      const removed = await t.request({ method: 'DELETE', url: `/api/common/customer/${id}`, token: admin });
      expect(removed.body.code).toBe(ResultCode.SUCCESS);

      const rows = await entriesOf(id);
      const byAction = Object.fromEntries(rows.map((row) => [row.action, row]));
      expect(Object.keys(byAction).sort()).toEqual(['create', 'delete', 'update']);
      expect(byAction.create).toMatchObject({
        app_id: t.demoAppId,
        user_id: adminId,
        table_name: 'customer',
        ip: '127.0.0.1',
        user_agent: 'LogTest/1.0',
        request_id: 'req-log-1',
        before_data: null,
      });
      expect(JSON.parse(byAction.create!.after_data!)).toMatchObject({ id, name: '日志客户', level: 'vip' });

      const update = byAction.update!;
      expect(JSON.parse(update.before_data!)).toMatchObject({ name: '日志客户', level: 'vip' });
      expect(JSON.parse(update.after_data!)).toMatchObject({ name: '日志客户改', level: 'vip' });
      // Only the changed field is in the diff, under its module title.
      const diff = update.changes!.split('\n');
      expect(diff).toHaveLength(3);
      expect(diff[2]).toMatch(/^\| .*\(name\) \| 日志客户 \| 日志客户改 \|$/);

      expect(JSON.parse(byAction.delete!.before_data!)).toMatchObject({ name: '日志客户改' });
      expect(byAction.delete!.after_data).toBeNull();
    });

    it('writes one entry per record of a batch delete and none when the batch is refused', async () => {
      const ids: string[] = [];
      for (const name of ['批量甲', '批量乙']) {
        ids.push(
          (await t.request({ url: '/api/common/customer', token: admin, body: { name, level: 'vip' } })).body.data.id,
        );
      }
      const refused = await t.request({
        method: 'DELETE',
        url: '/api/common/customer',
        token: admin,
        body: { ids: [...ids, 'f'.repeat(32)] },
      });
      expect(refused.body.code).toBe(ResultCode.NOT_FOUND);
      expect((await entriesOf(ids[0]!)).map((row) => row.action)).toEqual(['create']);
      await t.request({ method: 'DELETE', url: '/api/common/customer', token: admin, body: { ids } });
      for (const id of ids) expect((await entriesOf(id)).map((row) => row.action).sort()).toEqual(['create', 'delete']);
    });

    it('never logs a password, its hash or any secret-named value (a user added with a password)', async () => {
      const secret = 'Init#Pass2026';
      const reply = await t.request({
        url: '/api/common/tessera_sys_user',
        token: admin,
        body: { account: 'logged-user', name: '日志用户', password: secret },
      });
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      const [entry] = await entriesOf(reply.body.data.id);
      expect(entry).toMatchObject({ action: 'create', table_name: 'tessera_sys_user' });
      const stored = await t.db.db.selectFrom(t.tables.audit_log).selectAll().where('id', '=', entry!.id).execute();
      const text = JSON.stringify(stored);
      expect(text).toContain('logged-user');
      expect(text).not.toContain(secret);
      expect(text).not.toMatch(/scrypt|password_hash/);
    });

    it('records admin changes to system tables (a role) and schema saves (a page)', async () => {
      const role = await t.request({ url: '/api/common/tessera_sys_role', token: admin, body: { name: '审计员' } });
      expect((await entriesOf(role.body.data.id)).map((row) => row.action)).toEqual(['create']);
      const saved = await t.request({
        method: 'PUT',
        url: '/api/page/system/dept',
        token: admin,
        body: { schema: { ...DEPT, title: { zh: '组织', en: 'Org' } }, base_version: 0 },
      });
      expect(saved.body.code).toBe(ResultCode.SUCCESS);
      const [entry] = await entriesOf('system/dept');
      expect(entry).toMatchObject({ action: 'schema-save', table_name: 'page', user_id: adminId });
      expect(JSON.parse(entry!.after_data!)).toEqual({ version: 1 });
    });

    it('records an import as one entry with its row count', async () => {
      const fields = [
        { key: 'name', title: '客户名称', required: true },
        { key: 'level', title: '客户等级' },
      ];
      const file = await xlsxOf([
        ['客户名称', '客户等级'],
        ['导入日志甲', 'VIP'],
        ['导入日志乙', '普通'],
      ]);
      const boundary = '----tesseralogs';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="fields"\r\n\r\n${JSON.stringify(fields)}\r\n` +
            `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="c.xlsx"\r\n` +
            'content-type: application/octet-stream\r\n\r\n',
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/common/customer/import',
        headers: { authorization: admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect(response.json().data).toEqual({ imported: 2, errors: [] });
      const rows = await list(OPS, [{ key: 'action', value: 'import', rule: 'EQUAL' }]);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ table_name: 'customer', user_id: adminId, record_id: null });
      expect(JSON.parse(rows[0]!.after_data!)).toEqual({ imported: 2 });
    });

    it('exports entries for an admin, the diff as its markdown table', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `${OPS}/export`,
        headers: { authorization: admin },
        payload: {
          exportFields: [
            { key: 'action', title: '操作类型' },
            { key: 'table_name', title: '数据表' },
            { key: 'changes', title: '变更内容' },
          ],
          querys: [{ key: 'action', value: 'update', rule: 'EQUAL' }],
        },
      });
      expect(response.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const rows: unknown[][] = [];
      workbook.worksheets[0]!.eachRow((row) => void rows.push((row.values as unknown[]).slice(1)));
      expect(rows[0]).toEqual(['操作类型', '数据表', '变更内容']);
      expect(rows.length).toBeGreaterThan(1);
      expect(rows.slice(1).every((row) => row[0] === 'update')).toBe(true);
      // The diff exports as its readable markdown table.
      expect(rows.map((row) => row[2])).toContainEqual(expect.stringMatching(/^\| 字段 Field \| 修改前 Before/));
    });

    it('is read-only, even for an admin', async () => {
      const [any] = await list(OPS);
      const calls = [
        t.request({ url: OPS, token: admin, body: { action: 'create' } }),
        t.request({ method: 'PUT', url: `${OPS}/${any!.id}`, token: admin, body: { action: 'x' } }),
        t.request({ method: 'DELETE', url: `${OPS}/${any!.id}`, token: admin }),
      ];
      for (const reply of await Promise.all(calls)) expect(reply.body.code).toBe(ResultCode.FORBIDDEN);
      expect((await list(OPS)).find((row) => row.id === any!.id)).toEqual(any);
    });
  });

  describe('sign-in log', () => {
    const signIn = async (account: string, password: string) => {
      const code = await t.request({ url: '/api/auth/getPicCode?identify=demo' });
      return t.request({
        url: '/api/auth/login',
        body: { identify: 'demo', account, password, codeKey: code.body.data.codeKey, code: TEST_CAPTCHA },
        headers: { 'user-agent': 'SignInTest/2.0' },
        ip: '10.9.8.7',
      });
    };

    it('records a failed sign-in with its reason and never the password, and a success with the user', async () => {
      const wrong = 'Wr0ng#Secret!';
      expect((await signIn('admin', wrong)).body.code).toBe(ResultCode.AUTH_FAILED);
      expect((await signIn('admin', 'Tessera@2026')).body.code).toBe(ResultCode.SUCCESS);
      const rows = (await list(SIGN_INS, [{ key: 'ip', value: '10.9.8.7', rule: 'EQUAL' }])) as unknown as {
        success: number;
        reason: string | null;
        account: string;
        method: string;
        user_id: string | null;
        user_agent: string;
      }[];
      const failure = rows.find((row) => row.success === 0);
      const success = rows.find((row) => row.success === 1);
      expect(failure).toMatchObject({
        account: 'admin',
        method: 'password',
        reason: 'server.auth.failed',
        user_agent: 'SignInTest/2.0',
      });
      expect(success).toMatchObject({ account: 'admin', method: 'password', reason: null, user_id: adminId });
      const stored = await t.db.db.selectFrom(t.tables.signin_log).selectAll().execute();
      expect(JSON.stringify(stored)).not.toContain(wrong);
      expect(JSON.stringify(stored)).not.toContain('Tessera@2026');
    });

    it('records a wrong picture code as its own reason', async () => {
      const code = await t.request({ url: '/api/auth/getPicCode?identify=demo' });
      await t.request({
        url: '/api/auth/login',
        body: { identify: 'demo', account: 'nobody', password: 'x1', codeKey: code.body.data.codeKey, code: 'NOPE' },
      });
      const rows = await list(SIGN_INS, [{ key: 'account', value: 'nobody', rule: 'EQUAL' }]);
      expect(rows).toEqual([expect.objectContaining({ success: 0, reason: 'server.auth.captchaWrong' })]);
    });
  });

  describe('sign-in log of SMS and DingTalk', () => {
    const byMethod = async (method: string) =>
      (await list(SIGN_INS, [{ key: 'method', value: method, rule: 'EQUAL' }])) as unknown as {
        success: number;
        reason: string | null;
        account: string | null;
        user_id: string | null;
      }[];

    it('records a wrong SMS code with the mobile as the account and never the code', async () => {
      const reply = await t.request({
        url: '/api/auth/smsLogin',
        body: { identify: 'demo', mobile: '13800000000', code: '424242' },
      });
      expect(reply.body.code).toBe(ResultCode.AUTH_FAILED);
      expect(await byMethod('sms')).toEqual([
        expect.objectContaining({ success: 0, reason: 'auth.smsCodeWrong', account: '13800000000' }),
      ]);
      const stored = await t.db.db.selectFrom(t.tables.signin_log).selectAll().where('method', '=', 'sms').execute();
      expect(JSON.stringify(stored)).not.toContain('424242');
    });

    it('records a DingTalk sign-in by the DingTalk mobile, and a refused code with its reason', async () => {
      const code = ding.authorize({ nick: '钉钉', mobile: '13800000000', unionId: 'lu1', openId: 'lo1' });
      expect(
        (await t.request({ url: '/api/dingtalk/login', body: { identify: 'demo', authCode: code } })).body.code,
      ).toBe(ResultCode.SUCCESS);
      const refused = await t.request({ url: '/api/dingtalk/login', body: { identify: 'demo', authCode: 'made-up' } });
      expect(refused.body.code).toBe(ResultCode.AUTH_FAILED);
      const rows = await byMethod('dingtalk');
      expect(rows).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ success: 1, account: '13800000000', user_id: adminId, reason: null }),
          expect.objectContaining({ success: 0, account: null, reason: 'auth.dingtalkFailed' }),
        ]),
      );
      expect(rows).toHaveLength(2);
    });
  });

  describe('who may read', () => {
    it('refuses a non-admin, on both logs, by list and by id', async () => {
      await t.addUser('log-clerk', 'Clerk#2026a', 'user');
      const clerk = await t.signIn('log-clerk', 'Clerk#2026a');
      const [entry] = await list(OPS);
      for (const url of [OPS, SIGN_INS]) {
        const reply = await t.request({ url: `${url}/list`, token: clerk, body: {} });
        expect(reply.body.code).toBe(ResultCode.FORBIDDEN);
      }
      expect((await t.request({ url: `${OPS}/${entry!.id}`, token: clerk })).body.code).toBe(ResultCode.FORBIDDEN);
      const exported = await t.app.inject({
        method: 'POST',
        url: `${OPS}/export`,
        headers: { authorization: clerk },
        payload: { exportFields: [{ key: 'action', title: 'a' }] },
      });
      expect(exported.json().code).toBe(ResultCode.FORBIDDEN);
    });

    it('shows an admin of another app only that app’s entries', async () => {
      const otherId = await t.seedApp('logother');
      const other = await t.signIn('admin', 'Tessera@2026', 'logother');
      const mine = await list(OPS);
      const theirs = await list(OPS, [], other);
      expect(mine.length).toBeGreaterThan(0);
      expect(theirs.every((row) => row.app_id === otherId)).toBe(true);
      expect(theirs.some((row) => mine.some((m) => m.id === row.id))).toBe(false);
      const byId = await t.request({ url: `${OPS}/${mine[0]!.id}`, token: other });
      expect(byId.body.code).toBe(ResultCode.NOT_FOUND);
      const signIns = await list(SIGN_INS, [], other);
      expect(signIns.length).toBeGreaterThan(0);
      expect(signIns.every((row) => row.app_id === otherId)).toBe(true);
    });
  });

  describe('retention', () => {
    it('prunes the rows of both logs older than the retention, keeping the rest', async () => {
      const now = t.clock.now;
      const old = { ...insertAudit(null, now - 181 * DAY) };
      const kept = { ...insertAudit(null, now - 179 * DAY) };
      const ops = [old, kept].map((audit) => ({
        id: newId(),
        app_id: t.demoAppId,
        ...audit,
        action: 'update',
        table_name: 'prune-test',
      }));
      await t.db.db.insertInto(t.tables.audit_log).values(ops).execute();
      const signIns = [old, kept].map((audit) => ({
        id: newId(),
        app_id: t.demoAppId,
        ...audit,
        account: 'prune-test',
        method: 'password',
        success: 0,
      }));
      await t.db.db.insertInto(t.tables.signin_log).values(signIns).execute();

      const result = await pruneLogs(t.db.db, t.tables, now, 180);
      expect(result).toEqual({ operations: 1, signIns: 1 });
      const leftOps = await t.db.db
        .selectFrom(t.tables.audit_log)
        .select('id')
        .where('table_name', '=', 'prune-test')
        .execute();
      expect(leftOps.map((row) => row.id)).toEqual([ops[1]!.id]);
      const leftSignIns = await t.db.db
        .selectFrom(t.tables.signin_log)
        .select('id')
        .where('account', '=', 'prune-test')
        .execute();
      expect(leftSignIns.map((row) => row.id)).toEqual([signIns[1]!.id]);
      // Recent entries written by the tests above are untouched.
      expect((await list(OPS)).length).toBeGreaterThan(2);
    });

    it('the server runs pruning as a scheduled task: on its first start, the missed daily run ran once', async () => {
      const history = () => new LeaseStore(t.db, t.app.tessera.config.tablePrefix).history('logs.prune');
      let runs = await history();
      for (let waited = 0; runs.length === 0 && waited < 10_000; waited += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        runs = await history();
      }
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ status: 'success' });
      expect(runs[0]!.output).toMatch(/older than 180 days deleted$/);
    });
  });
});
