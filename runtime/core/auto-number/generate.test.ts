import { describe, expect, it } from 'vitest';
import { applyAutoNumbers, generateAutoNo, parseAutoNoRule } from './generate';

// Local time, as dayjs formats it.
const at = new Date(2026, 0, 2, 3, 4, 5).getTime();
const digits = (...seq: number[]) => {
  let i = 0;
  return () => seq[i++ % seq.length]!;
};

describe('generateAutoNo (building-blocks §4)', () => {
  it('joins text, date and random parts in order', () => {
    const rule = [
      { type: 'text', value: 'HT' },
      { type: 'date', format: 'YYYYMMDD' },
      { type: 'text', value: '-' },
      { type: 'random', digits: 4 },
    ];
    expect(generateAutoNo(rule, { now: () => at, randomDigit: digits(1, 2, 3, 4) })).toBe('HT20260102-1234');
  });

  it('defaults: random is 8 digits, date is YYYYMMDDHHmmss', () => {
    expect(generateAutoNo([{ type: 'random' }], { randomDigit: digits(7) })).toBe('77777777');
    expect(generateAutoNo([{ type: 'date' }], { now: () => at })).toBe('20260102030405');
  });

  it('the default random source gives 8 decimal digits that differ between calls', () => {
    const a = generateAutoNo([{ type: 'random' }]);
    const b = generateAutoNo([{ type: 'random' }]);
    const c = generateAutoNo([{ type: 'random' }]);
    expect(a).toMatch(/^\d{8}$/);
    expect(new Set([a, b, c]).size).toBeGreaterThan(1);
  });

  it('accepts one part or JSON text; clamps digits to 1–32', () => {
    expect(generateAutoNo({ type: 'text', value: 'NO' })).toBe('NO');
    expect(
      generateAutoNo(
        JSON.stringify([
          { type: 'text', value: 'A' },
          { type: 'random', digits: 2 },
        ]),
        { randomDigit: digits(5) },
      ),
    ).toBe('A55');
    expect(generateAutoNo([{ type: 'random', digits: 99 }], { randomDigit: digits(1) })).toHaveLength(32);
    expect(generateAutoNo([{ type: 'random', digits: 0 }], { randomDigit: digits(3) })).toBe('3');
  });

  it('a bad rule yields no number at all', () => {
    expect(parseAutoNoRule('{not json')).toEqual([]);
    expect(generateAutoNo([{ type: 'text', value: 'A' }, { type: 'sql' }])).toBe('');
    expect(generateAutoNo(42)).toBe('');
    expect(generateAutoNo(null)).toBe('');
  });
});

describe('applyAutoNumbers', () => {
  const fields = [
    {
      key: 'code',
      auto_no_rule: [
        { type: 'text', value: 'C' },
        { type: 'random', digits: 3 },
      ],
    },
    { key: 'name' },
  ];
  const opts = { randomDigit: digits(9) };

  it('add and copy: always a fresh number (a copy never keeps the source number)', () => {
    expect(applyAutoNumbers({}, fields, 'add', opts)).toEqual({ code: 'C999' });
    expect(applyAutoNumbers({ code: 'C123', name: 'x' }, fields, 'copy', opts)).toEqual({ code: 'C999', name: 'x' });
  });

  it('edit: only when empty; detail: never', () => {
    expect(applyAutoNumbers({ code: 'C123' }, fields, 'edit', opts)).toEqual({ code: 'C123' });
    expect(applyAutoNumbers({ code: '' }, fields, 'edit', opts)).toEqual({ code: 'C999' });
    expect(applyAutoNumbers({ code: null }, fields, 'detail', opts)).toEqual({ code: null });
  });

  it('does not mutate its input', () => {
    const input = { code: 'C1' };
    applyAutoNumbers(input, fields, 'copy', opts);
    expect(input).toEqual({ code: 'C1' });
  });
});
