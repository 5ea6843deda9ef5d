/**
 * One save per schema at a time. SQLite and PostgreSQL run the whole save in one transaction
 * (PostgreSQL also locks the head row, so a racing save waits and then sees the new version);
 * MySQL commits DDL, so there a named lock (GET_LOCK) on one connection serialises saves of the
 * same schema across every instance, and the save runs its table work and metadata on that
 * connection.
 */
import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/create-db';
import { ApiError } from '../errors';
import { ResultCode } from '../../protocol/codes';

export const LOCK_WAIT_SECONDS = 10;

/** The named lock of one schema (MySQL); journal.ts takes it too, to tell a dead save from a live one. */
export const schemaLockName = (key: string) => `tessera_schema_${key}`.slice(0, 64);

export async function underSchemaLock<T>(db: Db, key: string, run: (trx: Kysely<any>) => Promise<T>): Promise<T> {
  if (db.spec.transactionalDdl) return db.db.transaction().execute(run);
  return db.db.connection().execute(async (conn) => {
    const name = schemaLockName(key);
    const { rows } = await sql<{ got: number }>`select get_lock(${name}, ${LOCK_WAIT_SECONDS}) as got`.execute(conn);
    if (Number(rows[0]?.got) !== 1) throw new ApiError(ResultCode.DATA_ERROR, 'error.dataOperation');
    try {
      return await run(conn);
    } finally {
      await sql`select release_lock(${name})`.execute(conn);
    }
  });
}
