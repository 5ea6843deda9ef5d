/**
 * resource: the file library of one app (issue 16 item 5, docs/resource.md). One row per folder or
 * file; `parent_id` is the folder it sits in (NULL = the library's root). A file row points at its
 * bytes' row in the file table (`file_id`, the storage key of migration 0002), so downloads and
 * previews go through the file API's own route. Soft delete like every record table, plus
 * `deleted_at`: the one timestamp shared by a folder and everything deleted with it, so a restore
 * brings back exactly that batch.
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectSpec } from '../dialects/types';

export const resourceTable = (prefix: string) => `${prefix}resource`;

export function resources(prefix: string, spec: DialectSpec): Migration {
  const table = resourceTable(prefix);
  return {
    async up(db: Kysely<any>) {
      const builder = db.schema.createTable(table);
      await (spec.tableOptions ? builder.modifyEnd(spec.tableOptions) : builder)
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('create_by', 'varchar(32)')
        .addColumn('create_at', 'bigint', (c) => c.notNull())
        .addColumn('update_by', 'varchar(32)')
        .addColumn('update_at', 'bigint', (c) => c.notNull())
        .addColumn('is_deleted', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('deleted_at', 'bigint')
        .addColumn('parent_id', 'varchar(32)')
        .addColumn('kind', 'varchar(8)', (c) => c.notNull())
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('file_id', 'varchar(32)')
        .addColumn('ext', 'varchar(16)')
        .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex(`ix_${table}_parent`.slice(0, 60))
        .on(table)
        .columns(['app_id', 'parent_id'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable(table).execute();
    },
  };
}
