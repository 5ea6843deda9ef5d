/**
 * Numbers: PostgreSQL returns bigint and numeric columns as strings, so decoding accepts numeric
 * strings; anything not a finite number is "no value".
 */
import type { ValueCodec } from '../registry';

export function toNumber(stored: unknown): number | undefined {
  if (typeof stored === 'number') return Number.isFinite(stored) ? stored : undefined;
  if (typeof stored === 'string' && stored.trim() !== '') {
    const parsed = Number(stored.trim());
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

export const numberCodec: ValueCodec<number, number> = {
  decode: (stored) => toNumber(stored),
  encode: (value) => toNumber(value) ?? null,
};
