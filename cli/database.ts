/**
 * Opens the configured database the way the server does (DATABASE_URL, TABLE_PREFIX through
 * server/config.ts), for the commands that work directly on it. Migrations are not run here: the
 * server owns the schema; a database the server never started on is reported, not created.
 */
import { loadConfig } from '../server/config';
import { createDb, type Db } from '../server/db/create-db';
import { tableNames, type TableNames } from '../server/db/tables';
import { CliError } from './args';

export interface OpenDatabase {
  db: Db;
  tables: TableNames;
  prefix: string;
}

export async function withDatabase<T>(databaseUrl: string | undefined, work: (open: OpenDatabase) => Promise<T>) {
  let config;
  try {
    config = loadConfig({ ...process.env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  } catch (error) {
    throw new CliError((error as Error).message, 2);
  }
  const db = createDb(config.databaseUrl);
  try {
    return await work({ db, tables: tableNames(config.tablePrefix), prefix: config.tablePrefix });
  } finally {
    await db.destroy();
  }
}

/** The app's id by its identifier, or a clear error. */
export async function appIdOf({ db, tables }: OpenDatabase, identify: string): Promise<string> {
  let row;
  try {
    row = await db.db.selectFrom(tables.app).select('id').where('identify', '=', identify).executeTakeFirst();
  } catch (error) {
    throw new CliError(
      `cannot read the apps table (has the server started on this database?): ${(error as Error).message}`,
    );
  }
  if (!row) throw new CliError(`no app "${identify}"`);
  return row.id as string;
}
