/**
 * Starts the server: configuration, migrations, first-start seed, listen. A bad configuration
 * prints its message and exits 1 before anything is opened.
 */
import { buildApp } from './app';
import { ConfigError, loadConfig, redactUrl, type Config } from './config';
import { createDb } from './db/create-db';
import { migrateToLatest } from './db/migrations/index';
import { seedApps } from './db/seed';

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

  const db = createDb(config.databaseUrl);
  const applied = await migrateToLatest(db, config.tablePrefix);
  const seeded = await seedApps(db, config.tablePrefix);
  // WEB_DIST_DIR: where the built web app lives (default dist/); lets parallel e2e runs use their own build.
  const app = await buildApp({ config, db, distDir: process.env.WEB_DIST_DIR || undefined });
  if (applied.length) app.log.info({ migrations: applied }, 'database migrated');
  if (seeded.length) app.log.info({ apps: seeded }, 'apps seeded');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
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
