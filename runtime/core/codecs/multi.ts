/**
 * Multi-select and checkbox values are stored comma-joined (ai-and-widgets §3): "a,b". Only the
 * ASCII comma separates, so CJK text with the full-width comma "，" stays one value. A value that
 * itself contains an ASCII comma cannot be stored this way; option values are codes, not text.
 */
import type { ValueCodec } from '../registry';

export function splitMulti(stored: unknown): string[] {
  if (stored === null || stored === undefined || stored === '') return [];
  if (Array.isArray(stored)) return stored.filter((v) => v !== null && v !== undefined && v !== '').map(String);
  return String(stored)
    .split(',')
    .filter((part) => part !== '');
}

export function joinMulti(values: unknown): string | null {
  const list = splitMulti(values);
  return list.length ? list.join(',') : null;
}

export const multiCodec: ValueCodec<string[], string> = {
  decode: (stored) => splitMulti(stored),
  encode: (value) => joinMulti(value),
};
