import { describe, expect, it } from 'vitest';
import { changeRatio, formatMeasure } from './measure-format';

describe('formatMeasure', () => {
  it('groups thousands, keeps integers whole, rounds others to 2 decimals by default', () => {
    expect(formatMeasure(1234567, undefined, 'zh')).toBe('1,234,567');
    expect(formatMeasure(505001.0333, undefined, 'en')).toBe('505,001.03');
    expect(formatMeasure('42', undefined, 'zh')).toBe('42');
  });
  it('precision, no separators, percent, units and compact forms per language', () => {
    expect(formatMeasure(3.14159, { precision: 2, thousands: false }, 'zh')).toBe('3.14');
    expect(formatMeasure(0.256, { percent: true, precision: 1 }, 'zh')).toBe('25.6%');
    expect(formatMeasure(25250000.5, { compact: true, precision: 2, unit: { zh: '元', en: ' CNY' } }, 'zh')).toBe(
      '2,525.00万元',
    );
    expect(formatMeasure(25250000.5, { compact: true, precision: 2, unit: { zh: '元', en: ' CNY' } }, 'en')).toBe(
      '25.25M CNY',
    );
    expect(formatMeasure(320000000, { compact: true }, 'zh')).toBe('3.2亿');
    expect(formatMeasure(999, { compact: true }, 'en')).toBe('999');
  });
  it('no value reads "-", text stays text', () => {
    expect(formatMeasure(null, undefined, 'zh')).toBe('-');
    expect(formatMeasure(undefined, undefined, 'zh')).toBe('-');
    expect(formatMeasure('n/a', undefined, 'zh')).toBe('n/a');
  });
});

describe('changeRatio', () => {
  it('is the change over the previous value, undefined without a previous one', () => {
    expect(changeRatio(125, 100)).toBe(0.25);
    expect(changeRatio(50, 100)).toBe(-0.5);
    expect(changeRatio(5, 0)).toBeUndefined();
    expect(changeRatio(5, null)).toBeUndefined();
    expect(changeRatio(5, -10)).toBe(1.5);
  });
});
