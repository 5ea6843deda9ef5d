/**
 * `schemaVersion` as a contract (issue 12 item 2): a page schema of any version this platform has
 * known loads through the chain of numbered steps below, old → new, into the shape the meta-schema
 * describes (which is always the latest version). Every reader — server store, import, page load,
 * `npm run schemas:check` — migrates first, so old JSON in a database or a file never needs a
 * bulk rewrite. How to add a step: docs/schemas.md, "Migrations".
 */
import type { PageSchema } from '../../../protocol/page-schema';
import { SchemaError, schemaIssue } from '../schema/issue';
import { fieldIds } from './steps/0002-field-ids';
import type { MigrationStep } from './types';

export type { MigrationStep } from './types';
export { newFieldId, FIELD_ID_PATTERN } from '../schema/field-id';

/** In order; step i produces version i + 2. */
export const MIGRATION_STEPS: readonly MigrationStep[] = [fieldIds];

export const LATEST_SCHEMA_VERSION: number = 1 + MIGRATION_STEPS.length;

export interface MigrationResult {
  schema: PageSchema;
  /** The version the input declared. */
  from: number;
  /** Always LATEST_SCHEMA_VERSION. */
  to: number;
  /** The versions the applied steps produced, in order ([] when the input was already the latest). */
  applied: number[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Brings a page schema to the latest version. Pure: the input is never changed. When a step
 * applies, the answer is a deep copy; when the input is already the latest, the answer is the input
 * itself (no copy: every read of a stored schema comes through here, and a 300-field clone costs
 * about 1 ms) — treat it as read-only, or clone it before changing it. Refuses — with a SchemaError — a non-object, a schemaVersion
 * that is not an integer ≥ 1, or one newer than this platform knows. It does not validate: run
 * validatePageIssues on the result.
 */
export function migrateSchema(input: unknown): MigrationResult {
  if (!isObject(input)) throw new SchemaError([schemaIssue('', 'schema.notObject')]);
  const version = input.schemaVersion;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new SchemaError([schemaIssue('/schemaVersion', 'schema.versionInvalid', { version })]);
  }
  if (version > LATEST_SCHEMA_VERSION) {
    throw new SchemaError([
      schemaIssue('/schemaVersion', 'schema.versionTooNew', { version, latest: LATEST_SCHEMA_VERSION }),
    ]);
  }
  if (version === LATEST_SCHEMA_VERSION) {
    return { schema: input as unknown as PageSchema, from: version, to: version, applied: [] };
  }
  let schema = structuredClone(input);
  const applied: number[] = [];
  for (const step of MIGRATION_STEPS) {
    if (step.to <= version) continue;
    schema = runStep(step, schema);
    applied.push(step.to);
  }
  return { schema: schema as unknown as PageSchema, from: version, to: LATEST_SCHEMA_VERSION, applied };
}

function runStep(step: MigrationStep, schema: Record<string, unknown>): Record<string, unknown> {
  let next: Record<string, unknown>;
  try {
    next = step.migrate(schema);
  } catch (error) {
    throw new SchemaError([
      schemaIssue('', 'schema.migrationFailed', { from: step.to - 1, to: step.to, detail: (error as Error).message }),
    ]);
  }
  next.schemaVersion = step.to;
  return next;
}

/** One step on its own (the per-step fixture tests): a copy of `schema` at version `step.to`. */
export function applyStep(step: MigrationStep, schema: Record<string, unknown>): Record<string, unknown> {
  return runStep(step, structuredClone(schema));
}
