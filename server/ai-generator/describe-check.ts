/**
 * From the model's answer to a described change (runtime/core/schema/change-patch.ts) to a checked,
 * patched module schema — or the problems with JSON pointers a repair round sends back. In order:
 * JSON, the patch's own schema (Ajv: operations, widget types from the registry, plain-text titles),
 * applying it to a copy of the stored schema (keys that exist, no duplicate key), then the schema
 * store's own checks on the result (meta-schema, keys, cross-references, a column per field), so a
 * change the admin accepts saves. Nothing here touches the database.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { applyChangePatch, changePatchJsonSchema, type ChangePatch } from '../../runtime/core/schema/change-patch';
import type { CrossReferenceContext } from '../../runtime/core/schema/cross-reference';
import { ModuleSchemaError } from '../errors';
import { deriveModel } from '../schema-store/model';
import { moduleIssues, readSchemaInput } from '../schema-store/prepare';
import { ajvProblems, MAX_PROBLEMS, parsePlanText, type PlanProblem } from './plan-check';

export type ChangeVerdict = { ok: true; patch: ChangePatch; schema: unknown } | { ok: false; problems: PlanProblem[] };

const ajv = new Ajv2020({ allErrors: true, strict: false, discriminator: true });
const validatePatch = ajv.compile(changePatchJsonSchema());

export function checkChange(text: string, stored: unknown, table: string, refs: CrossReferenceContext): ChangeVerdict {
  let raw: unknown;
  try {
    raw = parsePlanText(text);
  } catch (error) {
    return { ok: false, problems: [{ pointer: '', message: `the answer is not JSON: ${(error as Error).message}` }] };
  }
  if (!validatePatch(raw)) return { ok: false, problems: ajvProblems(validatePatch.errors) };
  const patch = raw as ChangePatch;
  const applied = applyChangePatch(stored, patch.operations);
  if (!applied.ok) return { ok: false, problems: applied.problems };
  const schema = readSchemaInput(applied.schema);
  // The store's pointers are into the resulting schema: the model is told so.
  const issues = moduleIssues(schema, table, refs);
  if (issues.length)
    return {
      ok: false,
      problems: issues.slice(0, MAX_PROBLEMS).map((issue) => ({
        pointer: '',
        message: `the changed schema at ${issue.pointer || '/'}: ${issue.message.en}`,
      })),
    };
  try {
    deriveModel(schema, table);
  } catch (error) {
    if (error instanceof ModuleSchemaError)
      return { ok: false, problems: [{ pointer: '', message: `the changed schema: ${error.message}` }] };
    throw error;
  }
  return { ok: true, patch, schema };
}
