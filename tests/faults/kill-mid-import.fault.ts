/**
 * kill -9 of a server process in the middle of a spreadsheet import (docs/operations.md "Faults").
 * The import's unit is the whole file: all rows in one transaction (server/common/import). A real
 * server process (server/main.ts) takes a 10,000-row .xlsx (IMPORT_MAX_ROWS' ceiling) through the real route; the test watches
 * the database until the rows are being written — PostgreSQL's pg_stat_activity shows the INSERT,
 * MariaDB's processlist the INSERT, SQLite's write-ahead log grows — and
 * sends SIGKILL then. A server restarted on the same database finds either none of the rows or
 * all of them, never a part, and takes the same import again whole.
 */
import { statSync } from 'node:fs';
import pg from 'pg';
import { createConnection } from 'mysql2/promise';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { xlsxOf, type Cells } from '../../fixtures/workbooks/build';
import { moduleTableName } from '../../server/modules/columns';
import { startTestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';
import { SHELL_CAPTCHA, startShellServer, type ShellServer } from '../helpers/shell-server';

const ROWS = 10_000;
const FIELDS = [
  { key: 'name', title: '客户名称', required: true },
  { key: 'level', title: '客户等级' },
  { key: 'mobile', title: '手机号' },
];
const TABLE = moduleTableName('demo', 'customer');

/** Polls until the database shows the import's rows being written (uncommitted). */
function writeWatcher(database: TestDatabase): { writing: () => Promise<boolean>; close: () => Promise<void> } {
  if (database.name === 'postgres') {
    const client = new pg.Client({ connectionString: database.url });
    const ready = client.connect();
    return {
      writing: async () => {
        await ready;
        const { rows } = await client.query(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and state <> 'idle' and query ilike $1`,
          [`insert into "${TABLE}"%`],
        );
        return rows[0].n > 0;
      },
      close: () => client.end(),
    };
  }
  if (database.name === 'mysql') {
    const connection = createConnection({ uri: database.url });
    return {
      writing: async () => {
        const [rows] = await (
          await connection
        ).query(`select count(*) as n from information_schema.processlist where db = database() and info like ?`, [
          `insert into \`${TABLE}\`%`,
        ]);
        return Number((rows as { n: number }[])[0]!.n) > 0;
      },
      close: async () => (await connection).end(),
    };
  }
  const wal = `${database.url.slice('sqlite:'.length)}-wal`;
  const size = () => {
    try {
      return statSync(wal).size;
    } catch {
      return 0;
    }
  };
  const start = size();
  // 64 KB of pages: a few hundred rows are in the log, not yet committed.
  return { writing: async () => size() > start + 64 * 1024, close: async () => {} };
}

function multipart(file: Buffer) {
  const boundary = `----tessera${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="fields"\r\n\r\n${JSON.stringify(FIELDS)}\r\n`),
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.xlsx"\r\ncontent-type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

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

  async function signIn(origin: string): Promise<string> {
    const code = await (await fetch(`${origin}/api/auth/getPicCode?identify=demo`)).json();
    const login = await fetch(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        identify: 'demo',
        account: 'admin',
        password: 'Tessera@2026',
        codeKey: code.data.codeKey,
        code: SHELL_CAPTCHA,
      }),
    });
    const answer = await login.json();
    expect(answer.code, answer.message).toBe(ResultCode.SUCCESS);
    return answer.data.token;
  }

  function upload(origin: string, token: string) {
    const { body, type } = multipart(workbook);
    return fetch(`${origin}/api/common/customer/import`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': type, 'x-lang': 'en' },
      body,
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
    const token = await signIn(server.origin);
    const watcher = writeWatcher(database);
    let settled = '';
    const reply = upload(server.origin, token).then(
      async (response) => {
        settled = `${response.status} ${await response.text()}`;
        return { status: response.status };
      },
      () => ({ status: 0 }),
    );
    let caught = false;
    try {
      for (let i = 0; i < 12_000 && !caught && !settled; i++) {
        caught = await watcher.writing();
        if (!caught) await new Promise((resolve) => setTimeout(resolve, 5));
      }
    } finally {
      await watcher.close();
    }
    expect(caught, `the rows were never seen being written (answer: ${settled.slice(0, 300)})`).toBe(true);
    await server.kill();
    // The client sees the connection drop: no answer, not a success.
    expect((await reply).status).toBe(0);
    await server.stop();

    const after = await imported();
    expect([0, ROWS]).toContain(after);

    // Restarted on the same database (the killed transaction rolled back, the lock released).
    server = await startShellServer(env());
    if (after === 0) {
      const again = await upload(server.origin, await signIn(server.origin));
      const answer = await again.json();
      expect(answer.code, answer.message).toBe(ResultCode.SUCCESS);
      expect(answer.data.imported).toBe(ROWS);
      expect(await imported()).toBe(ROWS);
    }
  }, 180_000);
});
