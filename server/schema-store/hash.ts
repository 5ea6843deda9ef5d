/**
 * Content hash of a schema: sha256 over canonical JSON (object keys sorted at every level, no
 * whitespace), so the same schema always hashes the same whatever order a designer wrote keys in.
 */
import { createHash } from 'node:crypto';

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const schemaHash = (schema: unknown): string => createHash('sha256').update(canonicalJson(schema)).digest('hex');
