/**
 * Issue 4 (docs/auth.md): SMS codes (security bookkeeping: no audit columns, purged when old), the
 * complete-info record `customer` and the to-do items `todo` (record tables), and the app's
 * client-protection switch `protect` (on unless an admin turns it off).
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectSpec } from '../dialects/types';

export const authTables = (prefix: string) => ({
  sms_code: `${prefix}sms_code`,
  customer: `${prefix}customer`,
  todo: `${prefix}todo`,
  app: `${prefix}app`,
});

export function shellAuth(prefix: string, spec: DialectSpec): Migration {
  const t = authTables(prefix);
  const create = (db: Kysely<any>, name: string) => {
    const builder = db.schema.createTable(name);
    return spec.tableOptions ? builder.modifyEnd(spec.tableOptions) : builder;
  };
  const record = (db: Kysely<any>, name: string) =>
    create(db, name)
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('create_by', 'varchar(32)')
      .addColumn('create_at', 'bigint', (c) => c.notNull())
      .addColumn('update_by', 'varchar(32)')
      .addColumn('update_at', 'bigint', (c) => c.notNull())
      .addColumn('is_deleted', 'smallint', (c) => c.notNull().defaultTo(0));
  const index = (db: Kysely<any>, table: string, columns: string[]) =>
    db.schema
      .createIndex(`ix_${table}_${columns.join('_')}`.slice(0, 60))
      .on(table)
      .columns(columns)
      .execute();

  return {
    async up(db) {
      await create(db, t.sms_code)
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('mobile', 'varchar(32)', (c) => c.notNull())
        .addColumn('scene', 'varchar(16)', (c) => c.notNull())
        .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('ip_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('failures', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('used', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await index(db, t.sms_code, ['app_id', 'mobile', 'created_at']);
      await index(db, t.sms_code, ['ip_hash', 'created_at']);

      await record(db, t.customer)
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('biz_type', 'varchar(255)', (c) => c.notNull())
        .addColumn('role_type', 'varchar(255)', (c) => c.notNull())
        .addColumn('dev_team', 'varchar(64)', (c) => c.notNull())
        .execute();
      await index(db, t.customer, ['app_id', 'create_by']);

      await record(db, t.todo)
        .addColumn('title', 'varchar(255)')
        .addColumn('assignee_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('link', 'text')
        .execute();
      await index(db, t.todo, ['app_id', 'assignee_id', 'status']);

      await db.schema
        .alterTable(t.app)
        .addColumn('protect', 'smallint', (c) => c.notNull().defaultTo(1))
        .execute();
    },
  };
}
