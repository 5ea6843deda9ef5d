/**
 * Runs a sync plan (plan.ts) on a connection or transaction. Where DDL is transactional (SQLite,
 * PostgreSQL) the caller's transaction undoes everything on failure. MySQL commits each DDL
 * statement, so every step applied pushes its inverse onto `undo`; the caller runs them in reverse
 * when a later step or the metadata write fails (compensation), leaving the table as it was.
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

export type Undo = () => Promise<unknown>;

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
  undo: Undo[] = [],
): Promise<void> {
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
        await createModuleTable(
          trx,
          db,
          table,
          step.columns.map((c) => ({ name: c.column, type: c.type })),
        );
        undo.push(() => trx.schema.dropTable(table).ifExists().execute());
        break;
      case 'addColumn':
        await trx.schema.alterTable(table).addColumn(step.column, sqlType(step.type, db)).execute();
        undo.push(() => trx.schema.alterTable(table).dropColumn(step.column).execute());
        break;
      case 'renameColumn':
      case 'restoreColumn': {
        const via = staged ? `zt_${renames.indexOf(step)}_${step.to}`.slice(0, 60) : step.to;
        await renameColumn(trx, table, step.from, via);
        undo.push(() => renameColumn(trx, table, via, step.from));
        break;
      }
      case 'copyConverted':
        // No undo of its own: the column it fills is dropped by the addColumn's undo.
        await copyConverted(trx, db, table, step);
        break;
      case 'widenColumn':
        await setType(trx, db, table, step.column, step.to);
        undo.push(() => setType(trx, db, table, step.column, step.from));
        break;
      case 'retireColumn':
        await renameColumn(trx, table, step.column, step.to);
        undo.push(() => renameColumn(trx, table, step.to, step.column));
        break;
      case 'dropUnique':
        await dropUniqueIndex(trx, db, table, step.column);
        undo.push(() =>
          db.spec.ensureLiveUniqueIndex(trx, table, uniqueIndexName(table, step.column), ['app_id', step.column]),
        );
        break;
      case 'addUnique':
        try {
          await db.spec.ensureLiveUniqueIndex(trx, table, uniqueIndexName(table, step.column), ['app_id', step.column]);
        } catch (error) {
          // On MySQL the index's virtual column is already committed when the index meets duplicates
          // (values that collided once converted): it depends on the field's column, so it goes
          // first or the compensation could not drop or rename that column.
          if (!db.spec.transactionalDdl) await dropUniqueIndex(trx, db, table, step.column);
          throw error;
        }
        undo.push(() => dropUniqueIndex(trx, db, table, step.column));
        break;
    }
    // Plans list every rename together: after the last one, the staged names move to their own.
    if (staged && step === renames.at(-1)) await finishStaged(trx, table, renames, undo);
  }
}

async function finishStaged(trx: Kysely<any>, table: string, renames: { from: string; to: string }[], undo: Undo[]) {
  for (const [i, r] of renames.entries()) {
    const via = `zt_${i}_${r.to}`.slice(0, 60);
    await renameColumn(trx, table, via, r.to);
    undo.push(() => renameColumn(trx, table, r.to, via));
  }
}
