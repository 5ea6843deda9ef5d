import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../../protocol/page-schema';
import '../../widgets/definitions';
import { columnPrefKey, hiddenColumns } from './column-prefs';
import { ganttOptions, toGanttTasks } from './gantt';
import { buildExportArgs, exportableFields, importFields, isWorkbookName, move } from './transfer';

const fields: FieldDefinition[] = [
  { key: 'name', title: { zh: '名称', en: 'Name' }, type: 'input', required: true },
  { key: 'level', title: '等级', type: 'select', selectItems: [{ value: 'A', label: { zh: '重要', en: 'Key' } }] },
  { key: 'secret', title: '内部', type: 'input', allowExport: false },
  { key: 'calc', title: '计算', type: 'input', not_sql_field: true },
];

describe('export and import helpers', () => {
  it('offers real columns not marked allowExport: false, titled in the language', () => {
    expect(exportableFields(fields, 'en')).toEqual([
      { key: 'name', title: 'Name' },
      { key: 'level', title: '等级' },
    ]);
    expect(exportableFields([fields[2], fields[3]], 'zh')).toEqual([]);
  });

  it('builds the export body: query + exportFields in order + selected ids as IN', () => {
    const query = { querys: [{ key: 'name', value: 'a', rule: 'LIKE' as const }], isPage: true, current: 3 };
    const chosen = [
      { key: 'level', title: '等级' },
      { key: 'name', title: '名称' },
    ];
    expect(buildExportArgs(query, { exportFields: chosen, ids: ['c1', 'c2'], idKey: 'uid' })).toEqual({
      ...query,
      querys: [
        { key: 'name', value: 'a', rule: 'LIKE' },
        { key: 'uid', value: ['c1', 'c2'], rule: 'IN' },
      ],
      exportFields: chosen,
    });
    expect(buildExportArgs(query, { exportFields: chosen }).querys).toEqual(query.querys);
  });

  it('describes import fields with required and options', () => {
    expect(importFields(fields, 'zh')).toEqual([
      { key: 'name', title: '名称', required: true },
      { key: 'level', title: '等级', selectItems: [{ value: 'A', label: '重要' }] },
      { key: 'secret', title: '内部' },
    ]);
  });

  it('accepts only .xlsx / .xls names and moves items', () => {
    expect(['a.xlsx', 'B.XLS', 'a.csv', 'a.xlsx.exe', 'xlsx'].map(isWorkbookName)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(move(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(move(['a', 'b', 'c'], 0, 5)).toEqual(['a', 'b', 'c']);
  });
});

describe('column prefs', () => {
  it('names the key safely and keeps only known, distinct hidden columns', () => {
    expect(columnPrefKey('customer')).toBe('columns:customer');
    expect(columnPrefKey('a/b c')).toBe('columns:a_b_c');
    expect(hiddenColumns({ hidden: ['level', 'gone', 'level', 7] }, ['name', 'level'])).toEqual(['level']);
    expect(hiddenColumns(null, ['name'])).toEqual([]);
    expect(hiddenColumns({ hidden: 'level' }, ['level'])).toEqual([]);
  });
});

describe('gantt tasks', () => {
  it('builds a tree from parent keys with inclusive day ends, skipping rows without a start', () => {
    const day = (d: number) => new Date(2024, 0, d).getTime();
    const rows = [
      { id: 1, title: '项目', begin: day(1), days: 10 },
      { id: 2, title: '设计', begin: day(2), days: 3, up: 1 },
      { id: 3, title: '开发', begin: '2024-01-05', days: 0, up: 1 },
      { id: 4, title: '孤儿', begin: day(3), up: 99 },
      { id: 5, title: '无日期', begin: null },
    ];
    const tasks = toGanttTasks(rows, 'id', { text: 'title', start: 'begin', duration: 'days', parent: 'up' });
    expect(tasks).toEqual([
      {
        id: '1',
        text: '项目',
        start: '2024-01-01',
        end: '2024-01-10',
        children: [
          { id: '2', text: '设计', start: '2024-01-02', end: '2024-01-04' },
          { id: '3', text: '开发', start: '2024-01-05', end: '2024-01-05' },
        ],
      },
      { id: '4', text: '孤儿', start: '2024-01-03', end: '2024-01-03' },
    ]);
  });
});

describe('gantt options', () => {
  const tasks = toGanttTasks(
    [
      { id: 1, text: 'a', start_date: new Date(2024, 0, 10).getTime(), duration: 3 },
      { id: 2, text: 'b', start_date: new Date(2024, 1, 1).getTime(), duration: 1 },
    ],
    'id',
  );

  it('fixes the spec sizes: 120 px day columns, 90 px of scales, week or month over days, no links', () => {
    for (const scale of ['week', 'month'] as const) {
      const o = ganttOptions(tasks, { scale, today: '2024-01-20', todayLabel: '今日', textTitle: '任务' });
      expect(o.timelineHeader.colWidth).toBe(120);
      expect(o.timelineHeader.scales.map((s) => s.unit)).toEqual([scale, 'day']);
      expect(o.timelineHeader.scales.reduce((sum, s) => sum + s.rowHeight, 0)).toBe(90);
      expect(o).not.toHaveProperty('dependency');
      expect(o.taskBar.moveable).toBe(false);
    }
  });

  it('spans every task and today, opening on today only when it falls within the tasks', () => {
    const inside = ganttOptions(tasks, { scale: 'week', today: '2024-01-20', todayLabel: '今日', textTitle: '任务' });
    expect([inside.minDate, inside.maxDate]).toEqual(['2024-01-01', '2024-02-08']); // a Monday
    expect(inside.markLine[0]).toMatchObject({ date: '2024-01-20', content: '今日', scrollToMarkLine: true });
    const later = ganttOptions(tasks, { scale: 'week', today: '2024-06-01', todayLabel: '今日', textTitle: '任务' });
    expect([later.minDate, later.maxDate]).toEqual(['2024-01-01', '2024-06-08']);
    expect(later.markLine[0].scrollToMarkLine).toBe(false);
  });
});
