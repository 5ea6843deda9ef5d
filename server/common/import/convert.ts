/**
 * One spreadsheet row → the values of a record, or the reasons it cannot be imported, per field,
 * in the caller's language. Records are built on null-prototype objects and only field keys
 * (checked column names) are ever set, so a header named __proto__ or constructor is just text.
 */
import { translate } from '../../../protocol/messages/index';
import type { Lang } from '../../../protocol/constants';
import { badRequest } from '../../errors';
import type { Row } from '../values';
import type { ImportField } from './fields';
import type { Cell, SheetRow } from './read';

export interface RowError {
  row: number;
  key: string;
  title: string;
  message: string;
}

export interface ImportRecord {
  row: number;
  values: Row;
}

/** Header text as typed: a required mark (*, ＊, （必填）) and spaces do not count. */
export function normaliseHeader(text: Cell): string {
  return String(text ?? '')
    .replace(/[(（]\s*(必填|required)\s*[)）]/gi, '')
    .replace(/^[\s*＊]+|[\s*＊]+$/g, '')
    .trim()
    .toLowerCase();
}

/** Column index of each field in the header row; a required field without a column is refused. */
export function mapHeader(header: SheetRow, fields: ImportField[]): Map<string, number> {
  const positions = new Map<string, number>();
  header.cells.forEach((cell, index) => {
    const text = normaliseHeader(cell);
    if (text && !positions.has(text)) positions.set(text, index);
  });
  const columns = new Map<string, number>();
  const missing: string[] = [];
  for (const field of fields) {
    const index = field.headers.map((h) => positions.get(normaliseHeader(h))).find((i) => i !== undefined);
    if (index !== undefined) columns.set(field.key, index);
    else if (field.required && !field.autoNumber) missing.push(field.title);
  }
  if (missing.length) throw badRequest('data.import.missingColumns', { titles: missing.join('、') });
  return columns;
}

// eslint-disable-next-line no-control-regex -- tab, LF and CR are allowed; other C0 controls and DEL are not
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const YES = new Set(['是', 'yes', 'y', 'true', '1', '√', '启用']);
const NO = new Set(['否', 'no', 'n', 'false', '0', '×', '停用']);

/** Excel's day serial (1900 system, local wall time) → ms. */
function fromSerial(serial: number): number {
  const utc = new Date(Math.round((serial - 25569) * 86400000));
  return new Date(
    utc.getUTCFullYear(),
    utc.getUTCMonth(),
    utc.getUTCDate(),
    utc.getUTCHours(),
    utc.getUTCMinutes(),
    utc.getUTCSeconds(),
  ).getTime();
}

const DATE_TEXT = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

function parseDate(cell: Cell): number | undefined {
  if (typeof cell === 'number') return cell > 0 && cell < 2958466 ? fromSerial(cell) : undefined;
  const match = DATE_TEXT.exec(String(cell).trim());
  if (!match) return undefined;
  const [y, mo, d, h = '0', mi = '0', s = '0'] = match.slice(1).map((v) => v ?? '0');
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  // new Date rolls 2024-02-30 over into March: such a date is refused, not moved.
  if (
    date.getMonth() !== Number(mo) - 1 ||
    date.getDate() !== Number(d) ||
    Number(h) > 23 ||
    Number(mi) > 59 ||
    Number(s) > 59
  ) {
    return undefined;
  }
  return date.getTime();
}

const textOfCell = (cell: Cell) => (typeof cell === 'string' ? cell.trim() : String(cell));

