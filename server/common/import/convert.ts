/**
 * One spreadsheet row → the values of a record, or the reasons it cannot be imported, per field,
 * in the caller's language. Records are built on null-prototype objects and only field keys
 * (checked column names) are ever set, so a header named __proto__ or constructor is just text.
 */
// The widget definitions declare the formats (registry): loaded before any is looked up.
import '../../../runtime/definitions';
import { translate } from '../../../protocol/messages/index';
import type { Lang } from '../../../protocol/constants';
import { badRequest } from '../../errors';
import type { SheetCell } from '../../../runtime/core/format';
import { textOf } from '../../../protocol/page-schema';
import type { TableInfo } from '../../modules/table-info';
import { missingRequired } from '../required-when';
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
const textOfCell = (cell: Cell) => (typeof cell === 'string' ? cell.trim() : String(cell));

const INTEGER = new Set(['integer', 'long']);

/**
 * The stored value of one cell, or the reason (a catalog key and vars) it is refused: the field's
 * value format parses it (the inverse of what export writes), then the column's limits apply.
 */
function convertCell(
  field: ImportField,
  cell: Cell,
  lang: Lang,
): { value: unknown } | { key: string; vars?: Record<string, unknown> } {
  if (typeof cell === 'string' && CONTROL.test(cell)) return { key: 'data.row.illegalChars' };
  const result = field.format.parse(cell as SheetCell, field.def, {
    lang,
    labels: field.labels,
    aliases: field.aliases,
  });
  if ('error' in result) return { key: result.error, vars: result.vars };
  const { value } = result;
  if (typeof value === 'number' && INTEGER.has(field.column.type) && !Number.isSafeInteger(value))
    return { key: 'data.row.integer', vars: { value: textOfCell(cell).slice(0, 40) } };
  if (typeof value !== 'string') return { value };
  const typed = field.format.kind === 'text';
  if (field.maxLength !== undefined && [...value].length > field.maxLength)
    return { key: 'data.row.tooLong', vars: { max: field.maxLength } };
  if (typed && field.pattern && !field.pattern.test(value))
    return field.patternMessage ? { key: '', vars: { text: field.patternMessage } } : { key: 'data.row.pattern' };
  return { value };
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
      const result = convertCell(field, cell, lang);
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

/**
 * The designer's conditions (`requiredFn`, `required` with `hiddenFn`) judged on each row as the
 * write path judges a saved record (server/common/required-when.ts): a row that leaves a field
 * required by its condition empty is refused with that field's title. A cell already refused for
 * another reason, and an auto-number field (filled after these checks), are not reported again.
 */
export function requiredWhenErrors(
  records: ImportRecord[],
  table: TableInfo,
  spec: { fields: ImportField[]; autoNumbers: { key: string }[] },
  earlier: RowError[],
  lang: Lang,
): RowError[] {
  const refused = new Set(earlier.map((e) => `${e.row}\u0000${e.key}`));
  const automatic = new Set(spec.autoNumbers.map((f) => f.key));
  const listed = new Map(spec.fields.map((f) => [f.key, f.title]));
  const errors: RowError[] = [];
  for (const record of records) {
    for (const column of missingRequired(table, record.values)) {
      if (automatic.has(column.name) || refused.has(`${record.row}\u0000${column.name}`)) continue;
      errors.push({
        row: record.row,
        key: column.name,
        title: listed.get(column.name) ?? (textOf(column.title, lang) || column.name),
        message: translate(lang, 'data.row.required'),
      });
    }
  }
  return errors;
}
