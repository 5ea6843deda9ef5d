/**
 * What the precompiled meta-schema validator (meta-validator.generated.js, scripts/meta-validator.ts)
 * needs at run time: Ajv's runtime helpers its code names, and the formats by name — the same
 * ajv-formats definitions and the same `expression` format createAjv (ajv.ts) adds.
 */
import addFormats from 'ajv-formats';
import equal from 'ajv/dist/runtime/equal.js';
import ucs2length from 'ajv/dist/runtime/ucs2length.js';
import { isValidExpression } from '../expression/evaluate';

/** A CommonJS module with `exports.default`: Node hands over the exports object, bundlers the default. */
const unwrap = <T>(value: T): T => (typeof value === 'function' ? value : (value as unknown as { default: T }).default);

/** Module id → its exports, as the generated code reads them (`require("…").default`). */
export const RUNTIME: Record<string, { default: unknown }> = {
  'ajv/dist/runtime/equal': { default: unwrap(equal) },
  'ajv/dist/runtime/ucs2length': { default: unwrap(ucs2length) },
};

const FORMAT_NAMES = ['date', 'time', 'date-time', 'uri', 'uri-reference', 'email', 'regex', 'uuid'] as const;

export const FORMATS: Record<string, unknown> = {
  ...Object.fromEntries(FORMAT_NAMES.map((name) => [name, addFormats.get(name)])),
  expression: { type: 'string', validate: isValidExpression },
};
