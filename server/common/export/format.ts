/**
 * How a stored value becomes a spreadsheet cell on export: the text every view shows (the widget's
 * value format, runtime/core/format), numbers as numbers, and text made safe — a leading
 * = + - @ tab or CR is prefixed with ' so a spreadsheet never runs it as a formula (CSV/formula
 * injection), and characters XML 1.0 cannot carry are dropped so the file always opens.
 */
// The widget definitions declare the formats (registry): loaded before any is looked up.
import '../../../runtime/definitions';
import type { Lang } from '../../../protocol/constants';
import type { FieldDefinition } from '../../../protocol/page-schema';
import { formatFor, type FormatContext } from '../../../runtime/core/format';
import { columnExportCell } from '../../../runtime/core/format/column-format';
import type { ColumnInfo } from '../../modules/table-info';
import type { Option } from '../../modules/field-defs';

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

export interface FormatterOptions {
  column: ColumnInfo | undefined;
  field: FieldDefinition | undefined;
  /** The field's options (static items or dictionary) with labels in `lang`. */
  options: Option[] | undefined;
  lang: Lang;
}

/**
 * A function from the stored value of one column to its cell: the text the table and detail view
 * show (the field's widget format, runtime/core/format), numbers kept as numbers, made safe.
 * The format, label map and field are decided here, once per export column.
 */
export function cellFormatter({ column, field, options, lang }: FormatterOptions): (value: unknown) => CellValue {
  const format = formatFor(field, column?.type);
  const ctx: FormatContext = {
    lang,
    labels: options?.length ? new Map(options.map((o) => [o.value, o.label])) : undefined,
  };
  const def: FieldDefinition = field ?? { key: column?.name ?? '', title: '', type: '' };
  const own = format.cell ?? format.display;
  // The list page config's column format, when the field has one (column-format.ts decides).
  const toCell = def.column?.format
    ? (stored: unknown, f: FieldDefinition, c: FormatContext) => columnExportCell(f, stored, c) ?? own(stored, f, c)
    : own;
  return (value) => {
    if (value === null || value === undefined || value === '') return null;
    const cell = toCell(typeof value === 'bigint' ? Number(value) : value, def, ctx);
    if (typeof cell === 'number') return cell;
    return cell === '' ? null : safeText(cell);
  };
}
