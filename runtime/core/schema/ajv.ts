/**
 * The ONE Ajv factory (DESIGN §2.7), used by `npm run schemas:check`, the server (before a schema is
 * stored) and the runtime (designer save, page load). JSON Schema 2020-12, strict, all errors.
 * The meta-schema files in schemas/meta are imported (not read from disk) so the browser bundle
 * has them too; the registry parts are generated (registry-schemas.ts) from whatever is registered
 * when the first Ajv is built: callers import runtime/definitions first (core imports nothing above it).
 */
import { Ajv2020, type CodeOptions, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import dataSource from '../../../schemas/meta/data-source.schema.json';
import dictApi from '../../../schemas/meta/dict-api.schema.json';
import field from '../../../schemas/meta/field.schema.json';
import linkage from '../../../schemas/meta/linkage.schema.json';
import page from '../../../schemas/meta/page.schema.json';
import selectItems from '../../../schemas/meta/select-items.schema.json';
import text from '../../../schemas/meta/text.schema.json';
import { isValidExpression } from '../expression/evaluate';
import { LATEST_SCHEMA_VERSION, migrateSchema } from '../migrate';
import { groupBranches } from './ajv-branches';
import { SchemaError } from './issue';
import { META } from './meta-ids';
import * as precompiled from './meta-validator.generated.js';
import { registryKey, registrySchemas } from './registry-schemas';

export { META, nodeSchemaId, DIALECT_2020 } from './meta-ids';

export const META_SCHEMA_FILES: readonly Record<string, unknown>[] = [
  text,
  dictApi,
  selectItems,
  linkage,
  dataSource,
  field,
  page,
];

export interface ValidationIssue {
  /** JSON pointer to the offending value ("" is the document), e.g. /body/0/fields/2/type. */
  path: string;
  message: string;
}

export interface ValidationResult {
  valid: boolean;
  errors: ValidationIssue[];
}

export interface CreateAjvOptions {
  /** More schemas with their own $id (e.g. the server's app-seed schema). */
  schemas?: Record<string, unknown>[];
  /** Ajv's code options: the standalone build (scripts/meta-validator.ts) asks for the source. */
  code?: CodeOptions;
}

/**
 * The meta-schemas compiled at build time (scripts/meta-validator.ts): no Ajv compile at run time,
 * in the browser (whose CSP forbids it) or on the server. $id → validate function.
 */
const PRECOMPILED: Readonly<Record<string, ValidateFunction>> = {
  [META.page]: precompiled.page,
  [META.field]: precompiled.field,
};

/**
 * The precompiled validator of a meta-schema $id, when that one is precompiled for the registry as
 * it is now; undefined otherwise (a type registered at run time: the caller compiles instead).
 */
export const precompiledValidator = (schemaId: string): ValidateFunction | undefined =>
  Object.hasOwn(PRECOMPILED, schemaId) && precompiled.REGISTRY_KEY === registryKey()
    ? PRECOMPILED[schemaId]
    : undefined;

export function createAjv(options: CreateAjvOptions = {}): Ajv2020 {
  // inlineRefs off: every $ref stays a function call, which keeps the standalone code ~10% smaller
  // and changes nothing of what is valid or of the errors' pointers.
  const ajv = new Ajv2020({
    strict: true,
    allErrors: true,
    allowUnionTypes: true,
    inlineRefs: false,
    code: options.code,
  });
  addFormats(ajv);
  ajv.addFormat('expression', { type: 'string', validate: isValidExpression });
  ajv.addSchema([...registrySchemas(), ...META_SCHEMA_FILES, ...(options.schemas ?? [])] as object[]);
  return ajv;
}

let shared: Ajv2020 | undefined;

/** A process-wide instance (compiling the meta-schemas is not free). */
export function getAjv(): Ajv2020 {
  shared ??= createAjv();
  return shared;
}

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** Ajv errors → one issue per problem, pointing at the property a human has to fix. */
export function formatErrors(errors: ErrorObject[] | null | undefined): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  const list = errors ?? [];
  // An anyOf / oneOf failure is one problem: its branches' errors become "a, or b".
  const { branchesOf, inBranch } = groupBranches(list);
  for (const error of list) {
    // "must match then schema" only repeats the errors of the branch it selected.
    if (error.keyword === 'if' || inBranch.has(error)) continue;
    let path = error.instancePath;
    let message = error.message ?? 'is invalid';
    const params = error.params as Record<string, unknown>;
    const branches = branchesOf.get(error);
    if (branches?.length) {
      message = [...new Set(formatErrors(branches).map((issue) => issue.message))].join(', or ');
    } else if (error.keyword === 'additionalProperties') {
      path += `/${escapePointer(String(params.additionalProperty))}`;
      message = 'is not an allowed property';
    } else if (error.keyword === 'required') {
      path += `/${escapePointer(String(params.missingProperty))}`;
      message = 'is required';
    } else if (error.keyword === 'enum') {
      message = `must be one of: ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    } else if (error.keyword === 'const') {
      message = `must be ${JSON.stringify(params.allowedValue)}`;
    } else if (error.keyword === 'format' && params.format === 'expression') {
      message = 'is not a valid expression (see runtime/core/expression)';
    }
    const key = `${path}\u0000${message}`;
    if (!seen.has(key)) {
      seen.add(key);
      issues.push({ path, message });
    }
  }
  return issues;
}

/**
 * The meta-schema describes the latest schemaVersion only; a page schema of an older version is
 * migrated first, as every reader does (runtime/core/migrate). A version that cannot be migrated
 * (not an integer, newer than this platform) is left to Ajv, which names the problem.
 */
function atLatestVersion(json: unknown): unknown {
  const version = (json as { schemaVersion?: unknown } | null)?.schemaVersion;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) return json;
  if (version >= LATEST_SCHEMA_VERSION) return json;
  try {
    return migrateSchema(json).schema;
  } catch (error) {
    if (error instanceof SchemaError) return json;
    throw error;
  }
}

/** Validates `json` against a registered schema $id (a page schema after migrating it to the latest version). */
export function validateWith(schemaId: string, json: unknown, ajv?: Ajv2020): ValidationResult {
  const validate = (ajv ? undefined : precompiledValidator(schemaId)) ?? (ajv ?? getAjv()).getSchema(schemaId);
  if (!validate) return { valid: false, errors: [{ path: '', message: `unknown schema ${schemaId}` }] };
  const valid = validate(schemaId === META.page ? atLatestVersion(json) : json) as boolean;
  return { valid, errors: valid ? [] : formatErrors(validate.errors) };
}

/**
 * Validates a page schema (tessera://meta/page.schema.json), migrating an older one first. The
 * English one-line issues of existing callers; new code uses validatePageIssues (ajv-issues.ts).
 */
export function validatePage(json: unknown): ValidationResult {
  return validateWith(META.page, json);
}
