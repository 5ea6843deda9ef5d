/**
 * The editable sub-table (widget "table") stores its rows as JSON text: an array of plain row
 * objects. Anything else decodes to no rows; non-object rows are dropped so a bad row never reaches
 * the table.
 */
import type { ValueCodec } from '../registry';

export type Row = Record<string, unknown>;

const isRow = (value: unknown): value is Row => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

export function readRows(stored: unknown): Row[] {
  let value = stored;
  if (typeof value === 'string') {
    if (value.trim() === '') return [];
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  return Array.isArray(value) ? value.filter(isRow) : [];
}

export function writeRows(rows: unknown): string | null {
  const list = readRows(Array.isArray(rows) ? rows : []);
  return list.length ? JSON.stringify(list) : null;
}

export const rowsCodec: ValueCodec<Row[], string> = {
  decode: (stored) => readRows(stored),
  encode: (value) => writeRows(value),
};
