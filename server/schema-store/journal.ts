/**
 * The schema-sync journal (docs/reliability.md "kill -9 mid-schema-save"). MySQL/MariaDB commit
 * each DDL statement on its own, so a module save killed between its table changes and its version
 * row would leave the table ahead of the stored schema (a column the schema does not know, or a
 * renamed one it cannot find). There, the save keeps one journal row holding the inverses of the
 * changes it made so far, written before each change (write-ahead) and deleted in the same
 * transaction as the version row. A row left behind is a save that died midway: its inverses are
 * run newest first (each one idempotent, apply.ts runUndo) and the row deleted, which gives back
 * the old schema and table, consistent. SQLite and PostgreSQL need none of this: the whole save is
 * one transaction, which a kill rolls back.
 *
 * Which rows are dead: a live save holds its schema's named lock (lock.ts, GET_LOCK) for its whole
 * run, and the database frees it when the save's connection closes. Recovery takes the lock
 * first; a row whose lock stays held belongs to a running save on another instance and is left
 * alone. Recovery runs when a server starts (before it listens) and, for its own module, at
 * the start of every save (so an instance that never restarts still heals its module).
 */
import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/create-db';
import { newId } from '../db/ids';
import { schemaSyncJournalTable } from '../db/migrations/0023-schema-sync-journal';
import { runUndo, type JournalWrite, type UndoStep } from './apply';
import { LOCK_WAIT_SECONDS, schemaLockName } from './lock';

export interface JournalEntry {
  appId: string;
  moduleId: string;
  lockKey: string;
  table: string;
}

export interface Recovered {
  id: string;
  appId: string;
  moduleId: string;
  table: string;
  /** The inverses that were run (those whose change was not there were skipped inside runUndo). */
  undone: UndoStep[];
}

/**
 * Opens a journal row for a save on `conn` (autocommit, outside any transaction) and answers the
 * writer apply.ts calls before each change, plus the row's id (deleted with the version row).
 */
export async function openJournal(
  conn: Kysely<any>,
  prefix: string,
  entry: JournalEntry,
  now: number,
): Promise<{ id: string; write: JournalWrite }> {
  const table = schemaSyncJournalTable(prefix);
  const id = newId();
  let opened = false;
  const write: JournalWrite = async (pending) => {
    const steps = JSON.stringify(pending);
    if (opened) {
      await conn.updateTable(table).set({ steps }).where('id', '=', id).execute();
      return;
    }
    await conn
      .insertInto(table)
      .values({
        id,
        app_id: entry.appId,
        module_id: entry.moduleId,
        lock_key: entry.lockKey,
        table_name: entry.table,
        steps,
        created_at: now,
      })
      .execute();
    opened = true;
  };
  return { id, write };
}

export async function closeJournal(conn: Kysely<any>, prefix: string, id: string): Promise<void> {
  await conn.deleteFrom(schemaSyncJournalTable(prefix)).where('id', '=', id).execute();
}

interface Row {
  id: string;
  app_id: string;
  module_id: string;
  table_name: string;
  steps: string;
}

/** Undoes one dead save's changes (newest first) and deletes its row, on `conn`. */
async function undoRow(conn: Kysely<any>, db: Db, prefix: string, row: Row): Promise<Recovered> {
  const steps = JSON.parse(row.steps) as UndoStep[];
  for (const step of [...steps].reverse()) await runUndo(conn, db, row.table_name, step);
  await closeJournal(conn, prefix, row.id);
  return { id: row.id, appId: row.app_id, moduleId: row.module_id, table: row.table_name, undone: steps };
}

/**
 * Recovers the rows of `lockKey` on `conn`, which already holds that schema's lock (the save's own
 * connection or transaction, at its start). Saves write rows only where DDL is not transactional,
 * but recovery runs the same on every database (one indexed read when there is nothing to do).
 */
export async function recoverLocked(conn: Kysely<any>, db: Db, prefix: string, lockKey: string): Promise<Recovered[]> {
  const rows = (await conn
    .selectFrom(schemaSyncJournalTable(prefix))
    .select(['id', 'app_id', 'module_id', 'table_name', 'steps'])
    .where('lock_key', '=', lockKey)
    .orderBy('created_at')
    .execute()) as Row[];
  const recovered: Recovered[] = [];
  for (const row of rows) recovered.push(await undoRow(conn, db, prefix, row));
  return recovered;
}

/**
 * At server start: every row whose save is dead (its lock free) is undone and deleted. A held lock
 * is waited for up to `waitSeconds` (as a save waits): a live save deletes its own row meanwhile,
 * and a killed save's statement the database is still finishing (a long ALTER outlives its client)
 * frees the lock when it ends. Rows whose lock stays held are left to their save.
 */
export async function recoverSchemaSyncs(
  db: Db,
  prefix: string,
  { waitSeconds = LOCK_WAIT_SECONDS }: { waitSeconds?: number } = {},
): Promise<Recovered[]> {
  const keys = await db.db.selectFrom(schemaSyncJournalTable(prefix)).select('lock_key').distinct().execute();
  const recovered: Recovered[] = [];
  for (const { lock_key: key } of keys) {
    if (db.spec.transactionalDdl) {
      // A save there never commits a row (it is deleted in the save's one transaction): any row is dead.
      recovered.push(...(await db.db.transaction().execute((trx) => recoverLocked(trx, db, prefix, String(key)))));
      continue;
    }
    await db.db.connection().execute(async (conn) => {
      const name = schemaLockName(String(key));
      const { rows } = await sql<{ got: number }>`select get_lock(${name}, ${waitSeconds}) as got`.execute(conn);
      if (Number(rows[0]?.got) !== 1) return; // Still held: a save that is alive.
      try {
        recovered.push(...(await recoverLocked(conn, db, prefix, String(key))));
      } finally {
        await sql`select release_lock(${name})`.execute(conn);
      }
    });
  }
  return recovered;
}
