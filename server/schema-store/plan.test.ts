/**
 * The table sync plan from old model to new model: matched by field id, so renames, swaps,
 * widening, narrowing (retire + add + copy what converts), removal (retire), restoring a retired field and unique
 * changes each give the steps the store applies, and only removal and narrowing are destructive.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/create-db';
import type { ModelField, ModuleModel } from './model';
import { planSync, typeChange } from './plan';

const db = { spec: { name: 'postgres', bigText: 'text' } } as unknown as Db;
const f = (id: string, key: string, extra: Partial<ModelField> = {}): ModelField => ({
  id,
  key,
  column: key,
  type: 'string',
  unique: false,
  ...extra,
});
const model = (...fields: ModelField[]): ModuleModel => ({ fields, retired: [] });
const existing = (m: ModuleModel) =>
  new Set(['id', ...m.fields.map((x) => x.column), ...m.retired.map((r) => r.column)]);

describe('planSync', () => {
  it('creates the table with every column and unique index when there is none', () => {
    const next = model(f('f_a', 'a', { unique: true }), f('f_b', 'b'));
    const plan = planSync(db, undefined, next, undefined, 1);
    expect(plan.steps).toEqual([
      {
        op: 'createTable',
        columns: [
          { column: 'a', type: 'string' },
          { column: 'b', type: 'string' },
        ],
      },
      { op: 'addUnique', fieldId: 'f_a', column: 'a' },
    ]);
    expect(plan.destructive).toBe(false);
  });

  it('renames a kept field, including two keys swapped, and changes nothing for an unchanged one', () => {
    const old = model(f('f_a', 'a'), f('f_b', 'b'), f('f_c', 'c'));
    const next = model(f('f_a', 'b'), f('f_b', 'a'), f('f_c', 'c'));
    const plan = planSync(db, old, next, existing(old), 2);
    expect(plan.steps).toEqual([
      { op: 'renameColumn', fieldId: 'f_a', from: 'a', to: 'b' },
      { op: 'renameColumn', fieldId: 'f_b', from: 'b', to: 'a' },
    ]);
    expect(plan.destructive).toBe(false);
  });

  it('widens in place and retires on a narrowing change, adding a fresh column', () => {
    const old = model(f('f_n', 'n', { type: 'integer' }), f('f_t', 't', { type: 'text' }));
    const next = model(f('f_n', 'n', { type: 'long' }), f('f_t', 't', { type: 'integer' }));
    const plan = planSync(db, old, next, existing(old), 3);
    expect(plan.steps).toEqual([
      { op: 'retireColumn', fieldId: 'f_t', key: 't', column: 't', to: 'zr3_t', reason: 'retyped', destructive: true },
      { op: 'widenColumn', fieldId: 'f_n', column: 'n', from: 'integer', to: 'long' },
      { op: 'addColumn', fieldId: 'f_t', column: 't', type: 'integer' },
      {
        op: 'copyConverted',
        fieldId: 'f_t',
        from: 'zr3_t',
        to: 't',
        was: 't',
        fromType: 'text',
        toType: 'integer',
      },
    ]);
    expect(plan.destructive).toBe(true);
    expect(plan.model.retired).toEqual([{ id: 'f_t#3', key: 't', column: 'zr3_t', type: 'text' }]);
  });

  it('retires a removed field (dropping its unique index first) and restores it when it comes back', () => {
    const old = model(f('f_a', 'a'), f('f_u', 'u', { unique: true }));
    const removed = planSync(db, old, model(f('f_a', 'a')), existing(old), 4);
    expect(removed.steps).toEqual([
      { op: 'dropUnique', fieldId: 'f_u', column: 'u' },
      { op: 'retireColumn', fieldId: 'f_u', key: 'u', column: 'u', to: 'zr4_u', reason: 'removed', destructive: true },
    ]);
    const back = planSync(db, removed.model, old, existing(removed.model), 5);
    expect(back.steps).toEqual([
      { op: 'restoreColumn', fieldId: 'f_u', from: 'zr4_u', to: 'u' },
      { op: 'addUnique', fieldId: 'f_u', column: 'u', check: 'zr4_u' },
    ]);
    expect(back.destructive).toBe(false);
    expect(back.model.retired).toEqual([]);
  });

  it('adopts a column of the same name that no field owns, checking it for duplicates before a unique index', () => {
    const old = model(f('f_a', 'a'));
    const plan = planSync(
      db,
      old,
      model(f('f_a', 'a'), f('f_x', 'legacy', { unique: true })),
      new Set(['id', 'a', 'legacy']),
      2,
    );
    expect(plan.steps).toEqual([{ op: 'addUnique', fieldId: 'f_x', column: 'legacy', check: 'legacy' }]);
  });
});

describe('typeChange', () => {
  it('knows widening from narrowing by the SQL types', () => {
    expect(typeChange(db, 'float', 'double')).toBe('same');
    expect(typeChange(db, 'string', 'text')).toBe('widen');
    expect(typeChange(db, 'boolean', 'integer')).toBe('widen');
    expect(typeChange(db, 'long', 'integer')).toBe('narrow');
    expect(typeChange(db, 'text', 'string')).toBe('narrow');
  });
});
