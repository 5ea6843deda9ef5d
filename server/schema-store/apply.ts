/**
 * Runs a sync plan (plan.ts) on a connection or transaction. Where DDL is transactional (SQLite,
 * PostgreSQL) the caller's transaction undoes everything on failure. MySQL commits each DDL
 * statement, so every step applied pushes its inverse onto `undo`; the caller runs them in reverse
 * when a later step or the metadata write fails (compensation), leaving the table as it was.
 * Inverses are data (UndoStep), not closures, so they can also be journaled before each DDL
 * (journal.ts) and run by another process after a kill; each one checks the table first and does
 * nothing when its change is not there, so the step that may or may not have committed is safe.
 * Nothing here drops a column that held data: retiring is a rename.
 */
import { sql, type Kysely } from 'kysely';
import type { ColumnType } from '../../runtime/core/registry';
import type { Db } from '../db/create-db';
import { uniqueIndexName } from '../db/tables';
import { ApiError } from '../errors';
import { ResultCode } from '../../protocol/codes';
import { createModuleTable, sqlType } from '../modules/table-sync';
import type { PlanStep } from './plan';
import { copyConverted } from './convert';

/** The inverse of one applied change; runUndo applies it only when that change is there. */
export type UndoStep =
  | { op: 'dropTable' }
  | { op: 'dropColumn'; column: string }
  | { op: 'rename'; from: string; to: string }
  | { op: 'setType'; column: string; type: ColumnType }
  | { op: 'dropUnique'; column: string }
  | { op: 'ensureUnique'; column: string };

/** Called with the inverses so far plus the next one, before the change it undoes runs. */
export type JournalWrite = (pending: UndoStep[]) => Promise<void>;

/** The table's columns (lower-cased), or undefined when it does not exist: one query for this table. */
export async function physicalColumns(trx: Kysely<any>, db: Db, table: string): Promise<Set<string> | undefined> {
  // Kysely's introspection reads every table of the database; a save needs only its own.
  const query =
    db.spec.name === 'sqlite'
      ? sql<{ name: string }>`select name from pragma_table_info(${table})`
      : db.spec.name === 'mysql'
        ? sql<{ name: string }>`select column_name as name from information_schema.columns
            where table_schema = database() and table_name = ${table}`
        : sql<{ name: string }>`select column_name as name from information_schema.columns
            where table_schema = current_schema() and table_name = ${table}`;
  const { rows } = await query.execute(trx);
  return rows.length ? new Set(rows.map((r) => String(r.name).toLowerCase())) : undefined;
}

/** Runs one inverse if its change is present (idempotent: run twice, or for a change that never ran, it is a no-op). */
export async function runUndo(trx: Kysely<any>, db: Db, table: string, step: UndoStep): Promise<void> {
  const columns = await physicalColumns(trx, db, table);
  if (!columns) return; // No table: nothing of this save is left.
  const has = (column: string) => columns.has(column.toLowerCase());
  switch (step.op) {
    case 'dropTable':
      await trx.schema.dropTable(table).ifExists().execute();
      return;
    case 'dropColumn':
      if (has(step.column)) await trx.schema.alterTable(table).dropColumn(step.column).execute();
      return;
    case 'rename':
      if (has(step.from) && !has(step.to)) await renameColumn(trx, table, step.from, step.to);
      return;
    case 'setType':
      if (has(step.column)) await setType(trx, db, table, step.column, step.type);
      return;
    case 'dropUnique':
      await dropUniqueIndex(trx, db, table, step.column);
      return;
    case 'ensureUnique':
      if (has(step.column))
        await db.spec.ensureLiveUniqueIndex(trx, table, uniqueIndexName(table, step.column), ['app_id', step.column]);
      return;
  }
}

const MAX_DUPLICATE_SAMPLES = 5;

export async function dropUniqueIndex(trx: Kysely<any>, db: Db, table: string, column: string): Promise<void> {
  const index = uniqueIndexName(table, column);
  if (db.spec.name === 'mysql') {
    // The live-unique index stands on a virtual column of the same name (dialects/mysql.ts).
    await sql`drop index ${sql.id(index)} on ${sql.table(table)}`.execute(trx).catch(() => undefined);
    await trx.schema
      .alterTable(table)
      .dropColumn(index)
      .execute()
      .catch(() => undefined);
  } else {
    await trx.schema.dropIndex(index).ifExists().execute();
  }
}

const renameColumn = (trx: Kysely<any>, table: string, from: string, to: string) =>
  trx.schema.alterTable(table).renameColumn(from, to).execute();

