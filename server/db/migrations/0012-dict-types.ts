/**
 * Dictionary types get their own table (docs/dict.md "Types are rows of their own table"): code,
 * title zh/en and status, unique per app among live rows, so the dict page lists dictionaries
 * that have no items yet and a type's title is stored once, not on every item. Items (the `dict`
 * table) gain `tag` (the colour / tag style a cell shows) and `enabled` (0: kept for reading stored
 * values, not offered for new choices). A type row is created for every dictionary code already
 * in use, so older dictionaries appear on the page.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectSpec } from '../dialects/types';
import { tableNames, uniqueIndexName } from '../tables';

export function dictTypes(prefix: string, spec: DialectSpec): Migration {
  const t = tableNames(prefix);
  return {
    async up(db: Kysely<any>) {
      const builder = db.schema.createTable(t.dict_type);
      await (spec.tableOptions ? builder.modifyEnd(spec.tableOptions) : builder)
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('create_by', 'varchar(32)')
        .addColumn('create_at', 'bigint', (c) => c.notNull())
        .addColumn('update_by', 'varchar(32)')
        .addColumn('update_at', 'bigint', (c) => c.notNull())
        .addColumn('is_deleted', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('code', 'varchar(64)', (c) => c.notNull())
        .addColumn('title', 'varchar(255)')
        .addColumn('title_en', 'varchar(255)')
        .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
        .addColumn('remark', 'varchar(500)')
        .execute();
      await spec.ensureLiveUniqueIndex(db, t.dict_type, uniqueIndexName(t.dict_type, 'code'), ['app_id', 'code']);
      await db.schema.alterTable(t.dict).addColumn('tag', 'varchar(32)').execute();
      await db.schema
        .alterTable(t.dict)
        .addColumn('enabled', 'smallint', (c) => c.notNull().defaultTo(1))
        .execute();

      const codes = await db
        .selectFrom(t.dict)
        .select(['app_id', 'dict_code'])
        .where('is_deleted', '=', 0)
        .groupBy(['app_id', 'dict_code'])
        .execute();
      const now = Date.now();
      for (const [index, row] of codes.entries()) {
        await db
          .insertInto(t.dict_type)
          .values({
            // Not newId(): a migration is frozen and must not depend on the id scheme of the day.
            id: `dt${now.toString(36)}${index.toString(36).padStart(4, '0')}`,
            app_id: row.app_id,
            create_at: now,
            update_at: now,
            is_deleted: 0,
            code: row.dict_code,
            title: row.dict_code,
            status: 1,
          })
          .execute();
      }
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable(t.dict).dropColumn('enabled').execute();
      await db.schema.alterTable(t.dict).dropColumn('tag').execute();
      await sql`drop table ${sql.table(t.dict_type)}`.execute(db);
    },
  };
}
