/**
 * Scheduled reports over the app's own tables (issue 17 item 5, docs/scheduler.md "Reports over
 * the app's tables") on each database: rows of a module table through the list contract (labels,
 * filter, sort, limit) and groups through the aggregate contract, sent as a text table in a
 * message or stored as an xlsx / csv file the recipient downloads from the message's link; the
 * system scope (every row of the app, another app's rows never); tables, fields and keys the
 * registry does not know refused at save, changing nothing; a table dropped after the save
 * recorded as the run's error.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { scheduledTaskTable } from '../../server/db/migrations/0026-messages-tasks';
import { moduleTableName } from '../../server/modules/columns';
import { addModule, createRows } from '../bad-input/fixtures';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const table = scheduledTaskTable('tessera_sys_');

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  let operator: string;
  let operatorId: string;
  let filesDir: string;
  const saved = process.env.FILES_DIR;

  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'tessera-report-files-'));
    process.env.FILES_DIR = filesDir;
    database = await makeDatabase();
    t = await startTestApp(database);
    admin = await t.signIn();
    operatorId = await t.addUser('report_reader', 'Reader#2026', 'user');
    operator = await t.signIn('report_reader', 'Reader#2026');
    await addModule(t, 'deal', {
      title: 'string',
      stage: {
        type: 'select',
        selectItems: [
          { value: 'open', label: { zh: '进行中', en: 'Open' } },
          { value: 'won', label: { zh: '已成交', en: 'Won' } },
        ],
      },
      amount: { type: 'number' },
    });
    await createRows(t, admin, 'deal', [
      { title: 'D1', stage: 'open', amount: 100 },
      { title: 'D2', stage: 'won', amount: 250 },
      { title: '=HYPERLINK("x")', stage: 'won', amount: 50 },
    ]);
    // The operator's row too: the report runs as the system, not as whoever saved it.
    await createRows(t, operator, 'deal', [{ title: 'D4', stage: 'open', amount: 10 }]);
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
    rmSync(filesDir, { recursive: true, force: true });
    if (saved === undefined) delete process.env.FILES_DIR;
    else process.env.FILES_DIR = saved;
  });

  const create = (config: Record<string, unknown>, lang: 'zh' | 'en' = 'zh') =>
    t.request({
      url: '/api/tasks',
      token: admin,
      lang,
      body: {
        name: '成交日报',
        cron: '0 8 * * *',
        timezone: 'Asia/Shanghai',
        action: 'tableReport',
        config: { to: { userIds: [operatorId] }, title: '成交日报', ...config },
      },
    });
  const runNow = async (id: string) => {
    // A later second each time: a new tick for the lease, and the newest message.
    t.clock.now += 1000;
    return (await t.request({ url: `/api/tasks/${id}/run`, token: admin, body: {} })).body.data as {
      status: string;
      output: string;
    };
  };
  const newest = async () =>
    (
      (await t.request({ method: 'GET', url: '/api/messages', token: operator })).body.data.list as {
        title: string;
        body: string;
        link: string | null;
      }[]
    )[0]!;
  const download = (link: string, token: string) =>
    t.app.inject({ method: 'GET', url: `/${link}`, headers: { authorization: token } });
  const count = async () =>
    Number(
      (
        await t.db.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('a report over a module table', () => {
    it('sends rows through the list contract as a text table: labels, filter, sort, limit', async () => {
      const created = await create({
        table: 'deal',
        query: {
          showFields: ['title', 'stage', 'amount'],
          querys: [{ key: 'amount', rule: 'GE', value: 50 }],
          sorts: [{ key: 'amount', order: 'desc' }],
        },
        limit: 2,
        body: '金额 ≥ 50',
      });
      expect(created.body.code).toBe(ResultCode.SUCCESS);
      expect(created.body.data.config).toMatchObject({ table: 'deal', limit: 2, output: 'message' });
      const run = await runNow(created.body.data.id);
      expect(run).toMatchObject({ status: 'success' });
      expect(run.output).toMatch(/^2 rows, sent to 1 users/);
      const message = await newest();
      expect(message.title).toBe('成交日报');
      expect(message.body.split('\n')).toEqual([
        '金额 ≥ 50',
        '',
        'title | stage | amount',
        'D2 | 已成交 | 250',
        'D1 | 进行中 | 100',
      ]);
    });

    it('sends groups through the aggregate contract, over every row of the app', async () => {
      const created = await create({
        table: 'deal',
        query: {
          groupBy: ['stage'],
          measures: [
            { fn: 'count', as: 'deals' },
            { fn: 'sum', key: 'amount', as: 'total' },
          ],
          sort: [{ key: 'stage', order: 'asc' }],
        },
        limit: 10,
      });
      expect(created.body.code).toBe(ResultCode.SUCCESS);
      expect((await runNow(created.body.data.id)).status).toBe('success');
      expect((await newest()).body.split('\n')).toEqual([
        'stage | deals | total',
        '进行中 | 2 | 110',
        '已成交 | 2 | 300',
      ]);
    });

    it('stores an xlsx file the recipient downloads from the message link; cells made safe', async () => {
      const created = await create({
        table: 'deal',
        query: { showFields: ['title', 'stage', 'amount'], sorts: [{ key: 'amount', order: 'asc' }] },
        limit: 100,
        output: 'xlsx',
      });
      const run = await runNow(created.body.data.id);
      expect(run.status).toBe('success');
      const message = await newest();
      expect(message.link).toMatch(/^api\/files\/download\/[0-9a-f]{32}$/);
      expect(message.body).toMatch(/^报表文件：.+\.xlsx（4 行）$/);
      const file = await download(message.link!, operator);
      expect(file.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.rawPayload as never);
      const values = workbook.worksheets[0]!.getSheetValues().slice(1) as unknown[][];
      expect(values.map((row) => row.slice(1))).toEqual([
        ['title', 'stage', 'amount'],
        ['D4', '进行中', 10],
        ['\'=HYPERLINK("x")', '已成交', 50],
        ['D1', '进行中', 100],
        ['D2', '已成交', 250],
      ]);
      // Another app's user never gets it: the file belongs to the task's app.
      await t.seedApp('other');
      await t.addUser('outsider', 'Outsider#2026', 'user', await appId('other'));
      const outsider = await t.signIn('outsider', 'Outsider#2026', 'other');
      expect((await download(message.link!, outsider)).statusCode).toBe(404);
    });

    it('stores a csv file with a BOM', async () => {
      const created = await create({
        table: 'deal',
        query: { showFields: ['title', 'amount'], querys: [{ key: 'stage', rule: 'EQUAL', value: 'won' }] },
        limit: 10,
        output: 'csv',
      });
      expect((await runNow(created.body.data.id)).status).toBe('success');
      const message = await newest();
      expect(message.body).toMatch(/\.csv（2 行）$/);
      const file = await download(message.link!, operator);
      const text = file.rawPayload.toString('utf8');
      expect(text.startsWith('\uFEFF')).toBe(true);
      expect(text.slice(1).split('\r\n').slice(0, 1)).toEqual(['title,amount']);
      expect(text).toContain('"\'=HYPERLINK(""x"")",50');
    });
  });

  async function appId(identify: string): Promise<string> {
    const row = await t.db.db
      .selectFrom(t.tables.app)
      .select('id')
      .where('identify', '=', identify)
      .executeTakeFirstOrThrow();
    return String(row.id);
  }

  describe('bad reports', () => {
    it('refuses what the registry does not know, at save, changing nothing', async () => {
      const before = await count();
      const refused = async (config: Record<string, unknown>, message: string | RegExp) => {
        const answer = await create({ limit: 5, ...config }, 'en');
        expect(answer.body.code).not.toBe(ResultCode.SUCCESS);
        expect(answer.body.message).toMatch(message);
      };
      await refused({ query: {} }, 'Choose the table of the report');
      await refused({ table: 'ghost', query: {} }, /ghost/);
      // A system table is not a report's: it has per-viewer rules.
      await refused({ table: 'tessera_sys_user', query: {} }, /tessera_sys_user/);
      await refused({ table: 'deal', query: { showFields: ['password'] } }, /password/);
      await refused({ table: 'deal', query: { querys: [{ key: 'amount; DROP', rule: 'EQUAL', value: 1 }] } }, /amount/);
      await refused({ table: 'deal', query: { leftJoins: [{ table: 'deal', on: [] }] } }, /leftJoins/);
      await refused({ table: 'deal', query: { groupBy: ['nope'] } }, /nope/);
      expect((await create({ table: 'deal', query: {}, limit: 5000 })).body.code).toBe(ResultCode.BAD_REQUEST);
      expect((await create({ table: 'deal', query: {}, output: 'pdf' })).body.code).toBe(ResultCode.BAD_REQUEST);
      expect(await count()).toBe(before);
    });

    it('records a run that fails (its table dropped after the save) with its error', async () => {
      const created = await create({ table: 'deal', query: { showFields: ['title', 'amount'] }, limit: 5 });
      expect(created.body.code).toBe(ResultCode.SUCCESS);
      await t.db.db.schema.dropTable(moduleTableName('demo', 'deal')).execute();
      const run = await runNow(created.body.data.id);
      expect(run.status).toBe('fail');
      expect(run.output).toBe("Table 'deal' doesn't exist");
    });
  });
});
