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
import { dictLabelEn } from './0011-dict-label-en';
import { dictTypes } from './0012-dict-types';
import { logs } from './0013-logs';
import { sysSettings } from './0014-sys-settings';
import { apiSources } from './0015-api-sources';
import { taskLease } from './0017-task-lease';
import { smsAdmin } from './0018-sms-admin';
import { resources } from './0019-resources';
import { documents } from './0020-documents';
import { aiModels } from './0022-ai-models';
import { schemaSyncJournal } from './0023-schema-sync-journal';
import { aiChat } from './0024-ai-chat';
import { aiAppGeneration } from './0029-ai-app-generation';
import { aiImage } from './0028-ai-image';
import { aiBilling } from './0027-ai-billing';

export function migrations(prefix: string, db: Db): Record<string, Migration> {
  const all: Record<string, Migration> = {
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
    '0011-dict-label-en': dictLabelEn(prefix),
    '0012-dict-types': dictTypes(prefix, db.spec),
    '0013-logs': logs(prefix, db.spec),
    '0014-sys-settings': sysSettings(prefix, db.spec),
    '0015-api-sources': apiSources(prefix, db.spec),
    '0017-task-lease': taskLease(prefix, db.spec),
    '0018-sms-admin': smsAdmin(prefix, db.spec),
    '0019-resources': resources(prefix, db.spec),
    '0020-documents': documents(prefix, db.spec),
    '0022-ai-models': aiModels(prefix, db.spec),
    '0023-schema-sync-journal': schemaSyncJournal(prefix, db.spec),
    '0024-ai-chat': aiChat(prefix, db.spec),
    '0029-ai-app-generation': aiAppGeneration(prefix, db.spec),
    '0028-ai-image': aiImage(prefix, db.spec),
    '0027-ai-billing': aiBilling(prefix, db.spec),
  };
  // In name order whatever order features were merged in: the Migrator runs them in that order and
  // callers (tests, readiness) list them the same way.
  return Object.fromEntries(Object.entries(all).sort(([a], [b]) => a.localeCompare(b)));
}

function migrator(db: Db, prefix: string): Migrator {
  return new Migrator({
    db: db.db,
    provider: { getMigrations: async () => migrations(prefix, db) },
    migrationTableName: `${prefix}migration`,
    migrationLockTableName: `${prefix}migration_lock`,
    // Features land in parallel with their own numbers; a database that already ran a later one
    // (a developer's, between two merges) still runs an earlier one it lacks. Each migration only
    // adds its own tables and columns, so their order across features does not matter.
    allowUnorderedMigrations: true,
  });
}

/** Names of the migrations this code knows that the database has not run (readiness, /api/ready). */
export async function pendingMigrations(db: Db, prefix: string): Promise<string[]> {
  const known = await migrator(db, prefix).getMigrations();
  return known.filter((m) => m.executedAt === undefined).map((m) => m.name);
}

export async function migrateToLatest(db: Db, prefix: string): Promise<string[]> {
  const { error, results } = await migrator(db, prefix).migrateToLatest();
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
