/**
 * Ajv errors → SchemaIssue: every error (allErrors), each at the pointer of the value a person has
 * to fix (a missing or unknown property points at the property itself), with a code and zh/en text.
 * An anyOf/oneOf failure is one issue whose detail lists its branches' reasons, as formatErrors does.
 */
import type { ErrorObject } from 'ajv/dist/2020.js';
import { getAjv, META, precompiledValidator } from './ajv';
import { groupBranches } from './ajv-branches';
import { capIssues, escapePointer, schemaIssue, type SchemaIssue } from './issue';

const LIMIT_KEYWORDS = new Set([
  'maxItems',
  'minItems',
  'maxLength',
  'minLength',
  'maximum',
  'minimum',
  'exclusiveMaximum',
  'exclusiveMinimum',
  'maxProperties',
  'minProperties',
  'uniqueItems',
  'multipleOf',
]);

const show = (values: unknown[]) => values.map((value) => JSON.stringify(value)).join(', ');

function issueOf(error: ErrorObject, branchDetail?: string): SchemaIssue {
  const params = error.params as Record<string, unknown>;
  const at = error.instancePath;
  if (branchDetail !== undefined) return schemaIssue(at, 'schema.oneOf', { detail: branchDetail });
  switch (error.keyword) {
    case 'required':
      return schemaIssue(`${at}/${escapePointer(String(params.missingProperty))}`, 'schema.required', {
        property: params.missingProperty,
      });
    case 'additionalProperties':
      return schemaIssue(`${at}/${escapePointer(String(params.additionalProperty))}`, 'schema.additionalProperty', {
        property: params.additionalProperty,
      });
    case 'type':
      return schemaIssue(at, 'schema.type', { type: String(params.type) });
    case 'enum':
      return schemaIssue(at, 'schema.enum', { allowed: show(params.allowedValues as unknown[]) });
    case 'const':
      return schemaIssue(at, 'schema.const', { allowed: JSON.stringify(params.allowedValue) });
    case 'pattern':
      return schemaIssue(at, 'schema.pattern', { pattern: params.pattern });
    case 'format':
      return params.format === 'expression'
        ? schemaIssue(at, 'schema.expression')
        : schemaIssue(at, 'schema.format', { format: params.format });
    default:
      return schemaIssue(at, LIMIT_KEYWORDS.has(error.keyword) ? 'schema.limit' : 'schema.invalid', {
        detail: error.message ?? error.keyword,
      });
  }
}

export function issuesFromAjv(errors: ErrorObject[] | null | undefined): SchemaIssue[] {
  const list = errors ?? [];
  // An anyOf / oneOf failure is one problem: its branches' errors become "a, or b".
  const { branchesOf, inBranch } = groupBranches(list);
  const issues: SchemaIssue[] = [];
  const seen = new Set<string>();
  for (const error of list) {
    // "must match then schema" only repeats the errors of the branch it selected.
    if (error.keyword === 'if' || inBranch.has(error)) continue;
    const branches = branchesOf.get(error);
    const detail = branches?.length
      ? [...new Set(issuesFromAjv(branches).map((issue) => issue.message.en))].join(', or ')
      : undefined;
    const issue = issueOf(error, detail);
    const key = `${issue.pointer}\u0000${issue.code}\u0000${issue.message.en}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  return issues;
}

/** Every meta-schema problem of a page schema (at its current version: migrate first), capped. */
export function validatePageIssues(schema: unknown): SchemaIssue[] {
  const validate = precompiledValidator(META.page) ?? getAjv().getSchema(META.page);
  if (!validate) throw new Error(`${META.page} is not registered`);
  return validate(schema) ? [] : capIssues(issuesFromAjv(validate.errors));
}
