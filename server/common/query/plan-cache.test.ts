import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTableInfo, type TableInfo } from '../../modules/table-info';
import { runListQuery, type ListContext, type Scope } from './build';
import { parseListQuery } from './parse';
import { cachedPlan, cachedPlans, PLAN_CACHE_SIZE, shapeKey } from './plan-cache';

const table = (): TableInfo =>
  makeTableInfo({
    name: 'note',
    physical: 'm_demo_note',
    kind: 'module',
    columns: [
      { name: 'title', type: 'string' },
      { name: 'level', type: 'string' },
      { name: 'score', type: 'integer' },
    ],
    write: 'user',
  });

const open: Kysely<any>[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.destroy();
});

function context(joinScope: (t: TableInfo) => Scope = () => ({ appId: 'a1' })): ListContext {
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
  open.push(db);
  return { db, likeOperator: 'like', joinScope };
}

const parse = (body: unknown, info: TableInfo, joined?: TableInfo) =>
  parseListQuery(body, info, async (name) => (joined && name === joined.name ? joined : undefined));

describe('shapeKey', () => {
  const ctx = context();
  const base: Scope = { appId: 'a1' };

  it('is the same for the same shape with other values, page or page size', async () => {
    const info = table();
    const one = await parse({ querys: [{ key: 'title', value: 'x', rule: 'LIKE' }], isPage: true, current: 1 }, info);
    const two = await parse(
      { querys: [{ key: 'title', value: "y' or 1=1", rule: 'LIKE' }], isPage: true, current: 7, pageSize: 50 },
      info,
    );
    expect(shapeKey(ctx, info, base, two)).toBe(shapeKey(ctx, info, base, one));
  });

  it('differs for another app, own-row id, visible rows or data limit', async () => {
    const info = table();
    const query = await parse({ showFields: ['title'] }, info);
    const keys = [
      base,
      { appId: 'a2' },
      { appId: 'a1', onlyId: 'u1' },
      { appId: 'a1', onlyId: 'u2' },
      { appId: 'a1', onlyIds: ['r1'] },
      { appId: 'a1', onlyIds: ['r2'] },
      { appId: 'a1', dataLimit: { kind: 'self', userId: 'u1' }, userTable: 'users' },
      { appId: 'a1', dataLimit: { kind: 'self', userId: 'u2' }, userTable: 'users' },
      { appId: 'a1', dataLimit: { kind: 'depts', userId: 'u1', deptIds: ['d1'] }, userTable: 'users' },
      { appId: 'a1', dataLimit: { kind: 'depts', userId: 'u1', deptIds: ['d2'] }, userTable: 'users' },
      { appId: 'a1', dataLimit: { kind: 'none' }, userTable: 'users' },
      { appId: 'a1', userTable: 'users' },
    ].map((scope) => shapeKey(ctx, info, scope as Scope, query));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps scope values apart whatever characters they hold', async () => {
    const info = table();
    const query = await parse({ showFields: ['title'] }, info);
    // Pairs that a plain join of the values (with or without separators) would confuse.
    const scopes: Scope[] = [
      { appId: 'a1', onlyIds: ['r1', 'r2'] },
      { appId: 'a1', onlyIds: ['r1r2'] },
      { appId: 'a1', onlyIds: ['r1,r2'] },
      { appId: 'a1', onlyIds: ['r1', 'r2', ''] },
      { appId: 'a1', onlyIds: [] },
      { appId: 'a1' },
      { appId: 'a1', onlyId: '' },
      { appId: 'a1-', userTable: 'u' },
      { appId: 'a1', userTable: '-u' },
      { appId: '2:a1', userTable: 'u' },
      { appId: 'a1', userTable: '2:u' },
      { appId: 'a1|u', onlyId: 'x' },
      { appId: 'a1', userTable: 'u', onlyId: 'x' },
    ];
    const keys = scopes.map((scope) => shapeKey(ctx, info, scope, query));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('differs for a table the registry rebuilt (a module save), even with the same columns', async () => {
    const before = table();
    const after = table();
    const body = { showFields: ['title'] };
    expect(shapeKey(ctx, after, base, await parse(body, after))).not.toBe(
      shapeKey(ctx, before, base, await parse(body, before)),
    );
  });

  it('differs for another rule, value count, empty bound, or a joined table seen with another scope', async () => {
    const info = table();
    const bodies = [
      { querys: [{ key: 'level', value: 'a', rule: 'EQUAL' }] },
      { querys: [{ key: 'level', value: 'a', rule: 'NO_EQUAL' }] },
      { querys: [{ key: 'level', value: 'a,b', rule: 'IN' }] },
      { querys: [{ key: 'level', value: 'a,b,c', rule: 'IN' }] },
      { querys: [{ key: 'score', value: [1, 2], rule: 'BETWEEN' }] },
      { querys: [{ key: 'score', value: [1, ''], rule: 'BETWEEN' }] },
      { querys: [{ key: 'score', value: ['', 2], rule: 'BETWEEN' }] },
    ];
    const keys = await Promise.all(bodies.map(async (b) => shapeKey(ctx, info, base, await parse(b, info))));
    expect(new Set(keys).size).toBe(keys.length);

    const other = makeTableInfo({ name: 'tag', physical: 'm_demo_tag', kind: 'module', columns: [], write: 'user' });
    const join = { leftJoins: [{ join: 'tag', on: 'title=id', showFields: ['id'] }] };
    const joined = await parse(join, info, other);
    const mine = shapeKey(
      context(() => ({ appId: 'a1', onlyId: 'u1' })),
      info,
      base,
      joined,
    );
    const theirs = shapeKey(
      context(() => ({ appId: 'a1', onlyId: 'u2' })),
      info,
      base,
      joined,
    );
    expect(mine).not.toBe(theirs);
  });
});

describe('compiled list plans', () => {
  it('compile a shape once and bind each request its own values (LIKE patterns, IN lists, pages)', async () => {
    const ctx = context();
    const info = table();
    await ctx.db.schema
      .createTable(info.physical)
      .addColumn('id', 'text')
      .addColumn('app_id', 'text')
      .addColumn('create_by', 'text')
      .addColumn('create_at', 'integer')
      .addColumn('update_by', 'text')
      .addColumn('update_at', 'integer')
      .addColumn('is_deleted', 'integer')
      .addColumn('title', 'text')
      .addColumn('level', 'text')
      .addColumn('score', 'integer')
      .execute();
    const rows = ['50% off', '50 pence', 'a_b', 'axb', 'plain'].map((title, i) => ({
      id: `r${i}`,
      app_id: i === 4 ? 'a2' : 'a1',
      create_at: i,
      is_deleted: 0,
      title,
      level: i % 2 ? 'vip' : 'normal',
      score: i,
    }));
    await ctx.db.insertInto(info.physical).values(rows).execute();
    const titles = async (body: Record<string, unknown>, scope: Scope = { appId: 'a1' }) => {
      const query = await parse({ showFields: ['title'], sorts: [{ key: 'score', order: 'asc' }], ...body }, info);
      return (await runListQuery(ctx, info, scope, query)).list.map((r) => r.title);
    };
    const like = (value: string) => ({ querys: [{ key: 'title', value, rule: 'LIKE' }] });

    expect(await titles(like('50%'))).toEqual(['50% off']);
    const plans = cachedPlans(ctx.db);
    expect(await titles(like('a_b'))).toEqual(['a_b']);
    expect(await titles(like('50'))).toEqual(['50% off', '50 pence']);
    expect(cachedPlans(ctx.db)).toBe(plans); // the same shape: no new plan
    expect(await titles(like('plain'))).toEqual([]); // another app's row
    expect(await titles(like('plain'), { appId: 'a2' })).toEqual(['plain']);

    const inList = (value: string) => ({ querys: [{ key: 'level', value, rule: 'IN' }] });
    expect(await titles(inList('vip,none'))).toEqual(['50 pence', 'axb']);
    expect(await titles(inList('normal,none'))).toEqual(['50% off', 'a_b']);
    const page = (current: number) => ({ isPage: true, pageSize: 1, current, skipCount: true });
    expect(await titles(page(2))).toEqual(['50 pence']);
    expect(await titles(page(4))).toEqual(['axb']);
  });

  it('keep at most PLAN_CACHE_SIZE shapes per database', () => {
    const { db } = context();
    let compiled = 0;
    for (let i = 0; i < PLAN_CACHE_SIZE + 10; i++) cachedPlan(db, `k${i}`, () => ++compiled);
    expect(cachedPlans(db)).toBe(PLAN_CACHE_SIZE);
    expect(cachedPlan(db, `k${PLAN_CACHE_SIZE + 9}`, () => ++compiled)).toBe(PLAN_CACHE_SIZE + 10); // cached
    expect(cachedPlan(db, 'k0', () => ++compiled)).toBe(PLAN_CACHE_SIZE + 11); // evicted, compiled again
  });
});
