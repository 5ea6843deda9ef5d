/**
 * A database server that ends an idle pooled connection (restart, pg_terminate_backend, a dropped
 * database) must not take the process down: the next query simply gets a new connection.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDb, type Db } from '../../server/db/create-db';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

forEachDatabase((name, makeDatabase) => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await makeDatabase();
    db = createDb(database.url);
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it('answers queries after the idle connections were used', async () => {
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db.db);
    expect(Number(rows[0]!.one)).toBe(1);
  });

  // PostgreSQL's pool reports a server-ended idle connection as an 'error' event (mysql2 handles it).
  if (name !== 'postgres') return;
  it('an idle connection ended by the server is replaced on the next query', async () => {
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db.db);
    const pid = rows[0]!.pid;
    // End that (now idle) pooled connection from another connection, as an administrator would.
    const other = createDb(database.url);
    try {
      await sql`select pg_terminate_backend(${pid})`.execute(other.db);
    } finally {
      await other.destroy();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db.db);
    expect(again.rows[0]!.pid).not.toBe(pid);
  });
});
