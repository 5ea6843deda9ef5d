import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cachedStatements } from './sqlite-statements';

const open: Database.Database[] = [];
function database(): Database.Database {
  const db = new Database(':memory:');
  open.push(db);
  return db;
}
afterEach(() => {
  for (const db of open.splice(0)) if (db.open) db.close();
});

describe('cachedStatements', () => {
  it('prepares each SQL text once and reuses it', () => {
    const raw = database();
    const spy = vi.spyOn(raw, 'prepare');
    const db = cachedStatements(raw);
    const a = db.prepare('select 1 as x');
    const b = db.prepare('select 1 as x');
    expect(b).toBe(a);
    expect(spy).toHaveBeenCalledTimes(1);
    db.prepare('select 2 as x');
    expect(spy).toHaveBeenCalledTimes(2);
    expect(db.cachedStatements).toBe(2);
  });

  it('evicts the least recently used statement beyond its bound', () => {
    const raw = database();
    const spy = vi.spyOn(raw, 'prepare');
    const db = cachedStatements(raw, 2);
    const one = db.prepare('select 1');
    db.prepare('select 2');
    expect(db.prepare('select 1')).toBe(one); // now most recent
    db.prepare('select 3'); // evicts "select 2"
    expect(db.cachedStatements).toBe(2);
    expect(db.prepare('select 1')).toBe(one);
    spy.mockClear();
    db.prepare('select 2');
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('hands out a fresh statement while the cached one is still iterating', () => {
    const db = cachedStatements(database());
    const first = db.prepare('select 1 as x union all select 2');
    const iterator = first.iterate([])[Symbol.iterator]();
    expect(iterator.next().value).toEqual({ x: 1 });
    const second = db.prepare('select 1 as x union all select 2');
    expect(second).not.toBe(first);
    expect(second.all([])).toEqual([{ x: 1 }, { x: 2 }]);
    expect(iterator.next().value).toEqual({ x: 2 });
    expect(iterator.next().done).toBe(true);
    // Once the iterator is done the cached statement is free again.
    expect(db.prepare('select 1 as x union all select 2')).toBe(second);
  });

  it('runs through Kysely with bound values, and sees schema changes made after caching', async () => {
    const raw = database();
    const spy = vi.spyOn(raw, 'prepare');
    const kysely = new Kysely<any>({ dialect: new SqliteDialect({ database: cachedStatements(raw) }) });
    await kysely.schema.createTable('t').addColumn('id', 'integer').addColumn('name', 'text').execute();
    await kysely.insertInto('t').values({ id: 1, name: 'a' }).execute();
    await kysely.insertInto('t').values({ id: 2, name: 'b' }).execute();
    const byId = (id: number) => kysely.selectFrom('t').selectAll().where('id', '=', id).executeTakeFirst();
    expect(await byId(1)).toEqual({ id: 1, name: 'a' });
    expect(await byId(2)).toEqual({ id: 2, name: 'b' });
    const selects = spy.mock.calls.filter(([text]) => text.startsWith('select')).length;
    expect(selects).toBe(1);
    // SQLite re-prepares a cached statement after DDL: `select *` returns the new column.
    await sql`alter table t add column level text`.execute(kysely);
    await kysely.updateTable('t').set({ level: 'vip' }).where('id', '=', 1).execute();
    expect(await byId(1)).toEqual({ id: 1, name: 'a', level: 'vip' });
    // A dropped table fails with SQLite's own message (classifyError relies on it).
    await sql`drop table t`.execute(kysely);
    await expect(byId(1)).rejects.toThrow(/no such table: t/);
    await kysely.destroy();
    expect(raw.open).toBe(false);
  });
});
