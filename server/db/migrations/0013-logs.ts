/**
 * The log page's tables (issue 16 item 2, docs/logs.md). The operation log is the existing
 * audit_log, widened: before/after values (JSON, secrets redacted), a readable field-by-field
 * diff (URI-encoded markdown, the markdown widget's stored form), user agent and request id.
 * signin_log is new: one row per sign-in attempt (account, method, success, reason key), never a
 * password or code. Both are record tables, so the common list API reads them scoped to the app.
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectSpec } from '../dialects/types';
import { tableNames } from '../tables';

export function logs(prefix: string, spec: DialectSpec): Migration {
  const t = tableNames(prefix);
  return {
    async up(db: Kysely<any>) {
      for (const column of ['before_data', 'after_data', 'changes'])
        await db.schema.alterTable(t.audit_log).addColumn(column, spec.bigText).execute();
      await db.schema.alterTable(t.audit_log).addColumn('user_agent', 'varchar(512)').execute();
      await db.schema.alterTable(t.audit_log).addColumn('request_id', 'varchar(64)').execute();

      const builder = db.schema.createTable(t.signin_log);
      await (spec.tableOptions ? builder.modifyEnd(spec.tableOptions) : builder)
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('create_by', 'varchar(32)')
        .addColumn('create_at', 'bigint', (c) => c.notNull())
        .addColumn('update_by', 'varchar(32)')
        .addColumn('update_at', 'bigint', (c) => c.notNull())
        .addColumn('is_deleted', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('user_id', 'varchar(32)')
        .addColumn('account', 'varchar(64)')
        .addColumn('method', 'varchar(16)', (c) => c.notNull())
        .addColumn('success', 'smallint', (c) => c.notNull())
        .addColumn('reason', 'varchar(64)')
        .addColumn('ip', 'varchar(64)')
        .addColumn('user_agent', 'varchar(512)')
        .execute();
      await db.schema
        .createIndex(`ix_${t.signin_log}_app_create_at`.slice(0, 60))
        .on(t.signin_log)
        .columns(['app_id', 'create_at'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable(t.signin_log).execute();
      for (const column of ['request_id', 'user_agent', 'changes', 'after_data', 'before_data'])
        await db.schema.alterTable(t.audit_log).dropColumn(column).execute();
    },
  };
}
