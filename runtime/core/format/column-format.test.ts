/**
 * A list column's display format (column-format.ts): the controls that fit each widget, what a
 * list cell shows and what an export writes, and that a format not fitting the widget is ignored.
 */
import { describe, expect, it } from 'vitest';
import '../../definitions';
import type { FieldDefinition } from '../../../protocol/page-schema';
import { columnDisplay, columnExportCell, columnFormatKind, formatNumber } from './column-format';

const ctx = { lang: 'zh' as const };
const field = (type: string, format?: NonNullable<FieldDefinition['column']>['format'], props?: object) =>
  ({
    key: 'f',
    title: 'f',
    type,
    ...(props ? { props } : {}),
    ...(format ? { column: { format } } : {}),
  }) as FieldDefinition;
const at = new Date(2024, 0, 2, 3, 4, 5).getTime();

describe('column formats', () => {
  it('offers number controls for numbers, a pattern for dates, an ellipsis for the rest', () => {
    expect(columnFormatKind(field('number'))).toBe('number');
    expect(columnFormatKind(field('date'))).toBe('date');
    expect(columnFormatKind(field('input'))).toBe('text');
    expect(columnFormatKind(field('select'))).toBe('text');
  });

  it('formats numbers: precision, thousands, percent, currency, sign, the widget precision as fallback', () => {
    expect(formatNumber(1234567.891, { precision: 2, thousands: true, currency: '¥' })).toBe('¥1,234,567.89');
    expect(formatNumber(-1234.5, { thousands: true, currency: '$' })).toBe('-$1,234.5');
    expect(formatNumber(0.1234, { percent: true, precision: 1 })).toBe('12.3%');
    expect(formatNumber(-0.001, { precision: 2 })).toBe('0.00');
    expect(formatNumber(999, { thousands: true })).toBe('999');
    expect(columnDisplay(field('number', { thousands: true }, { precision: 3 }), 1234.5, ctx)).toBe('1,234.500');
    // Not a number: the widget's own reading.
    expect(columnDisplay(field('number', { thousands: true }), 'n/a', ctx)).toBe('n/a');
  });

  it('shows dates in the pattern, cuts long text in a cell but never in an export', () => {
    expect(columnDisplay(field('date', { pattern: 'YYYY年MM月DD日' }), at, ctx)).toBe('2024年01月02日');
    expect(columnExportCell(field('date', { pattern: 'MM/DD' }), at, ctx)).toBe('01/02');
    const text = field('input', { ellipsis: 4 });
    expect(columnDisplay(text, '一二三四五六', ctx)).toBe('一二三四…');
    expect(columnDisplay(text, '一二三四', ctx)).toBe('一二三四');
    expect(columnExportCell(text, '一二三四五六', ctx)).toBeUndefined();
  });

  it('ignores a format that does not fit the widget, and changes nothing without one', () => {
    expect(columnDisplay(field('input', { thousands: true, precision: 2 }), '12345', ctx)).toBe('12345');
    expect(columnDisplay(field('date', { ellipsis: 3 }), at, ctx)).toBe('2024-01-02');
    expect(columnDisplay(field('number'), 1234.5, ctx)).toBe('1234.5');
    expect(columnExportCell(field('number'), 1234.5, ctx)).toBeUndefined();
  });
});