async function setType(trx: Kysely<any>, db: Db, table: string, column: string, type: ColumnType) {
  const target = sqlType(type, db);
  if (db.spec.name === 'sqlite') return; // Type affinity: the widened values already fit.
  if (db.spec.name === 'mysql') {
    await sql`alter table ${sql.table(table)} modify column ${sql.id(column)} ${sql.raw(String(target))}`.execute(trx);
    return;
  }
  await trx.schema
    .alterTable(table)
    .alterColumn(column, (c) => c.setDataType(target))
    .execute();
}

/** Up to five values held twice among live rows of one app: a unique index over them would fail. */
export async function duplicateSamples(trx: Kysely<any>, table: string, column: string): Promise<string[]> {
  const rows = await trx
    .selectFrom(table)
    .select(sql.ref(column).as('value'))
    .where('is_deleted', '=', 0)
    .where(sql.ref(column), 'is not', null)
    .groupBy(['app_id', sql.ref(column)])
    .having(sql`count(*)`, '>', 1)
    .limit(MAX_DUPLICATE_SAMPLES)
    .execute();
  return rows.map((r) => String(r.value));
}

/** Fails before any DDL when a unique index the plan adds would meet duplicate values. */
export async function checkUniqueSteps(trx: Kysely<any>, table: string, steps: PlanStep[]): Promise<void> {
  for (const step of steps) {
    if (step.op !== 'addUnique' || !step.check) continue;
    const samples = await duplicateSamples(trx, table, step.check);
    if (samples.length > 0)
      throw new ApiError(ResultCode.BAD_REQUEST, 'data.schema.duplicates', {
        field: step.column,
        values: samples.join(', '),
      });
  }
}

export async function applyPlan(
  trx: Kysely<any>,
  db: Db,
  table: string,
  steps: PlanStep[],
  undo: UndoStep[] = [],
  journal?: JournalWrite,
): Promise<void> {
  /** Journals the inverse first (write-ahead), then makes the change, then records it as applied. */
  const change = async (inverse: UndoStep, run: () => Promise<unknown>) => {
    await journal?.([...undo, inverse]);
    await run();
    undo.push(inverse);
  };
  const renames = steps.filter((s) => s.op === 'renameColumn' || s.op === 'restoreColumn') as {
    from: string;
    to: string;
  }[];
  const sources = new Set(renames.map((r) => r.from.toLowerCase()));
  // Swapped keys (a → b while b → a) go through temporary names so no rename meets a taken name.
  const staged = renames.some((r) => sources.has(r.to.toLowerCase()));
  for (const step of steps) {
    switch (step.op) {
      case 'createTable':
        await change({ op: 'dropTable' }, () =>
          createModuleTable(
            trx,
            db,
            table,
            step.columns.map((c) => ({ name: c.column, type: c.type })),
          ),
        );
        break;
      case 'addColumn':
        await change({ op: 'dropColumn', column: step.column }, () =>
          trx.schema.alterTable(table).addColumn(step.column, sqlType(step.type, db)).execute(),
        );
        break;
      case 'renameColumn':
      case 'restoreColumn': {
        const via = staged ? `zt_${renames.indexOf(step)}_${step.to}`.slice(0, 60) : step.to;
        await change({ op: 'rename', from: via, to: step.from }, () => renameColumn(trx, table, step.from, via));
        break;
      }
      case 'copyConverted':
        // No undo of its own: the column it fills is dropped by the addColumn's undo.
        await copyConverted(trx, db, table, step);
        break;
      case 'widenColumn':
        await change({ op: 'setType', column: step.column, type: step.from }, () =>
          setType(trx, db, table, step.column, step.to),
        );
        break;
      case 'retireColumn':
        await change({ op: 'rename', from: step.to, to: step.column }, () =>
          renameColumn(trx, table, step.column, step.to),
        );
        break;
      case 'dropUnique':
        await change({ op: 'ensureUnique', column: step.column }, () => dropUniqueIndex(trx, db, table, step.column));
        break;
      case 'addUnique':
        await change({ op: 'dropUnique', column: step.column }, async () => {
          try {
            await db.spec.ensureLiveUniqueIndex(trx, table, uniqueIndexName(table, step.column), [
              'app_id',
              step.column,
            ]);
          } catch (error) {
            // On MySQL the index's virtual column is already committed when the index meets duplicates
            // (values that collided once converted): it depends on the field's column, so it goes
            // first or the compensation could not drop or rename that column.
            if (!db.spec.transactionalDdl) await dropUniqueIndex(trx, db, table, step.column);
            throw error;
          }
        });
        break;
    }
    // Plans list every rename together: after the last one, the staged names move to their own.
    if (staged && step === renames.at(-1)) {
      for (const [i, r] of renames.entries()) {
        const via = `zt_${i}_${r.to}`.slice(0, 60);
        await change({ op: 'rename', from: r.to, to: via }, () => renameColumn(trx, table, via, r.to));
      }
    }
  }
}
