/**
 * The doc page's table (issue 16 item 8, docs/documents.md): a tree of markdown documents per app.
 * `body` is the markdown as the admin wrote it (cleaned on write), `html` its sanitized rendering
 * made on write (what the readme serves); `is_readme` marks the app's one readme (kept unique by
 * the store in a transaction), `is_public` lets every signed-in user of the app read the document
 * from the readme page. Soft delete like every record table.
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectSpec } from '../dialects/types';

export const documentTable = (prefix: string) => `${prefix}document`;

export function documents(prefix: string, spec: DialectSpec): Migration {
  const table = documentTable(prefix);
  return {
    async up(db: Kysely<any>) {
      const builder = db.schema.createTable(table);
      await (spec.tableOptions ? builder.modifyEnd(spec.tableOptions) : builder)
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('parent_id', 'varchar(32)')
        .addColumn('title', 'varchar(120)', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('body', spec.bigText)
        .addColumn('html', spec.bigText)
        .addColumn('is_readme', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('is_public', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('create_by', 'varchar(32)')
        .addColumn('create_at', 'bigint', (c) => c.notNull())
        .addColumn('update_by', 'varchar(32)')
        .addColumn('update_at', 'bigint', (c) => c.notNull())
        .addColumn('is_deleted', 'smallint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex(`ix_${table}_app`.slice(0, 60))
        .on(table)
        .columns(['app_id', 'is_deleted', 'parent_id'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable(table).execute();
    },
  };
}
