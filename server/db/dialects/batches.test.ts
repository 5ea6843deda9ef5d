import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { rowBatches } from './batches';
import { sqlite } from './sqlite';
import { BatchingSqliteDialect } from './sqlite-batches';
import { cachedStatements } from './sqlite-statements';

const open: Kysely<any>[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.destroy();
});

async function database(dialect: 'batching' | 'plain', rows = 7): Promise<Kysely<any>> {
  const raw = new Database(':memory:');
  const db = new Kysely<any>({
    dialect:
      dialect === 'batching' ? new BatchingSqliteDialect(cachedStatements(raw)) : new SqliteDialect({ database: raw }),
  });
  open.push(db);
  await db.schema.createTable('t').addColumn('id', 'integer').addColumn('name', 'text').execute();
  for (let i = 1; i <= rows; i++)
    await db
      .insertInto('t')
      .values({ id: i, name: `n${i}` })
      .execute();
  return db;
}

const query = (db: Kysely<any>) =>
  db.selectFrom('t').select(['name', 'id']).where('id', '>', 1).orderBy('id').compile();

async function collect(batches: AsyncIterable<unknown[][]>): Promise<unknown[][][]> {
  const out: unknown[][][] = [];
  for await (const batch of batches) out.push(batch);
  return out;
}

describe('rowBatches', () => {
  it('reads SQLite rows as arrays in select order, a batch at a time, with bound values', async () => {
    const db = await database('batching');
    expect(sqlite.readBatches!(db, query(db), 4)).toBeDefined();
    const batches = await collect(rowBatches(db, sqlite, query(db), 4, ['name', 'id']));
    expect(batches).toEqual([
      [
        ['n2', 2],
        ['n3', 3],
        ['n4', 4],
        ['n5', 5],
      ],
      [
        ['n6', 6],
        ['n7', 7],
      ],
    ]);
  });

  it('gives the same rows through Kysely’s stream when the database is not a batching one', async () => {
    const db = await database('plain');
    expect(sqlite.readBatches!(db, query(db), 4)).toBeUndefined();
    const batches = await collect(rowBatches(db, sqlite, query(db), 4, ['name', 'id']));
    expect(batches.flat()).toEqual([2, 3, 4, 5, 6, 7].map((i) => [`n${i}`, i]));
    expect(batches.map((b) => b.length)).toEqual([4, 2]);
  });

  it('holds the connection while reading: other queries wait, and run once the reader stops early', async () => {
    const db = await database('batching');
    const reader = rowBatches(db, sqlite, query(db), 2, ['name', 'id']);
    expect((await reader.next()).value).toEqual([
      ['n2', 2],
      ['n3', 3],
    ]);
    let counted: unknown;
    const other = db
      .selectFrom('t')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst()
      .then((row) => (counted = row?.n));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(counted).toBeUndefined(); // still waiting for the connection
    await reader.return!(undefined);
    await other;
    expect(Number(counted)).toBe(7);
  });

  it('reports a bad statement on the first read', async () => {
    const db = await database('batching');
    const bad = db.selectFrom('missing').selectAll().compile();
    await expect(rowBatches(db, sqlite, bad, 2, []).next()).rejects.toThrow(/no such table: missing/);
    // The connection was let go: the next query runs.
    expect(await db.selectFrom('t').select('id').where('id', '=', 1).executeTakeFirst()).toEqual({ id: 1 });
  });
});
