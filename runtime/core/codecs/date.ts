/**
 * Dates are stored as millisecond timestamps (ai-and-widgets §3); antd pickers edit dayjs values.
 * Decoding is tolerant because rows arrive from three databases and from imports: numbers, numeric
 * strings (PostgreSQL bigint) and ISO strings all decode; anything else is "no value".
 */
import dayjs, { type Dayjs } from 'dayjs';
import type { ValueCodec } from '../registry';

export function toDayjs(stored: unknown): Dayjs | undefined {
  if (stored === null || stored === undefined || stored === '') return undefined;
  if (dayjs.isDayjs(stored)) return stored.isValid() ? stored : undefined;
  let parsed: Dayjs;
  if (typeof stored === 'number') parsed = dayjs(stored);
  else if (typeof stored === 'string' && /^-?\d+$/.test(stored.trim())) parsed = dayjs(Number(stored.trim()));
  else if (typeof stored === 'string' || stored instanceof Date) parsed = dayjs(stored);
  else return undefined;
  return parsed.isValid() ? parsed : undefined;
}

export function toTimestamp(value: unknown): number | null {
  const date = toDayjs(value);
  return date ? date.valueOf() : null;
}

export const dateCodec: ValueCodec<Dayjs, number> = {
  decode: (stored) => toDayjs(stored),
  encode: (value) => toTimestamp(value),
};

/** A date range is stored as "ts1,ts2" (ai-and-widgets §3); both ends are required. */
export const dateRangeCodec: ValueCodec<[Dayjs, Dayjs], string> = {
  decode(stored) {
    const parts = Array.isArray(stored) ? stored : typeof stored === 'string' ? stored.split(',') : [];
    if (parts.length !== 2) return undefined;
    const [start, end] = parts.map(toDayjs);
    return start && end ? [start, end] : undefined;
  },
  encode(value) {
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [start, end] = value.map(toTimestamp);
    return start !== null && end !== null ? `${start},${end}` : null;
  },
};

/** Display form of a stored date (read-pretty, tables, exports). */
export function formatDate(stored: unknown, format = 'YYYY-MM-DD'): string {
  const date = toDayjs(stored);
  return date ? date.format(format) : '';
}