/** The stored value of one cell, or the reason (a catalog key and vars) it is refused. */
function convertCell(
  field: ImportField,
  cell: Cell,
): { value: unknown } | { key: string; vars?: Record<string, unknown> } {
  const shown = textOfCell(cell).slice(0, 40);
  if (field.options) {
    const byLabel = new Map<string, string>();
    for (const o of field.options) {
      byLabel.set(o.label, o.value);
      if (!byLabel.has(o.value)) byLabel.set(o.value, o.value);
    }
    const parts = field.multi
      ? textOfCell(cell)
          .split(/[,，、]/)
          .map((p) => p.trim())
          .filter(Boolean)
      : [textOfCell(cell)];
    const values: string[] = [];
    for (const part of parts) {
      const value = byLabel.get(part);
      if (value === undefined) return { key: 'data.row.dict', vars: { value: part.slice(0, 40) } };
      values.push(value);
    }
    return { value: values.join(',') };
  }
  const type = field.column.type;
  if (type === 'boolean') {
    if (typeof cell === 'boolean') return { value: cell ? 1 : 0 };
    const text = textOfCell(cell).toLowerCase();
    if (YES.has(text)) return { value: 1 };
    if (NO.has(text)) return { value: 0 };
    return { key: 'data.row.boolean' };
  }
  if (field.isDate) {
    const ms = parseDate(cell);
    return ms === undefined ? { key: 'data.row.date', vars: { value: shown } } : { value: ms };
  }
  if (type === 'integer' || type === 'long' || type === 'float' || type === 'double' || type === 'time') {
    const number =
      typeof cell === 'number'
        ? cell
        : /^-?[\d,]*\.?\d+$/.test(textOfCell(cell))
          ? Number(textOfCell(cell).replace(/,/g, ''))
          : NaN;
    if (!Number.isFinite(number)) return { key: 'data.row.number', vars: { value: shown } };
    if (type !== 'float' && type !== 'double' && !Number.isSafeInteger(number))
      return { key: 'data.row.integer', vars: { value: shown } };
    return { value: number };
  }
  const text = typeof cell === 'number' ? String(cell) : textOfCell(cell);
  if (CONTROL.test(text)) return { key: 'data.row.illegalChars' };
  if (field.maxLength !== undefined && [...text].length > field.maxLength)
    return { key: 'data.row.tooLong', vars: { max: field.maxLength } };
  if (field.pattern && !field.pattern.test(text))
    return field.patternMessage ? { key: '', vars: { text: field.patternMessage } } : { key: 'data.row.pattern' };
  return { value: text };
}

export function convertRows(rows: SheetRow[], fields: ImportField[], columns: Map<string, number>, lang: Lang) {
  const records: ImportRecord[] = [];
  const errors: RowError[] = [];
  const fail = (row: number, field: ImportField, key: string, vars: Record<string, unknown> = {}) =>
    errors.push({
      row,
      key: field.key,
      title: field.title,
      message: key ? translate(lang, key, vars) : String(vars.text),
    });
  for (const sheetRow of rows) {
    const values = Object.create(null) as Row;
    for (const field of fields) {
      const index = columns.get(field.key);
      const cell = index === undefined ? null : (sheetRow.cells[index] ?? null);
      if (cell === null || (typeof cell === 'string' && cell.trim() === '')) {
        if (field.required && !field.autoNumber) fail(sheetRow.row, field, 'data.row.required');
        else values[field.key] = null;
        continue;
      }
      const result = convertCell(field, cell);
      if ('value' in result) values[field.key] = result.value;
      else fail(sheetRow.row, field, result.key, result.vars);
    }
    records.push({ row: sheetRow.row, values });
  }
  return { records, errors };
}

/** Unique fields: a value may appear once in the file. Adds errors naming the earlier row. */
export function duplicatesInFile(records: ImportRecord[], fields: ImportField[], lang: Lang): RowError[] {
  const errors: RowError[] = [];
  for (const field of fields.filter((f) => f.unique)) {
    const first = new Map<string, number>();
    for (const record of records) {
      const value = record.values[field.key];
      if (value === null || value === undefined || value === '') continue;
      const text = String(value);
      const earlier = first.get(text);
      if (earlier === undefined) first.set(text, record.row);
      else
        errors.push({
          row: record.row,
          key: field.key,
          title: field.title,
          message: translate(lang, 'data.row.duplicateFile', { value: text.slice(0, 40), other: earlier }),
        });
    }
  }
  return errors;
}
