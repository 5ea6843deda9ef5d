/**
 * file: one row per uploaded file. The id is the server-generated storage key (the download URL's
 * last segment); the client's original name is kept only here, for the download's filename.
 * A record table (app_id, audit columns, soft delete) so tenancy works like everywhere else.
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectSpec } from '../dialects/types';

export const fileTable = (prefix: string) => `${prefix}file`;

export function files(prefix: string, spec: DialectSpec): Migration {
  const table = fileTable(prefix);
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
        .addColumn('ext', 'varchar(16)', (c) => c.notNull())
        .addColumn('mime', 'varchar(128)', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('storage', 'varchar(16)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex(`ix_${table}_app_id`.slice(0, 60)).on(table).column('app_id').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable(table).execute();
    },
  };
}
