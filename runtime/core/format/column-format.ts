/**
 * A list column's display format (the designer's 列表页 tab, issue 14): `field.column.format`, set
 * per column by the admin, over the widget's own value format. The ONE place that applies it — the
 * list's cells (runtime/core/list/format.ts) and the export (server/common/export/format.ts) both
 * ask here; the detail view and the read-only form keep the widget's format (the column format is
 * the table's reading, chosen for its width).
 *
 * What applies depends on the widget's format kind (`columnFormatKind`, which the designer uses to
 * offer the right controls): a number — precision, thousands separators, percent (the value × 100
 * with %), a currency symbol; a date — a pattern (dayjs tokens); anything else — an ellipsis length.
 * A format that does not fit the widget is ignored. The export never cuts text (a spreadsheet has
 * no column width to fit); it writes the number and date readings as text, as the list shows them.
 */
import type { ColumnFormat, FieldDefinition } from '../../../protocol/page-schema';
import { formatFor } from './index';
import type { FormatContext } from './types';

export type ColumnFormatKind = 'number' | 'date' | 'text';

/** Which column format controls fit the field's widget. */
export function columnFormatKind(field: FieldDefinition): ColumnFormatKind {
  const kind = formatFor(field).kind;
  return kind === 'number' || kind === 'date' ? kind : 'text';
}

const ELLIPSIS = '…';

/** 1234567.891 → "1,234,567.89" and the like; a sign stays in front of the currency symbol. */
export function formatNumber(value: number, format: ColumnFormat, fallbackPrecision?: number): string {
  const scaled = format.percent ? value * 100 : value;
  const precision = format.precision ?? fallbackPrecision;
  const fixed = precision === undefined ? String(Math.abs(scaled)) : Math.abs(scaled).toFixed(precision);
  const [whole, fraction] = fixed.split('.');
  const grouped = format.thousands ? whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : whole!;
  const sign = scaled < 0 && Number(fixed) !== 0 ? '-' : '';
  return `${sign}${format.currency ?? ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}${format.percent ? '%' : ''}`;
}

function formatted(field: FieldDefinition, stored: unknown, ctx: FormatContext, cut: boolean): string {
  const own = formatFor(field);
  const format = field.column?.format;
  if (!format) return own.display(stored, field, ctx);
  const kind = columnFormatKind(field);
  if (kind === 'number') {
    const number = typeof stored === 'number' ? stored : Number(stored);
    if (stored === null || stored === undefined || stored === '' || !Number.isFinite(number))
      return own.display(stored, field, ctx);
    const precision = field.props?.precision;
    return formatNumber(number, format, typeof precision === 'number' ? precision : undefined);
  }
  if (kind === 'date')
    // The widget's own date format reads a custom `props.format`: the pattern is given that way.
    return own.display(
      stored,
      format.pattern ? { ...field, props: { ...field.props, format: format.pattern } } : field,
      ctx,
    );
  const text = own.display(stored, field, ctx);
  const max = format.ellipsis;
  if (!cut || !max) return text;
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join('')}${ELLIPSIS}` : text;
}

/** The text a list cell shows: the widget's format with the column's over it. */
export const columnDisplay = (field: FieldDefinition, stored: unknown, ctx: FormatContext): string =>
  formatted(field, stored, ctx, true);

/**
 * The export cell of a column with a format: the number or date as the list reads it, text uncut.
 * Undefined when the column has no format (the widget's own cell applies: numbers stay numbers).
 */
export function columnExportCell(field: FieldDefinition | undefined, stored: unknown, ctx: FormatContext) {
  if (!field?.column?.format || columnFormatKind(field) === 'text') return undefined;
  return formatted(field, stored, ctx, false);
}
