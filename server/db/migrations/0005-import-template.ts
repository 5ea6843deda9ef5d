/**
 * import_template: a named field list for spreadsheet imports (building-blocks §6: an import
 * dialog sends importTemplateId or the fields themselves). A record table (audit columns, soft
 * delete) reachable by admins as `{prefix}import_template`. `fields` is JSON text:
 * [{ key, title, required?, selectItems? }]. Also adds module_version.diff, the JSON summary of
 * what a module save changed (server/modules/save.ts).
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectSpec } from '../dialects/types';
import { tableNames } from '../tables';

export const importTemplateTable = (prefix: string) => `${prefix}import_template`;

export function importTemplates(prefix: string, spec: DialectSpec): Migration {
  const table = importTemplateTable(prefix);
  const versions = tableNames(prefix).module_version;
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
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('table_name', 'varchar(255)', (c) => c.notNull())
        .addColumn('fields', spec.bigText)
        .execute();
      await db.schema.createIndex(`ix_${table}_app_id`.slice(0, 60)).on(table).columns(['app_id']).execute();
      await db.schema.alterTable(versions).addColumn('diff', spec.bigText).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable(versions).dropColumn('diff').execute();
      await db.schema.dropTable(table).execute();
    },
  };
}
