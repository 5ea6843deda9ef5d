/**
 * Every numbered step against its fixture: fixtures/migrations/<step>/before.json through the step
 * alone equals after.json exactly (key order included). The files are frozen at the versions the
 * step reads and writes, so a later step never changes what this one is tested against.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../scripts/schemas-check';
import { applyStep, LATEST_SCHEMA_VERSION, MIGRATION_STEPS } from './index';

const dir = join(ROOT, 'fixtures', 'migrations');
const read = (step: string, file: string) => JSON.parse(readFileSync(join(dir, step, file), 'utf8'));

describe('migration steps', () => {
  it('are numbered 2, 3, … without a gap, and each has a fixture folder (and no folder lacks a step)', () => {
    expect(MIGRATION_STEPS.map((step) => step.to)).toEqual(
      Array.from({ length: LATEST_SCHEMA_VERSION - 1 }, (_, i) => i + 2),
    );
    for (const step of MIGRATION_STEPS) expect(step.name.startsWith(String(step.to).padStart(4, '0'))).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(MIGRATION_STEPS.map((step) => step.name).sort());
  });

  for (const step of MIGRATION_STEPS) {
    it(`${step.name}: before.json → after.json exactly, twice the same, input untouched`, () => {
      const before = read(step.name, 'before.json');
      const after = read(step.name, 'after.json');
      expect(before.schemaVersion).toBe(step.to - 1);
      expect(after.schemaVersion).toBe(step.to);
      const copy = structuredClone(before);
      const once = applyStep(step, before);
      expect(JSON.stringify(once)).toBe(JSON.stringify(after));
      expect(JSON.stringify(applyStep(step, before))).toBe(JSON.stringify(once));
      expect(before).toEqual(copy);
    });
  }
});
