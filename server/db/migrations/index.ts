/**
 * Schema migrations through Kysely's Migrator with an in-code provider: migrations are ordinary
 * modules (bundled, type-checked), named so that they sort in order. Kysely's own bookkeeping
 * tables carry the prefix too.
 */
import { Migrator, type Migration } from 'kysely';
import type { Db } from '../create-db';
import { systemTables } from './0001-system-tables';
import { files } from './0002-files';
import { userPrefs } from './0003-user-prefs';
import { roleDataScope } from './0004-role-data-scope';
import { shellAuth } from './0004-shell-auth';
import { importTemplates } from './0005-import-template';
import { qrKey } from './0006-qr-key';
import { ipAllowList } from './0007-ip-allow-list';
import { schemaStore } from './0008-schema-store';
import { envelopeNonces } from './0009-envelope-nonces';
import { userMustChangePassword } from './0010-user-must-change-password';

export function migrations(prefix: string, db: Db): Record<string, Migration> {
  return {
    '0001-system-tables': systemTables(prefix, db.spec),
    '0002-files': files(prefix, db.spec),
    '0003-user-prefs': userPrefs(prefix, db.spec),
    '0004-role-data-scope': roleDataScope(prefix),
    '0004-shell-auth': shellAuth(prefix, db.spec),
    '0005-import-template': importTemplates(prefix, db.spec),
    '0006-qr-key': qrKey(prefix),
    '0007-ip-allow-list': ipAllowList(prefix),
    '0008-schema-store': schemaStore(prefix, db.spec),
    '0009-envelope-nonces': envelopeNonces(prefix),
    '0010-user-must-change-password': userMustChangePassword(prefix),
  };
}

export async function migrateToLatest(db: Db, prefix: string): Promise<string[]> {
  const migrator = new Migrator({
    db: db.db,
    provider: { getMigrations: async () => migrations(prefix, db) },
    migrationTableName: `${prefix}migration`,
    migrationLockTableName: `${prefix}migration_lock`,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(
      `Database migration ${failed ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
