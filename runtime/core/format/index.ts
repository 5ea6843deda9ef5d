/**
 * valueFormatOf: the one lookup the table, detail and read-only views, export and import use to
 * turn a stored value into text and a cell back into a stored value. A widget declares its format
 * in its definition (runtime/widgets/<type>/definition.ts); a column without a field (a joined
 * table's, a system column) is formatted by its column type.
 */
import type { FieldDefinition } from '../../../protocol/page-schema';
import { getWidget, type ColumnType } from '../registry';
import { DATETIME } from './dates';
import { booleanFormat, dateFormat, numberFormat, textFormat } from './formats';
import type { FormatContext, ValueFormat } from './types';

export * from './types';
export * from './formats';
export { dictLabel, labelMapOf, type LabelSource } from './labels';
export { DATE, DATETIME, MONTH, RANGE_JOIN, formatMs, parseInstant } from './dates';

/** The format a widget type declares, or undefined for a type without one (display-only, unknown). */
export const valueFormatOf = (widgetType: string): ValueFormat | undefined => getWidget(widgetType)?.format;

const instant = dateFormat({ format: DATETIME });
const range = dateFormat({ format: DATETIME, range: true });
/** A time column without a date widget: an instant, or a range where it holds "ts1,ts2". */
const instantFormat: ValueFormat = {
  kind: 'date',
  display: (stored, field, ctx) =>
    (typeof stored === 'string' && stored.includes(',') ? range : instant).display(stored, field, ctx),
  parse: (cell, field, ctx) =>
    (typeof cell === 'string' && /[~～]/.test(cell) ? range : instant).parse(cell, field, ctx),
};

/** For a column without a widget: by its column type (time columns hold ms timestamps). */
export function columnFormatOf(columnType: ColumnType | undefined): ValueFormat {
  if (columnType === 'boolean') return booleanFormat;
  if (columnType === 'time') return instantFormat;
  if (columnType === 'integer' || columnType === 'long' || columnType === 'float' || columnType === 'double')
    return numberFormat;
  return textFormat;
}

/**
 * The field's widget format, else its column type's. A text widget over a number or boolean column
 * (an input with dataType integer) reads and imports as that column type.
 */
export function formatFor(field: FieldDefinition | undefined, columnType?: ColumnType): ValueFormat {
  const type =
    columnType ?? (field?.dataType as ColumnType | undefined) ?? (field && getWidget(field.type)?.columnType);
  const own = field && valueFormatOf(field.type);
  if (own && own !== textFormat) return own;
  return own && (type === 'string' || type === 'text' || type === undefined) ? own : columnFormatOf(type);
}

/** Stored value → text for one field: what every view shows. */
export const displayValue = (field: FieldDefinition, stored: unknown, ctx: FormatContext): string =>
  formatFor(field).display(stored, field, ctx);
