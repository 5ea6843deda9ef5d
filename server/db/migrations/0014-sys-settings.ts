/**
 * Issue 16 item 3, the system settings page (docs/settings.md):
 * - `settings`: one row per app, its settings as JSON text (protocol/settings.ts reads it; keys
 *   missing from it take their defaults, so an app nobody configured keeps the old behaviour);
 * - `password_history`: scrypt hashes of a user's previous passwords, for the "not one of your
 *   last N" rule (never the passwords);
 * - user.password_changed_at: when the password was last set, for the expiry rule (null: the
 *   user's create_at counts).
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectSpec } from '../dialects/types';
import { tableNames } from '../tables';

export const settingsTables = (prefix: string) => ({
  settings: `${prefix}settings`,
  password_history: `${prefix}password_history`,
});

export function sysSettings(prefix: string, spec: DialectSpec): Migration {
  const t = settingsTables(prefix);
  const user = tableNames(prefix).user;
  const create = (db: Kysely<any>, name: string) => {
    const builder = db.schema.createTable(name);
    return spec.tableOptions ? builder.modifyEnd(spec.tableOptions) : builder;
  };
  return {
    async up(db) {
      await create(db, t.settings)
        .addColumn('app_id', 'varchar(32)', (c) => c.primaryKey())
        // The QR picture may be a data URL (up to 512 KB): MySQL's text stops at 64 KB.
        .addColumn('settings', spec.bigText)
        .addColumn('update_by', 'varchar(32)')
        .addColumn('update_at', 'bigint', (c) => c.notNull())
        .execute();
      await create(db, t.password_history)
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex(`ix_${t.password_history}_user`.slice(0, 60))
        .on(t.password_history)
        .columns(['app_id', 'user_id', 'created_at'])
        .execute();
      await db.schema.alterTable(user).addColumn('password_changed_at', 'bigint').execute();
    },
    async down(db) {
      await db.schema.alterTable(user).dropColumn('password_changed_at').execute();
      await db.schema.dropTable(t.password_history).execute();
      await db.schema.dropTable(t.settings).execute();
    },
  };
}
