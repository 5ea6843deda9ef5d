/**
 * kill -9 of a server process in the middle of a spreadsheet import (docs/operations.md "Faults").
 * The import's unit is the whole file: all rows in one transaction (server/common/import). A real
 * server process (server/main.ts) takes a 10,000-row .xlsx (IMPORT_MAX_ROWS' ceiling) through the real route; the test watches
 * the database until the rows are being written — PostgreSQL's pg_stat_activity shows the INSERT,
 * MariaDB's processlist the INSERT, SQLite's write-ahead log grows — and
 * sends SIGKILL then. A server restarted on the same database finds either none of the rows or
 * all of them, never a part, and takes the same import again whole.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { xlsxOf, type Cells } from '../../fixtures/workbooks/build';
import { moduleTableName } from '../../server/modules/columns';
import { startTestApp } from '../helpers/app';
import { multipartBody } from '../helpers/multipart';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';
import { startShellServer, type ShellServer } from '../helpers/shell-server';
import { activityWatcher, killWhileRunning, signInDemoAdmin } from './lib/kill-mid-work';

const ROWS = 10_000;
const FIELDS = [
  { key: 'name', title: '客户名称', required: true },
  { key: 'level', title: '客户等级' },
  { key: 'mobile', title: '手机号' },
];
const TABLE = moduleTableName('demo', 'customer');

// The import's rows being written: the INSERT on PostgreSQL and MariaDB; on SQLite 64 KB of pages
// in the log, a few hundred rows not yet committed.
const ROWS_WRITING = { postgres: `insert into "${TABLE}"%`, mysql: [`insert into \`${TABLE}\`%`], walBytes: 64 * 1024 };

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let server: ShellServer | undefined;
  let workbook: Buffer;
  const env = () => ({ DATABASE_URL: database.url, IMPORT_MAX_ROWS: String(ROWS), LOG_LEVEL: 'silent' });

  beforeAll(async () => {
    database = await makeDatabase();
    // Migrated and seeded in-process, the envelope off (the import is a plain multipart upload).
    const seeded = await startTestApp(database);
    await seeded.close();
    const rows: Cells = [FIELDS.map((f) => f.title)];
    for (let i = 0; i < ROWS; i++) rows.push([`断电导入${i}`, '普通', `139${String(i).padStart(8, '0')}`]);
    workbook = await xlsxOf(rows);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  function upload(origin: string, token: string) {
    const { payload, contentType } = multipartBody(workbook, { fields: JSON.stringify(FIELDS) }, 'big.xlsx');
    return fetch(`${origin}/api/common/customer/import`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': contentType, 'x-lang': 'en' },
      body: payload,
    });
  }

  async function imported(): Promise<number> {
    const seen = await startTestApp(database);
    try {
      const row = await seen.db.db
        .selectFrom(TABLE)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('name', 'like', '断电导入%')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    } finally {
      await seen.close();
    }
  }

  it('leaves all of the batch or none of it, and the restarted server imports it whole', async () => {
    server = await startShellServer(env());
    const token = await signInDemoAdmin(server.origin);
    const reply = await killWhileRunning(
      server,
      activityWatcher(database, ROWS_WRITING),
      () => upload(server!.origin, token),
      'the rows were',
    );
    // The client sees the connection drop: no answer, not a success.
    expect(reply.status).toBe(0);
    await server.stop();

    const after = await imported();
    expect([0, ROWS]).toContain(after);

    // Restarted on the same database (the killed transaction rolled back, the lock released).
    server = await startShellServer(env());
    if (after === 0) {
      const again = await upload(server.origin, await signInDemoAdmin(server.origin));
      const answer = await again.json();
      expect(answer.code, answer.message).toBe(ResultCode.SUCCESS);
      expect(answer.data.imported).toBe(ROWS);
      expect(await imported()).toBe(ROWS);
    }
  }, 180_000);
});
