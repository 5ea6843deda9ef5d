/**
 * Values between JSON and columns. Every value that reaches SQL is bound, and first converted to
 * the column's type here, so the three databases store and compare the same thing (booleans are
 * 0/1 everywhere, times are ms numbers) and a wrong type is a clear P4000, not a driver error.
 */
import { badRequest } from '../errors';
import type { ColumnInfo, TableInfo } from '../modules/table-info';
import { isConditional } from './required-when';

export const STRING_MAX = 255;
export type Row = Record<string, unknown>;

export const isPlainObject = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const invalid = (key: string) => badRequest('server.invalidValue', { key });

function toInteger(key: string, value: unknown): number {
  const number = typeof value === 'string' && /^-?\d{1,16}$/.test(value.trim()) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number)) throw invalid(key);
  return number;
}

function toNumber(key: string, value: unknown): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) throw invalid(key);
  return number;
}

/** A UTF-16 surrogate without its partner (`"a\uD800b"`): `u` mode reads a valid pair as one code point. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Text every database can store as given. PostgreSQL text cannot hold U+0000; a lone surrogate has
 * no UTF-8 form, so each driver would silently store U+FFFD instead (or fail): both are refused on
 * every database alike with a clear P4000 (docs/list-query.md), in writes and in conditions.
 */
export function checkStorableText(key: string, text: string): string {
  if (text.includes('\u0000')) throw badRequest('listQuery.nulCharacter', { key });
  if (LONE_SURROGATE.test(text)) throw badRequest('listQuery.loneSurrogate', { key });
  return text;
}

function toText(key: string, value: unknown, max: number | undefined): string {
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') throw invalid(key);
  const text = checkStorableText(key, String(value));
  if (max !== undefined && [...text].length > max) throw badRequest('server.tooLong', { key, max });
  return text;
}

const CONVERT: Record<ColumnInfo['type'], (key: string, value: unknown, column: ColumnInfo) => unknown> = {
  string: (key, value, column) => toText(key, value, Math.min(column.maxLength ?? STRING_MAX, STRING_MAX)),
  text: (key, value, column) => toText(key, value, column.maxLength),
  integer: toInteger,
  long: toInteger,
  float: toNumber,
  double: toNumber,
  boolean(key, value) {
    if (value === true || value === 1 || value === '1' || value === 'true') return 1;
    if (value === false || value === 0 || value === '0' || value === 'false') return 0;
    throw invalid(key);
  },
  time(key, value) {
    if (typeof value === 'string' && !/^-?\d+$/.test(value.trim())) {
      const parsed = Date.parse(value);
      if (Number.isNaN(parsed)) throw invalid(key);
      return parsed;
    }
    return toInteger(key, value);
  },
};

/** The stored form of a value, or null for an empty one. */
export function toColumnValue(column: ColumnInfo, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value === '' && column.type !== 'string' && column.type !== 'text') return null;
  return CONVERT[column.type](column.name, value, column);
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/**
 * The columns a create or update may set from a body. Keys the server owns (id, app_id, audit
 * fields, copyId) and not_sql_field keys are dropped; any other unknown key is rejected, naming
 * it, so a typo or an attempt at a hidden column never passes silently.
 */
export function writableValues(table: TableInfo, body: unknown, mode: 'create' | 'update'): Row {
  if (!isPlainObject(body)) throw badRequest('server.bodyNotObject');
  const values: Row = {};
  for (const [key, value] of Object.entries(body)) {
    if (table.ignoredKeys.has(key)) continue;
    const column = table.columns.get(key);
    if (!column) throw badRequest('server.unknownField', { key });
    if (!column.writable) continue;
    values[key] = toColumnValue(column, value);
  }
  for (const column of table.columns.values()) {
    // Required by condition, or hidden by one: checked over the whole record (required-when.ts).
    if (!column.required || !column.writable || isConditional(column)) continue;
    const present = Object.hasOwn(values, column.name);
    if ((mode === 'create' || present) && isEmpty(values[column.name])) {
      throw badRequest('server.fieldRequired', { title: column.title ?? column.name });
    }
  }
  return values;
}

/** A row as the client sees it: booleans as booleans, numbers as numbers. */
export function decodeRow(table: TableInfo, row: Row): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    const type = table.columns.get(key)?.type;
    if (value === null || value === undefined) out[key] = null;
    else if (type === 'boolean') out[key] = Number(value) === 1;
    else if (
      (type === 'long' || type === 'integer' || type === 'time' || type === 'float' || type === 'double') &&
      typeof value !== 'number'
    ) {
      out[key] = Number(value);
    } else out[key] = value;
  }
  return out;
}
