import { describe, expect, it } from 'vitest';
import { aggregateBody, filterConditions, lastDays, previousPeriod, withRange } from './query';
import type { DashboardFilter } from './types';

const filters: DashboardFilter[] = [
  { key: 'period', kind: 'dateRange', field: 'signed_at', tables: ['customer'] },
  { key: 'level', kind: 'dict', field: 'level', dict: 'customer_level' },
];
const widget = { key: 'w', table: 'customer' };

describe('filterConditions', () => {
  it('turns a date range into BETWEEN and a dictionary value into EQUAL / IN', () => {
    expect(filterConditions(widget, filters, { period: [1, 2], level: 'vip' })).toEqual([
      { key: 'signed_at', value: [1, 2], rule: 'BETWEEN' },
      { key: 'level', value: 'vip', rule: 'EQUAL' },
    ]);
    expect(filterConditions(widget, filters, { level: ['vip', 'normal'] })).toEqual([
      { key: 'level', value: ['vip', 'normal'], rule: 'IN' },
    ]);
  });

  it('skips empty values, other tables, and widgets that opt out or name their own field', () => {
    expect(filterConditions(widget, filters, { period: undefined, level: [] })).toEqual([]);
    expect(filterConditions({ key: 'o', table: 'orders' }, filters, { period: [1, 2], level: 'vip' })).toEqual([
      { key: 'level', value: 'vip', rule: 'EQUAL' },
    ]);
    expect(
      filterConditions({ ...widget, filterFields: { period: 'create_at', level: null } }, filters, {
        period: [1, 2],
        level: 'vip',
      }),
    ).toEqual([{ key: 'create_at', value: [1, 2], rule: 'BETWEEN' }]);
  });

  it('applies a click on one chart to the other widgets on the same table only', () => {
    const cross = { source: 'byLevel', table: 'customer', field: 'level', value: 'vip', label: 'VIP' };
    expect(filterConditions(widget, [], {}, cross)).toEqual([{ key: 'level', value: 'vip', rule: 'EQUAL' }]);
    expect(filterConditions({ key: 'byLevel', table: 'customer' }, [], {}, cross)).toEqual([]);
    expect(filterConditions({ key: 'o', table: 'orders' }, [], {}, cross)).toEqual([]);
  });
});

describe('aggregateBody', () => {
  const binding = {
    table: 'customer',
    querys: [{ key: 'active', value: 1, rule: 'EQUAL' as const }],
    groupBy: ['level'],
  };
  it('drops the table, appends the filters after its own conditions, adds the time zone', () => {
    expect(aggregateBody(binding, [{ key: 'level', value: 'vip', rule: 'EQUAL' }], 'Asia/Shanghai')).toEqual({
      querys: [
        { key: 'active', value: 1, rule: 'EQUAL' },
        { key: 'level', value: 'vip', rule: 'EQUAL' },
      ],
      groupBy: ['level'],
      timeZone: 'Asia/Shanghai',
    });
  });
  it('keeps a binding time zone, and does not narrow an OR binding (it would widen it)', () => {
    expect(aggregateBody({ ...binding, timeZone: 'UTC' }, [], 'Asia/Shanghai').timeZone).toBe('UTC');
    expect(
      aggregateBody({ ...binding, relate: 'OR' }, [{ key: 'level', value: 'vip', rule: 'EQUAL' }]).querys,
    ).toHaveLength(1);
  });
});

describe('periods', () => {
  it('the previous period has the same length and ends just before', () => {
    expect(previousPeriod([1000, 1999])).toEqual([0, 999]);
    expect(
      withRange(
        [
          { key: 'd', value: [1, 2], rule: 'BETWEEN' },
          { key: 'x', value: 1, rule: 'EQUAL' },
        ],
        'd',
        [5, 6],
      ),
    ).toEqual([
      { key: 'd', value: [5, 6], rule: 'BETWEEN' },
      { key: 'x', value: 1, rule: 'EQUAL' },
    ]);
  });
  it('lastDays ends at the end of today and spans whole days', () => {
    const [from, to] = lastDays(7, new Date(2026, 0, 10, 15, 30));
    expect(new Date(from)).toEqual(new Date(2026, 0, 4));
    expect(new Date(to + 1)).toEqual(new Date(2026, 0, 11));
  });
});
