/**
 * Content hash of a schema: sha256 over canonical JSON (object keys sorted at every level, no
 * whitespace), so the same schema always hashes the same whatever order a designer wrote keys in.
 * The native JSON.stringify does the writing; the replacer only hands it each object with sorted
 * keys (several times faster than building the string by hand for a 300-field page).
 */
import { createHash } from 'node:crypto';

function sortedKeys(_key: string, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) out[key] = (value as Record<string, unknown>)[key];
  return out;
}

export const canonicalJson = (value: unknown): string => JSON.stringify(value, sortedKeys) ?? 'null';

export const schemaHash = (schema: unknown): string => createHash('sha256').update(canonicalJson(schema)).digest('hex');
