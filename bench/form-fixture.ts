/**
 * The benchmark form, shared by the schema page and the hand-written page so both render the same
 * fields: text, number, select, date in turn, 20 linkage rules (10 text → select, where the
 * dependent's dictApi params read the parent; 10 select → select) and one fan-out: text field
 * FAN_OUT_PARENT that 20 selects depend on (issue 23's third keystroke case). Pure data.
 */
export type BenchKind = 'text' | 'number' | 'select' | 'date';

export interface BenchField {
  key: string;
  title: string;
  kind: BenchKind;
  /** Keys this field clears when the operator changes it. */
  linkageKeys?: string[];
  /** A dependent: its options come from the dictionary, filtered by this parent's value. */
  dependsOn?: string;
}

export const LINKAGE_RULES = 20;
/** The fan-out parent (a text field past the rules' fields) and how many selects follow it. */
export const FAN_OUT_PARENT = 200;
export const FAN_OUT_DEPENDENTS = 20;
const KINDS: BenchKind[] = ['text', 'number', 'select', 'date'];
export const SELECT_ITEMS = ['A', 'B', 'C', 'D', 'E'].map((v) => ({ value: v, label: `选项${v}` }));

/** Options of a dependent for a parent value (the fake dictionary both pages use). */
export const dependentOptions = (parent: unknown) =>
  parent === undefined || parent === null || parent === ''
    ? []
    : [1, 2, 3].map((i) => ({ value: `${String(parent)}-${i}`, label: `${String(parent)} 子项${i}` }));

export function benchFields(count: number): BenchField[] {
  const fields: BenchField[] = Array.from({ length: count }, (_, i) => ({
    key: `f${i}`,
    title: `字段${i}`,
    kind: KINDS[i % 4]!,
  }));
  // Rule r: parent text field 8r (or select 8r+2 for r ≥ 10) → dependent select 8r+6 (always a select).
  for (let r = 0; r < LINKAGE_RULES; r++) {
    const parent = fields[r < 10 ? 8 * r : 8 * r + 2]!;
    const dependent = fields[8 * r + 6]!;
    parent.linkageKeys = [dependent.key];
    dependent.dependsOn = parent.key;
  }
  // Fan-out: text field 200 → the selects 202, 206, … 278 (forms this small have no fan-out).
  const fanParent = fields[FAN_OUT_PARENT];
  const fanDependents = fields.filter((f, i) => i > FAN_OUT_PARENT && f.kind === 'select').slice(0, FAN_OUT_DEPENDENTS);
  if (fanParent && fanDependents.length === FAN_OUT_DEPENDENTS) {
    fanParent.linkageKeys = fanDependents.map((f) => f.key);
    for (const dependent of fanDependents) dependent.dependsOn = fanParent.key;
  }
  return fields;
}
