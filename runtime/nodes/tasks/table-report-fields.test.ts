/**
 * The task form's table-report settings to the task's config and back: rows list their fields,
 * one group-by field counts (and sums), and a stored task's filters (and row sorts), which the
 * form does not show, survive a save from the form.
 */
import { describe, expect, it } from 'vitest';
import { tableReportConfig, tableReportValues } from './TableReportFields';

describe('table report settings', () => {
  it('lists fields, or groups with a count and a sum', () => {
    expect(tableReportConfig({ table: 'deal', fields: ['title', 'amount'], limit: 5, output: 'csv' })).toEqual({
      table: 'deal',
      query: { showFields: ['title', 'amount'] },
      limit: 5,
      output: 'csv',
    });
    const grouped = tableReportConfig({ table: 'deal', groupBy: 'stage', sumKey: 'amount' });
    expect(grouped.query).toEqual({
      groupBy: ['stage'],
      measures: [
        { fn: 'count', as: 'count' },
        { fn: 'sum', key: 'amount', as: 'sum_amount' },
      ],
    });
    expect(tableReportValues(grouped)).toMatchObject({ table: 'deal', groupBy: 'stage', sumKey: 'amount' });
  });

  it('keeps a stored task’s filters and row sorts, which the form does not edit', () => {
    const stored = {
      showFields: ['title'],
      querys: [{ key: 'amount', rule: 'GE', value: 50 }],
      sorts: [{ key: 'amount', order: 'desc' }],
    };
    expect(tableReportConfig({ table: 'deal', fields: ['title', 'stage'] }, stored).query).toEqual({
      querys: stored.querys,
      showFields: ['title', 'stage'],
      sorts: stored.sorts,
    });
    expect(tableReportConfig({ table: 'deal', groupBy: 'stage' }, stored).query).toEqual({
      querys: stored.querys,
      groupBy: ['stage'],
      measures: [{ fn: 'count', as: 'count' }],
    });
  });
});
