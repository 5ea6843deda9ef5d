import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../../protocol/page-schema';
import '../../widgets/definitions';
import { columnPrefKey, hiddenColumns } from './column-prefs';
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
