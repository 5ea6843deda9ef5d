/**
 * How a stored value becomes a spreadsheet cell on export: option values as their labels,
 * dates formatted, booleans as 是/否 (Yes/No), numbers as numbers, and text made safe — a leading
 * = + - @ tab or CR is prefixed with ' so a spreadsheet never runs it as a formula (CSV/formula
 * injection), and characters XML 1.0 cannot carry are dropped so the file always opens.
 */
import dayjs from 'dayjs';
import type { FieldDefinition } from '../../../protocol/page-schema';
import type { ColumnInfo } from '../../modules/table-info';
import { isMultiValued, type Option } from '../../modules/field-defs';

export type CellValue = string | number | null;

// eslint-disable-next-line no-control-regex -- these are exactly the characters to remove
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
// eslint-disable-next-line no-control-regex -- the same set, to test without replacing
const HAS_XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

/** = + - @ tab CR: a cell starting with one of these may be run as a formula. */
function startsLikeFormula(text: string): boolean {
  const c = text.charCodeAt(0);
  return c === 61 || c === 43 || c === 45 || c === 64 || c === 9 || c === 13;
}

/** Text as it is safe to put in a cell. Runs on every text cell of an export: no regex replace unless needed. */
export function safeText(text: string): string {
  const clean = HAS_XML_INVALID.test(text) ? text.replace(XML_INVALID, '') : text;
  return startsLikeFormula(clean) ? `'${clean}` : clean;
}

const DATE = 'YYYY-MM-DD';
const DATETIME = 'YYYY-MM-DD HH:mm:ss';

/** The display format of a date-like field, or undefined when the value is not a date. */
export function dateFormatOf(column: ColumnInfo | undefined, field: FieldDefinition | undefined): string | undefined {
  const props = (field as { props?: { format?: unknown; showTime?: unknown } } | undefined)?.props ?? {};
  const custom = typeof props.format === 'string' && props.format ? props.format : undefined;
  if (field?.type === 'date') return custom ?? (props.showTime ? DATETIME : DATE);
  if (field?.type === 'timestamp' || field?.type === 'timestamp-range') return custom ?? DATETIME;
  if (field?.type === 'month') return custom ?? 'YYYY-MM';
  if (column?.type === 'time') return DATETIME;
  return undefined;
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The two default formats by hand: dayjs per cell is a large share of an export's CPU. */
function formatMs(ms: number, format: string): string {
  if (format !== DATE && format !== DATETIME) return dayjs(ms).format(format);
  const d = new Date(ms);
  const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return format === DATE ? day : `${day} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

function formatDate(value: unknown, format: string): CellValue {
  if (typeof value === 'number' && Number.isFinite(value)) return formatMs(value, format);
  const parts = typeof value === 'string' && value.includes(',') ? value.split(',') : [value];
  const out = parts.map((part) => {
    const ms = typeof part === 'number' ? part : Number(String(part).trim());
    // Not a timestamp (a legacy text date): shown as stored, made safe.
    return Number.isFinite(ms) && String(part).trim() !== '' ? formatMs(ms, format) : safeText(String(part));
  });
  return out.join(' ~ ');
}

export interface FormatterOptions {
  column: ColumnInfo | undefined;
  field: FieldDefinition | undefined;
  options: Option[] | undefined;
  yes: string;
  no: string;
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';
const NUMERIC = new Set(['integer', 'long', 'float', 'double']);

/**
 * A function from the stored value of one column to its cell. Everything that depends only on
 * the column (which kind of cell, the label map, the date format) is decided here, once per
 * export, so the function called for every cell does only the per-value work.
 */
export function cellFormatter({ column, field, options, yes, no }: FormatterOptions): (value: unknown) => CellValue {
  if (options) {
    if (isMultiValued(field)) {
      const labels = new Map(options.map((o) => [o.value, o.label]));
      return (value) =>
        isEmpty(value)
          ? null
          : safeText(
              String(value)
                .split(',')
                .map((part) => labels.get(part) ?? part)
                .join(','),
            );
    }
    // Each option's cell is made safe once; values without an option are shown as stored.
    const cells = new Map(options.map((o) => [o.value, safeText(o.label)]));
    return (value) => {
      if (isEmpty(value)) return null;
      const key = String(value);
      return cells.get(key) ?? safeText(key);
    };
  }
  if (column?.type === 'boolean')
    return (value) => (isEmpty(value) ? null : Number(value) === 1 || value === true ? yes : no);
  const dateFormat = dateFormatOf(column, field);
  if (dateFormat) return (value) => (isEmpty(value) ? null : formatDate(value, dateFormat));
  const numeric = column !== undefined && NUMERIC.has(column.type);
  return (value) => {
    if (typeof value === 'string') {
      if (value === '') return null;
      if (numeric) {
        const number = Number(value);
        if (Number.isFinite(number)) return number;
      }
      return safeText(value);
    }
    if (typeof value === 'number') return value;
    if (value === null || value === undefined) return null;
    if (typeof value === 'bigint') return Number(value);
    return safeText(String(value));
  };
}
