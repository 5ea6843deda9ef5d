/**
 * The Task page's API (issue 17 item 5) on each database: cron expressions explained as next run
 * times in the task's zone, invalid / every-second / unknown-zone refused; tasks created, listed
 * with their next runs, changed, deleted; run now for each action — send a message, call a data
 * source of the api page (secret never in the output), a report of a source's rows sent as a
 * message — with the run history (status, duration, output); a failing and a hanging action
 * recorded as fail / timeout while the scheduler keeps running; refusals that change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { scheduledTaskTable } from '../../server/db/migrations/0026-messages-tasks';
import { startFakeRest, type FakeRest } from '../fakes/rest/server';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const table = scheduledTaskTable('tessera_sys_');

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let fake: FakeRest;
  let admin: string;
  let operator: string;
  let operatorId: string;

  beforeAll(async () => {
    fake = await startFakeRest();
    database = await makeDatabase();
    t = await startTestApp(database, {
      env: { OUTBOUND_ALLOW_LIST: '127.0.0.1', TESSERA_SECRET_KEY: 'c1'.repeat(32) },
    });
    admin = await t.signIn();
    operatorId = await t.addUser('task_operator', 'Operator#1', 'user');
    operator = await t.signIn('task_operator', 'Operator#1');
    const source = (name: string, path: string, extra: Record<string, unknown> = {}) =>
      t.request({
        url: '/api/apiSources',
        token: admin,
        body: {
          name,
          title: name,
          base_url: `${fake.url}${path}`,
          auth_type: 'bearer',
          auth_secret: fake.token,
          rows_path: 'data.records',
          total_path: 'data.total',
          ...extra,
        },
      });
    for (const [name, path] of [
      ['crm', '/customers'],
      ['missing', '/nope'],
      ['slow', '/slow'],
    ])
      expect((await source(name, path)).body.code).toBe(ResultCode.SUCCESS);
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
    await fake?.close();
  });

  const create = (body: Record<string, unknown>, token = admin, lang: 'zh' | 'en' = 'zh') =>
    t.request({ url: '/api/tasks', token, body, lang });
  const runNow = (id: string) => t.request({ url: `/api/tasks/${id}/run`, token: admin, body: {} });
  const runs = async (id: string) =>
    (await t.request({ method: 'GET', url: `/api/tasks/${id}/runs`, token: admin })).body.data.list as {
      status: string;
      output: string;
      duration_ms: number;
    }[];
  const inbox = async (token: string) =>
    (await t.request({ method: 'GET', url: '/api/messages', token })).body.data.list as {
      title: string;
      body: string;
      source: string;
    }[];
  const count = async () =>
    Number(
      (
        await t.db.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const messageTask = (extra: Record<string, unknown> = {}) => ({
    name: '每日提醒',
    cron: '30 9 * * 1-5',
    timezone: 'Asia/Shanghai',
    action: 'message',
    config: { to: { userIds: [operatorId] }, title: '打卡提醒', body: '别忘了打卡' },
    ...extra,
  });

  describe('cron expressions', () => {
    it('explains a pattern as its next run times in the task’s time zone', async () => {
      t.clock.now = Date.UTC(2026, 10, 26, 8, 0, 30);
      const answer = await t.request({
        url: '/api/tasks/explain',
        token: admin,
        body: { cron: '30 9 * * 1-5', timezone: 'Asia/Shanghai' },
      });
      expect(answer.body.data.next.slice(0, 3)).toEqual([
        '2026-11-27T01:30:00.000Z',
        '2026-11-30T01:30:00.000Z',
        '2026-12-01T01:30:00.000Z',
      ]);
    });

    it('refuses an invalid pattern, every second, and an unknown zone, in the caller’s language', async () => {
      const explain = (cron: string, timezone = 'UTC', lang: 'zh' | 'en' = 'en') =>
        t.request({ url: '/api/tasks/explain', token: admin, body: { cron, timezone }, lang });
      expect((await explain('* * * * * *')).body).toMatchObject({
        code: ResultCode.BAD_REQUEST,
        message: 'A task may run at most once a minute; every-second schedules are refused',
      });
      expect((await explain('61 * * * *')).body.message).toMatch(/^The cron expression is not valid/);
      expect((await explain('0 3 * * *', 'Mars/Olympus', 'zh')).body.message).toBe('未知的时区：Mars/Olympus');
    });
  });

  describe('tasks', () => {
    let reminder: string;

    it('creates a task and lists it with its next runs; an operator may not see or add tasks', async () => {
      const created = await create(messageTask());
      expect(created.body.code).toBe(ResultCode.SUCCESS);
      reminder = created.body.data.id;
      expect(created.body.data).toMatchObject({ enabled: true, missed: 'skip', timeout_ms: 30000, last_run: null });
      const list = await t.request({ method: 'GET', url: '/api/tasks', token: admin });
      expect(list.body.data.total).toBe(1);
      expect(list.body.data.list[0].next.map((ms: number) => new Date(ms).toISOString())).toEqual([
        '2026-11-27T01:30:00.000Z',
        '2026-11-30T01:30:00.000Z',
        '2026-12-01T01:30:00.000Z',
      ]);
      expect((await t.request({ method: 'GET', url: '/api/tasks', token: operator })).body.code).toBe(
        ResultCode.FORBIDDEN,
      );
      expect((await create(messageTask(), operator)).body.code).toBe(ResultCode.FORBIDDEN);
    });

    it('runs a message task now: the recipient gets it, the history shows the run', async () => {
      const run = await runNow(reminder);
      expect(run.body.data).toMatchObject({ status: 'success', output: 'sent to 1 users' });
      expect(run.body.data.duration_ms).toBeGreaterThanOrEqual(0);
      expect((await inbox(operator))[0]).toMatchObject({ title: '打卡提醒', body: '别忘了打卡', source: 'task' });
      expect((await runs(reminder)).map((r) => r.status)).toEqual(['success']);
      const one = await t.request({ method: 'GET', url: `/api/tasks/${reminder}`, token: admin });
      expect(one.body.data.last_run).toMatchObject({ status: 'success' });
    });

    it('calls a data source of the api page; its secret never shows in the output', async () => {
      const created = await create({
        name: '同步客户',
        cron: '0 2 * * *',
        timezone: 'UTC',
        action: 'api',
        config: { source: 'crm' },
      });
      const run = await runNow(created.body.data.id);
      expect(run.body.data.status).toBe('success');
      expect(run.body.data.output).toMatch(/^HTTP 200 in \d+ ms\n/);
      expect(run.body.data.output).toContain('Customer 01');
      expect(run.body.data.output).not.toContain(fake.token);
    });

    it('sends a report of a source’s rows as a message', async () => {
      const created = await create({
        name: '客户日报',
        cron: '0 8 * * *',
        timezone: 'Asia/Shanghai',
        action: 'report',
        config: {
          source: 'crm',
          params: {},
          to: { userIds: [operatorId] },
          title: '客户日报',
          body: '今日客户',
          maxRows: 3,
        },
      });
      expect(created.body.code).toBe(ResultCode.SUCCESS);
      // A later second: the report is the newest message, and a new tick for the lease.
      t.clock.now += 1000;
      const run = await runNow(created.body.data.id);
      expect(run.body.data.status).toBe('success');
      const [report] = await inbox(operator);
      expect(report.title).toBe('客户日报');
      expect(report.body.split('\n')).toEqual([
        '今日客户',
        '',
        'id | name | city',
        '1 | Customer 01 | Hangzhou',
        '2 | Customer 02 | Shanghai',
        '3 | Customer 03 | Beijing',
        '… +7',
      ]);
    });

    it('records a failing action and a hanging one (timeout), and the scheduler keeps running', async () => {
      const failing = await create({
        name: '坏接口',
        cron: '0 2 * * *',
        timezone: 'UTC',
        action: 'api',
        config: { source: 'missing' },
      });
      const failed = await runNow(failing.body.data.id);
      expect(failed.body.data).toMatchObject({ status: 'fail' });
      expect(failed.body.data.output).toMatch(/^HTTP 404/);

      const hanging = await create({
        name: '慢接口',
        cron: '0 2 * * *',
        timezone: 'UTC',
        action: 'api',
        timeout_ms: 1000,
        config: { source: 'slow' },
      });
      const timedOut = await runNow(hanging.body.data.id);
      expect(timedOut.body.data).toMatchObject({ status: 'timeout', output: 'Timed out after 1000 ms' });

      t.clock.now += 60_000;
      expect((await runNow(reminder)).body.data.status).toBe('success');
      expect((await runs(reminder)).length).toBe(2);
    });

    it('changes and deletes a task, each in the operation log', async () => {
      const changed = await t.request({
        method: 'PUT',
        url: `/api/tasks/${reminder}`,
        token: admin,
        body: { enabled: false, cron: '0 10 * * *' },
      });
      expect(changed.body.data).toMatchObject({ enabled: false, cron: '0 10 * * *', next: [] });
      const removed = await t.request({ method: 'DELETE', url: `/api/tasks/${reminder}`, token: admin });
      expect(removed.body.code).toBe(ResultCode.SUCCESS);
      expect((await t.request({ method: 'GET', url: `/api/tasks/${reminder}`, token: admin })).body.code).toBe(
        ResultCode.NOT_FOUND,
      );
      const logged = await t.db.db
        .selectFrom(t.tables.audit_log)
        .select('action')
        .where('table_name', '=', table)
        .execute();
      expect(logged.map((r) => r.action).sort()).toEqual(expect.arrayContaining(['create', 'update', 'delete']));
    });

    it('refuses a bad task whole, changing nothing', async () => {
      const before = await count();
      const refused = async (body: Record<string, unknown>, message: string) => {
        const answer = await create(body, admin, 'en');
        expect(answer.body.code).toBe(ResultCode.BAD_REQUEST);
        expect(answer.body.message).toBe(message);
      };
      await refused(
        messageTask({ cron: '*/5 * * * * *' }),
        'A task may run at most once a minute; every-second schedules are refused',
      );
      await refused(messageTask({ timezone: 'Nowhere/City' }), 'Unknown time zone: Nowhere/City');
      await refused(
        { ...messageTask(), action: 'api', config: { source: 'ghost' } },
        'There is no data source named ghost',
      );
      await refused(
        messageTask({ config: { to: { userIds: ['nobody'] }, title: 'x' } }),
        'Nobody would receive it: choose valid users, roles or everyone',
      );
      await refused(messageTask({ config: { to: { all: true }, title: ' ' } }), 'Enter a message title');
      expect((await create(messageTask({ action: 'shell' }))).body.code).toBe(ResultCode.BAD_REQUEST);
      expect((await create(messageTask({ timeout_ms: 3_600_000 }))).body.code).toBe(ResultCode.BAD_REQUEST);
      expect(await count()).toBe(before);
    });
  });
});
