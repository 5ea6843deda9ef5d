/**
 * api_source: an app's REST data sources (issue 16 item 4, docs/api-sources.md): where to call
 * (base_url, method, headers, query/body templates), how to sign in (auth_type none / bearer /
 * basic / apiKey; auth_secret is sealed by server/secrets and never leaves the server), how to read
 * the answer (rows_path, total_path) and how long to wait (timeout_ms). Configuration rather than
 * records: removed for good (no soft delete), so the name is unique per app with a plain index on
 * all three dialects. Texts that hold JSON are `bigText`.
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectSpec } from '../dialects/types';

export const apiSourceTable = (prefix: string) => `${prefix}api_source`;

export function apiSources(prefix: string, spec: DialectSpec): Migration {
  const table = apiSourceTable(prefix);
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
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('title', 'varchar(128)', (c) => c.notNull())
        .addColumn('base_url', 'varchar(2048)', (c) => c.notNull())
        .addColumn('method', 'varchar(8)', (c) => c.notNull())
        .addColumn('headers', spec.bigText)
        .addColumn('query_template', spec.bigText)
        .addColumn('body_template', spec.bigText)
        .addColumn('auth_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('auth_name', 'varchar(128)')
        .addColumn('auth_in', 'varchar(8)')
        .addColumn('auth_secret', spec.bigText)
        .addColumn('rows_path', 'varchar(256)')
        .addColumn('total_path', 'varchar(256)')
        .addColumn('timeout_ms', 'integer', (c) => c.notNull())
        .addColumn('shared', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('remark', 'varchar(500)')
        .execute();
      await db.schema
        .createIndex(`ux_${table}_app_name`.slice(0, 60))
        .on(table)
        .columns(['app_id', 'name'])
        .unique()
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable(table).execute();
    },
  };
}
