import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import type { FieldDefinition } from '../../../protocol/page-schema';
import { dateCodec, dateRangeCodec, formatDate, multiCodec, numberCodec, switchCodec } from './index';

const field: FieldDefinition = { key: 'k', title: 'K', type: 'x' };
const march5 = dayjs('2024-03-05T08:30:00').valueOf();
const march9 = dayjs('2024-03-09T00:00:00').valueOf();

describe('date codec (ms timestamp ↔ dayjs)', () => {
  it('decodes numbers, numeric strings and ISO strings to the same instant', () => {
    expect(dateCodec.decode(march5, field)?.valueOf()).toBe(march5);
    expect(dateCodec.decode(String(march5) as any, field)?.valueOf()).toBe(march5);
    expect(dateCodec.decode(new Date(march5).toISOString() as any, field)?.valueOf()).toBe(march5);
  });
  it('treats empty and garbage as no value', () => {
    for (const bad of [null, undefined, '', 'not a date', {}])
      expect(dateCodec.decode(bad as any, field)).toBeUndefined();
  });
  it('encodes a dayjs back to the stored ms number, and nothing to null', () => {
    expect(dateCodec.encode(dayjs(march5), field)).toBe(march5);
    expect(dateCodec.encode(null, field)).toBeNull();
  });
  it('formats for read-pretty', () => {
    expect(formatDate(march5)).toBe('2024-03-05');
    expect(formatDate(march5, 'YYYY年MM月DD日 HH:mm')).toBe('2024年03月05日 08:30');
    expect(formatDate(null)).toBe('');
  });
});

describe('date range codec ("ts1,ts2")', () => {
  it('round-trips', () => {
    const stored = `${march5},${march9}`;
    const decoded = dateRangeCodec.decode(stored, field)!;
    expect(decoded.map((d) => d.valueOf())).toEqual([march5, march9]);
    expect(dateRangeCodec.encode(decoded, field)).toBe(stored);
  });
  it('needs both ends', () => {
    expect(dateRangeCodec.decode(`${march5}`, field)).toBeUndefined();
    expect(dateRangeCodec.decode(`${march5},x`, field)).toBeUndefined();
    expect(dateRangeCodec.encode([dayjs(march5), null] as any, field)).toBeNull();
  });
});

describe('multi codec (comma-joined)', () => {
  it('round-trips CJK and emoji values', () => {
    const values = ['制造业', '零售', '🚀火箭', 'a b'];
    const stored = multiCodec.encode(values, field);
    expect(stored).toBe('制造业,零售,🚀火箭,a b');
    expect(multiCodec.decode(stored, field)).toEqual(values);
  });
  it('keeps the full-width comma inside one value', () => {
    expect(multiCodec.decode('甲，乙,丙', field)).toEqual(['甲，乙', '丙']);
  });
  it('stores nothing as null and decodes empty to []', () => {
    expect(multiCodec.encode([], field)).toBeNull();
    expect(multiCodec.decode(null, field)).toEqual([]);
    expect(multiCodec.decode('', field)).toEqual([]);
    expect(multiCodec.encode([1, 2] as any, field)).toBe('1,2');
  });
});

describe('switch codec (boolean ↔ 0/1)', () => {
  it.each([
    [true, true],
    [1, true],
    ['1', true],
    ['true', true],
    ['TRUE', true],
    [false, false],
    [0, false],
    ['0', false],
    ['false', false],
    ['False', false],
  ])('decodes %j → %j', (stored, expected) => {
    expect(switchCodec.decode(stored as any, field)).toBe(expected);
  });
  it('decodes junk and empty to undefined', () => {
    expect(switchCodec.decode(null, field)).toBeUndefined();
    expect(switchCodec.decode('maybe' as any, field)).toBeUndefined();
  });
  it('encodes to 1 / 0 / null', () => {
    expect(switchCodec.encode(true, field)).toBe(1);
    expect(switchCodec.encode(false, field)).toBe(0);
    expect(switchCodec.encode(undefined, field)).toBeNull();
  });
});

describe('number codec', () => {
  it('accepts numeric strings from PostgreSQL and rejects the rest', () => {
    expect(numberCodec.decode('12.50' as any, field)).toBe(12.5);
    expect(numberCodec.decode(7, field)).toBe(7);
    expect(numberCodec.decode('abc' as any, field)).toBeUndefined();
    expect(numberCodec.encode(Number.NaN, field)).toBeNull();
  });
});
