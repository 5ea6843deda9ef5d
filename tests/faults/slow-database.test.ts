/**
 * A slow database (PostgreSQL, MySQL/MariaDB; SQLite has no pool and no server to block): another
 * session holds an exclusive lock on the customer table, so every customer list blocks in the
 * database. The server is given a small pool (DB_POOL_SIZE=4), a short wait for a connection
 * (DB_ACQUIRE_TIMEOUT_MS) and a short statement limit (DB_STATEMENT_TIMEOUT_MS), and must:
 * - answer each blocked request with 503 P5030 "the database is busy" once the limit hits — never
 *   hang, never a bare 500;
 * - keep answering other requests while fewer slow ones than the pool hold connections;
 * - with more slow requests than connections, answer the rest 503 P5030 after the wait for a
 *   connection instead of queueing them without end;
 * - serve normally as soon as the lock is gone, without a restart.
 */
import pg from 'pg';
import { createConnection, type Connection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { moduleTableName } from '../../server/modules/columns';
import { startTestApp, type TestApp } from '../helpers/app';
import { createTestDatabase, testDatabases, type TestDatabase } from '../helpers/databases';

const SLOW = '/api/common/customer/list';
const FAST = '/api/common/tessera_sys_role/list';
const POOL = { DB_POOL_SIZE: '4', DB_ACQUIRE_TIMEOUT_MS: '1000', DB_STATEMENT_TIMEOUT_MS: '2000' };
const BUSY = 'The database is busy and did not answer in time, please try again shortly';
const UNAVAILABLE = 'The service is temporarily unavailable, please try again shortly';

/** Another session holding the customer table exclusively until release(). */
interface TableLock {
  release(): Promise<void>;
}

async function lockTable(database: TestDatabase, table: string): Promise<TableLock> {
  if (database.name === 'postgres') {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query('begin');
    await client.query(`lock table ${table} in access exclusive mode`);
    return {
      release: async () => {
        await client.query('commit');
        await client.end();
      },
    };
  }
  const connection: Connection = await createConnection({ uri: database.url });
  await connection.query(`lock tables ${table} write`);
  return {
    release: async () => {
      await connection.query('unlock tables');
      await connection.end();
    },
  };
}

for (const name of testDatabases().filter((n) => n !== 'sqlite')) {
  describe(`[${name}] slow database`, () => {
    let database: TestDatabase;
    let t: TestApp;
    let token: string;
    const table = moduleTableName('demo', 'customer');

    beforeAll(async () => {
      database = await createTestDatabase(name);
      t = await startTestApp(database, { env: POOL });
      token = await t.signIn();
    });
    afterAll(async () => {
      await t?.close();
      await database?.drop();
    });

    const list = (url: string) => t.request({ url, token, lang: 'en', body: { isPage: true, pageSize: 5 } });

    it('blocked requests end with a clear 503 at the statement limit; others are served meanwhile', async () => {
      expect((await list(SLOW)).body.code).toBe(ResultCode.SUCCESS);
      const lock = await lockTable(database, table);
      try {
        const slow = [list(SLOW), list(SLOW)];
        // Fewer slow requests than connections: a list of another table is answered at once.
        await new Promise((resolve) => setTimeout(resolve, 300));
        const fast = await list(FAST);
        expect(fast.body.code).toBe(ResultCode.SUCCESS);
        expect(fast.body.data.list.length).toBeGreaterThan(0);
        for (const reply of await Promise.all(slow)) {
          expect(reply.status).toBe(503);
          expect(reply.body).toMatchObject({ code: ResultCode.UNAVAILABLE, message: BUSY });
        }
      } finally {
        await lock.release();
      }
      expect((await list(SLOW)).body.code).toBe(ResultCode.SUCCESS);
    });

    it('more slow requests than connections: the others get 503 after the wait for a connection, not a hang', async () => {
      const lock = await lockTable(database, table);
      try {
        const slow = Array.from({ length: 6 }, () => list(SLOW));
        await new Promise((resolve) => setTimeout(resolve, 300));
        // Every connection is held: this one waits DB_ACQUIRE_TIMEOUT_MS, then is told.
        const starved = await list(FAST);
        expect(starved.status).toBe(503);
        expect(starved.body).toMatchObject({ code: ResultCode.UNAVAILABLE, message: UNAVAILABLE });
        const answers = await Promise.all(slow);
        for (const reply of answers) {
          expect(reply.status).toBe(503);
          expect(reply.body.code).toBe(ResultCode.UNAVAILABLE);
          expect([BUSY, UNAVAILABLE]).toContain(reply.body.message);
        }
        // The pool's 4 connections ran into the statement limit; the others never got one.
        expect(answers.filter((reply) => reply.body.message === BUSY).length).toBeGreaterThan(0);
      } finally {
        await lock.release();
      }
      const after = await list(FAST);
      expect(after.body.code).toBe(ResultCode.SUCCESS);
      expect((await list(SLOW)).body.code).toBe(ResultCode.SUCCESS);
    });
  });
}
