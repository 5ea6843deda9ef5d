/**
 * Migrations, seeding, module tables and driver-error normalisation on each test database.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../server/db/create-db';
import { migrateToLatest, migrations } from '../../server/db/migrations/index';
import { seedApps } from '../../server/seed';
import { tableNames } from '../../server/db/tables';
import { toDataError } from '../../server/common/db-errors';
import { ApiError } from '../../server/errors';
import { makeTableInfo } from '../../server/modules/table-info';
import type { ModuleColumn } from '../../server/modules/columns';
import { systemTableInfos } from '../../server/modules/system-tables';
import { syncModuleTable, tableExists } from '../../server/modules/table-sync';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';
import demoTemplate from '../../schemas/apps/demo/app.json';

const PREFIX = 'tx_';
const t = tableNames(PREFIX);
const col = (name: string, type: ModuleColumn['type'], unique = false): ModuleColumn => ({
  name,
  type,
  unique,
  required: false,
});

async function columnsOf(db: Db, table: string): Promise<string[]> {
  const tables = await db.db.introspection.getTables();
  return (tables.find((x) => x.name === table)?.columns ?? []).map((c) => c.name).sort();
}

forEachDatabase((_name, makeDatabase) => {
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

  describe('migrations and seed', () => {
    it('migrates once, then has nothing left to apply', async () => {
      const all = Object.keys(migrations(PREFIX, db));
      expect(all[0]).toBe('0001-system-tables');
      expect(await migrateToLatest(db, PREFIX)).toEqual(all);
      expect(await migrateToLatest(db, PREFIX)).toEqual([]);
      for (const table of Object.values(t)) expect(await tableExists(db, table)).toBe(true);
    });

    it('has every column the common API registers for system tables, and no secret among them', async () => {
      for (const info of systemTableInfos(PREFIX).values()) {
        const actual = await columnsOf(db, info.physical);
        for (const column of info.columns.keys()) expect(actual, `${info.physical}.${column}`).toContain(column);
        expect([...info.columns.keys()]).not.toContain('password_hash');
      }
    });

    it('seeds the demo app once', async () => {
      expect(await seedApps(db, PREFIX)).toEqual(['demo']);
      const count = async (table: string) =>
        Number(
          (
            await db.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = {
        users: await count(t.user),
        menus: await count(t.menu),
        rows: await count('m_demo_customer'),
        dicts: await count(t.dict),
      };
      expect(before).toEqual({
        users: demoTemplate.users.length,
        menus: demoTemplate.menus.length,
        rows: 50,
        dicts: Object.values(demoTemplate.dicts).flat().length,
      });
      expect(await seedApps(db, PREFIX)).toEqual([]);
      expect({
        users: await count(t.user),
        menus: await count(t.menu),
        rows: await count('m_demo_customer'),
        dicts: await count(t.dict),
      }).toEqual(before);
      const app = await db.db.selectFrom(t.app).selectAll().executeTakeFirstOrThrow();
      expect(app).toMatchObject({ identify: 'demo', title: 'Tessera 演示应用', encrypt: 1 });
      expect(app.public_key).toMatch(/^04[0-9a-f]{128}$/);
      expect(app.private_key).toMatch(/^[0-9a-f]{64}$/);
      const admin = await db.db.selectFrom(t.user).selectAll().executeTakeFirstOrThrow();
      expect(admin).toMatchObject({ account: 'admin', mobile: '13800000000', name: '管理员', status: 1 });
      expect(admin.password_hash).toMatch(/^scrypt\$/);
      const names = await db.db.selectFrom('m_demo_customer').select('name').execute();
      expect(names.every((r) => /[\u4e00-\u9fff]/.test(r.name))).toBe(true);
    });
  });

  describe('module tables', () => {
    const table = 'm_zz_items';

    it('creates the table, adds new columns, and never drops one', async () => {
      const first = await syncModuleTable(db, table, [col('title', 'string', true), col('qty', 'integer')]);
      expect(first).toEqual({ created: true, addedColumns: ['title', 'qty'] });
      const second = await syncModuleTable(db, table, [
        col('title', 'string', true),
        col('note', 'text'),
        col('due', 'time'),
        col('ok', 'boolean'),
      ]);
      expect(second).toEqual({ created: false, addedColumns: ['note', 'due', 'ok'] });
      const columns = await columnsOf(db, table);
      for (const name of [
        'id',
        'app_id',
        'create_by',
        'create_at',
        'update_by',
        'update_at',
        'is_deleted',
        'title',
        'qty',
        'note',
        'due',
        'ok',
      ]) {
        expect(columns).toContain(name);
      }
      expect(await syncModuleTable(db, table, [col('title', 'string', true)])).toEqual({
        created: false,
        addedColumns: [],
      });
    });

    it('stores large text, big timestamps and doubles faithfully', async () => {
      const big = '长'.repeat(70_000);
      await db.db
        .insertInto(table)
        .values({ id: 'big', app_id: 'a', create_at: 1, update_at: 1, title: 'big', note: big, due: 4_102_444_800_000 })
        .execute();
      const row = await db.db
        .selectFrom(table)
        .select(['note', 'due'])
        .where('id', '=', 'big')
        .executeTakeFirstOrThrow();
      expect(row.note).toBe(big);
      expect(row.due).toBe(4_102_444_800_000);
    });

    it('keeps unique values unique among live rows only, and names the field in the error', async () => {
      const row = (id: string, deleted = 0) => ({
        id,
        app_id: 'a',
        create_at: 1,
        update_at: 1,
        title: 'same',
        is_deleted: deleted,
      });
      await db.db.insertInto(table).values(row('r1', 1)).execute();
      await db.db.insertInto(table).values(row('r2')).execute();
      const error = await db.db
        .insertInto(table)
        .values(row('r3'))
        .execute()
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      const info = makeTableInfo({
        name: 'items',
        physical: table,
        kind: 'module',
        columns: [{ name: 'title', type: 'string', unique: true }],
        write: 'user',
      });
      const mapped = toDataError(error, db, info, { title: 'same' });
      expect(mapped).toBeInstanceOf(ApiError);
      expect(mapped).toMatchObject({
        code: 'P5003',
        key: 'server.duplicateEntry',
        vars: { value: 'same', field: 'title' },
      });
      // Without the row at hand, the field still comes from the driver's error.
      expect(toDataError(error, db, info)).toMatchObject({ vars: { field: 'title' } });
    });

    it('recognises a missing table', async () => {
      const error = await sql`select * from ${sql.table('m_zz_missing')}`.execute(db.db).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(db.spec.classifyError(error)).toEqual({ kind: 'missingTable', table: 'm_zz_missing' });
    });
  });
});
