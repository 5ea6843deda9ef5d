/**
 * Table sync plan: old model → new model gives the steps that bring the module's table in line
 * (docs/schemas.md). Fields are matched by id, so a renamed key is a column rename, not a new
 * column. A type change that widens (varchar → text, integer → bigint/double, smallint → integer)
 * alters the column in place; any other change, and a removed field, is destructive: the column is
 * renamed to a retired name (never dropped) and the save needs `confirm`. A retired field that comes
 * back (rollback) has its column renamed back. Steps are data, so a dry run can show them.
 */
import type { ColumnType } from '../../runtime/core/registry';
import type { Db } from '../db/create-db';
import { sqlType } from '../modules/table-sync';
import type { ModelField, ModuleModel, RetiredField } from './model';

export type PlanStep =
  | { op: 'createTable'; columns: { column: string; type: ColumnType }[] }
  | { op: 'addColumn'; fieldId: string; column: string; type: ColumnType }
  | { op: 'renameColumn'; fieldId: string; from: string; to: string }
  | { op: 'widenColumn'; fieldId: string; column: string; from: ColumnType; to: ColumnType }
  | {
      op: 'retireColumn';
      fieldId: string;
      key: string;
      column: string;
      to: string;
      reason: 'removed' | 'retyped';
      destructive: true;
    }
  /**
   * After a narrowing: copy the values that convert from the retired column `from` into the new
   * column `to` (convert.ts). `was` is the column's name before the save (where the dry run counts);
   * `unconverted` the rows whose value will not convert, counted before the save.
   */
  | {
      op: 'copyConverted';
      fieldId: string;
      from: string;
      to: string;
      was: string;
      fromType: ColumnType;
      toType: ColumnType;
      unconverted?: number;
    }
  | { op: 'restoreColumn'; fieldId: string; from: string; to: string }
  | { op: 'dropUnique'; fieldId: string; column: string }
  /** `check`: the column holding the values before this save (duplicates are looked for there). */
  | { op: 'addUnique'; fieldId: string; column: string; check?: string };

export interface SyncPlan {
  steps: PlanStep[];
  /** The model to store with the version: live fields plus every retired column so far. */
  model: ModuleModel;
  destructive: boolean;
}

/** SQL types in the order a column may widen along without losing values. */
const WIDER: Record<string, string[]> = {
  smallint: ['integer', 'bigint', 'double precision'],
  integer: ['bigint', 'double precision'],
  'varchar(255)': ['text', 'mediumtext'],
};

export type TypeChange = 'same' | 'widen' | 'narrow';

export function typeChange(db: Db, from: ColumnType, to: ColumnType): TypeChange {
  const a = String(sqlType(from, db));
  const b = String(sqlType(to, db));
  if (a === b) return 'same';
  return WIDER[a]?.includes(b) ? 'widen' : 'narrow';
}

export const retiredName = (version: number, key: string) => `zr${version}_${key}`.slice(0, 60);

/**
 * The steps from `old` (undefined: no table yet) to `next`. `physical` is the table's current
 * columns (lower-cased) or undefined when it does not exist; a column there that no field owns
 * (left by a save before retiring existed) is adopted by a new field of that key, as before.
 */
export function planSync(
  db: Db,
  old: ModuleModel | undefined,
  next: ModuleModel,
  physical: Set<string> | undefined,
  version: number,
): SyncPlan {
  if (!physical) {
    return {
      steps: [
        { op: 'createTable', columns: next.fields.map((f) => ({ column: f.key, type: f.type })) },
        ...next.fields
          .filter((f) => f.unique)
          .map((f): PlanStep => ({ op: 'addUnique', fieldId: f.id, column: f.key })),
      ],
      model: next,
      destructive: false,
    };
  }
  const before = new Map((old?.fields ?? []).map((f) => [f.id, f]));
  const retiredBefore = new Map((old?.retired ?? []).map((r) => [r.id, r]));
  const owned = new Set((old?.fields ?? []).map((f) => f.column.toLowerCase()));
  const drops: PlanStep[] = [];
  const retires: PlanStep[] = [];
  const renames: PlanStep[] = [];
  const widens: PlanStep[] = [];
  const adds: PlanStep[] = [];
  const copies: PlanStep[] = [];
  const uniques: PlanStep[] = [];
  const retired: RetiredField[] = [...(old?.retired ?? [])];

  const retire = (field: ModelField, reason: 'removed' | 'retyped', id = field.id) => {
    const to = retiredName(version, field.key);
    retires.push({
      op: 'retireColumn',
      fieldId: field.id,
      key: field.key,
      column: field.column,
      to,
      reason,
      destructive: true,
    });
    retired.push({ id, key: field.key, column: to, type: field.type });
    return to;
  };

  for (const field of next.fields) {
    const was = before.get(field.id);
    if (was) {
      const change = typeChange(db, was.type, field.type);
      const moves = was.column !== field.key || change !== 'same';
      if (was.unique && (!field.unique || moves))
        drops.push({ op: 'dropUnique', fieldId: field.id, column: was.column });
      if (change === 'narrow') {
        // The old values stay in the retired column; the field starts a fresh column of its new type
        // holding every value that converts.
        const to = retire(was, 'retyped', `${was.id}#${version}`);
        adds.push({ op: 'addColumn', fieldId: field.id, column: field.key, type: field.type });
        copies.push({
          op: 'copyConverted',
          fieldId: field.id,
          from: to,
          to: field.key,
          was: was.column,
          fromType: was.type,
          toType: field.type,
        });
        if (field.unique) uniques.push({ op: 'addUnique', fieldId: field.id, column: field.key });
        continue;
      }
      if (was.column !== field.key)
        renames.push({ op: 'renameColumn', fieldId: field.id, from: was.column, to: field.key });
      if (change === 'widen')
        widens.push({ op: 'widenColumn', fieldId: field.id, column: field.key, from: was.type, to: field.type });
      if (field.unique && (!was.unique || moves))
        uniques.push({ op: 'addUnique', fieldId: field.id, column: field.key, check: was.column });
      continue;
    }
    const back = retiredBefore.get(field.id);
    if (back && typeChange(db, back.type, field.type) !== 'narrow') {
      renames.push({ op: 'restoreColumn', fieldId: field.id, from: back.column, to: field.key });
      if (typeChange(db, back.type, field.type) === 'widen')
        widens.push({ op: 'widenColumn', fieldId: field.id, column: field.key, from: back.type, to: field.type });
      retired.splice(retired.indexOf(back), 1);
      if (field.unique) uniques.push({ op: 'addUnique', fieldId: field.id, column: field.key, check: back.column });
      continue;
    }
    const adopt = physical.has(field.key.toLowerCase()) && !owned.has(field.key.toLowerCase());
    if (!adopt) adds.push({ op: 'addColumn', fieldId: field.id, column: field.key, type: field.type });
    if (field.unique)
      uniques.push({ op: 'addUnique', fieldId: field.id, column: field.key, check: adopt ? field.key : undefined });
  }
  const live = new Set(next.fields.map((f) => f.id));
  for (const was of old?.fields ?? []) {
    if (live.has(was.id)) continue;
    if (was.unique) drops.push({ op: 'dropUnique', fieldId: was.id, column: was.column });
    retire(was, 'removed');
  }
  const steps = [...drops, ...retires, ...renames, ...widens, ...adds, ...copies, ...uniques];
  return { steps, model: { fields: next.fields, retired }, destructive: retires.length > 0 };
}
