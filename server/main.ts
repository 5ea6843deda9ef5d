/**
 * Starts the server: configuration, migrations, first-start seed, listen. A bad configuration
 * prints its message and exits 1 before anything is opened.
 */
import { buildApp } from './app';
import { ConfigError, loadConfig, redactUrl, type Config } from './config';
import { createDb } from './db/create-db';
import { migrateToLatest } from './db/migrations/index';
import { recoverSchemaSyncs } from './schema-store/journal';
import { seedApps } from './seed';

/** How long a stopping instance waits for requests in flight before it exits anyway. */
const SHUTDOWN_TIMEOUT_MS = 20_000;

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  const db = createDb(config.databaseUrl, config.dbPool);
  const applied = await migrateToLatest(db, config.tablePrefix);
  // Before listening: a module save killed midway (MySQL commits DDL) is undone from its journal.
  const recovered = await recoverSchemaSyncs(db, config.tablePrefix);
  const seeded = await seedApps(db, config.tablePrefix);
  // WEB_DIST_DIR: where the built web app lives (default dist/); lets parallel e2e runs use their own build.
  const app = await buildApp({ config, db, distDir: process.env.WEB_DIST_DIR || undefined });
  if (applied.length) app.log.info({ migrations: applied }, 'database migrated');
  if (seeded.length) app.log.info({ apps: seeded }, 'apps seeded');
  for (const save of recovered)
    app.log.warn(
      { appId: save.appId, moduleId: save.moduleId, table: save.table, undone: save.undone },
      'schema save died midway: its table changes were undone (the stored schema is unchanged)',
    );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // app.close(): new connections refused, requests in flight finished, event streams closed
    // (clients reconnect to another instance by their retry hint). A request that never ends must
    // not keep a draining instance alive past what a balancer's deploy waits for.
    setTimeout(() => {
      app.log.error({ signal, afterMs: SHUTDOWN_TIMEOUT_MS }, 'shutdown timed out: exiting with requests still open');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    try {
      await app.close();
    } finally {
      await db.destroy();
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  console.log(`Tessera is listening on ${address} (database ${redactUrl(config.databaseUrl)})`);
  console.log(`Demo app: ${address}/demo — sign in as admin / Tessera@2026`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
