/**
 * schema_sync_journal (issue 20 item 4, docs/reliability.md "kill -9 mid-schema-save"): where DDL
 * commits on its own (MySQL/MariaDB), a module save records here, before each table change, the
 * inverse steps of what it has applied so far; the row is deleted in the same transaction as the
 * version row. A row left behind means a save died midway: server/schema-store/journal.ts undoes it.
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectSpec } from '../dialects/types';

export const schemaSyncJournalTable = (prefix: string) => `${prefix}schema_sync_journal`;

export function schemaSyncJournal(prefix: string, spec: DialectSpec): Migration {
  const table = schemaSyncJournalTable(prefix);
  return {
    async up(db: Kysely<any>) {
      const builder = db.schema.createTable(table);
      await (spec.tableOptions ? builder.modifyEnd(spec.tableOptions) : builder)
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('module_id', 'varchar(32)', (c) => c.notNull())
        // The save's named lock: a live save holds it, so a row whose lock is free is a dead save's.
        .addColumn('lock_key', 'varchar(255)', (c) => c.notNull())
        .addColumn('table_name', 'varchar(128)', (c) => c.notNull())
        .addColumn('steps', spec.bigText, (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
