/**
 * user_pref: small per-user settings the UI saves on the server so they follow the user to another
 * browser (column show/hide of a list, building-blocks §2). One row per (app, user, key); the value
 * is JSON text capped at 16 KB by the API. Not a record table: no audit columns, no soft delete.
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectSpec } from '../dialects/types';

export const userPrefTable = (prefix: string) => `${prefix}user_pref`;

export function userPrefs(prefix: string, spec: DialectSpec): Migration {
  const table = userPrefTable(prefix);
  return {
    async up(db: Kysely<any>) {
      const builder = db.schema.createTable(table);
      await (spec.tableOptions ? builder.modifyEnd(spec.tableOptions) : builder)
        .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('pref_key', 'varchar(128)', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('update_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint(`pk_${table}`.slice(0, 60), ['app_id', 'user_id', 'pref_key'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable(table).execute();
    },
  };
}
