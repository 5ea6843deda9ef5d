import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../../protocol/page-schema';
import { buildConditions, buildListQuery, searchRuleOf } from './query';
import { formatCell } from './format';
import { tableFields, valueFields } from './fields';
import '../../widgets/definitions';

const f = (key: string, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  key,
  title: key,
  type: 'input',
  ...extra,
});

describe('buildConditions', () => {
  it('accepts rule names in any case and numeric codes, defaulting to EQUAL', () => {
    expect(searchRuleOf(f('a', { search: { rule: 'like' } }))).toBe('LIKE');
    expect(searchRuleOf(f('a', { search: { rule: 2 } }))).toBe('IN');
    expect(searchRuleOf(f('a', { search: true }))).toBe('LIKE'); // the input widget's default
    expect(searchRuleOf(f('a', { type: 'unregistered', search: true }))).toBe('EQUAL');
  });

  it('shapes values by rule', () => {
    const fields = [
      f('in', { search: { rule: 'IN' } }),
      f('inc', { search: { rule: 'INCLUDE_AND' } }),
      f('nul', { search: { rule: 'IS_NULL' } }),
      f('off', { search: { rule: 'IS_NOT_NULL' } }),
      f('zero', { type: 'number', search: true }),
      f('between', { search: { rule: 'BETWEEN' } }),
    ];
    expect(
      buildConditions(fields, { in: 'a, b,', inc: ['x', 'y'], nul: true, off: false, zero: 0, between: ',' }),
    ).toEqual([
      { key: 'in', value: ['a', 'b'], rule: 'IN' },
      { key: 'inc', value: 'x,y', rule: 'INCLUDE_AND' },
      { key: 'nul', rule: 'IS_NULL' },
      { key: 'zero', value: 0, rule: 'EQUAL' },
    ]);
  });

  it('leaves out display-only and not_sql_field columns from showFields', () => {
    const q = buildListQuery([f('a'), f('b', { not_sql_field: true })], {}, { idKey: 'uid', current: 2, pageSize: 20 });
    expect(q).toMatchObject({ showFields: ['uid', 'a'], current: 2, pageSize: 20, isPage: true });
  });
});

describe('fields', () => {
  it('flattens containers and picks table columns', () => {
    const nodes = [
      f('a'),
      { type: 'grid', children: [f('b', { tableHidden: true }), f('c', { visibleRoleIds: 'r1,r2' })] },
    ];
    const values = valueFields(nodes as never);
    expect(values.map((x) => x.key)).toEqual(['a', 'b', 'c']);
    expect(tableFields(values, ['r3']).map((x) => x.key)).toEqual(['a']);
    expect(tableFields(values, ['r2']).map((x) => x.key)).toEqual(['a', 'c']);
  });
});

describe('formatCell', () => {
  const zh = { lang: 'zh' as const };
  it('shows option labels, for multi values too, in the current language', () => {
    const field = f('i', {
      type: 'select',
      selectItems: [
        { value: 'r', label: { zh: '零售', en: 'Retail' } },
        { value: 'f', label: '金融' },
      ],
    });
    expect(formatCell(field, 'r', zh)).toBe('零售');
    expect(formatCell(field, 'r', { lang: 'en' })).toBe('Retail');
    expect(formatCell(field, 'r,f,x', zh)).toBe('零售, 金融, x');
    expect(formatCell(f('l'), 'A', { lang: 'zh', options: [{ value: 'A', label: '重要客户' }] })).toBe('重要客户');
  });
  it('formats times, ranges and booleans by column type, and blanks as empty', () => {
    const date = f('d', { dataType: 'time' });
    const ts = new Date(2024, 4, 3, 12).getTime();
    expect(formatCell(date, ts, zh)).toBe('2024-05-03');
    expect(formatCell(date, `${ts},${ts + 86_400_000}`, zh)).toBe('2024-05-03 ~ 2024-05-04');
    expect(formatCell(f('t', { dataType: 'time', props: { format: 'YYYY/MM/DD HH:mm' } }), String(ts), zh)).toBe(
      '2024/05/03 12:00',
    );
    expect(formatCell(f('b', { dataType: 'boolean' }), 1, zh)).toBe('是');
    expect(formatCell(f('b', { dataType: 'boolean' }), false, { lang: 'en' })).toBe('No');
    expect(formatCell(f('x'), null, zh)).toBe('');
    // Through the registered widgets' codecs: a date widget stores ms timestamps in a long column.
    expect(formatCell(f('d', { type: 'date' }), ts, zh)).toBe('2024-05-03');
    expect(formatCell(f('d', { type: 'date', props: { showTime: true } }), String(ts), zh)).toBe('2024-05-03 12:00:00');
    expect(formatCell(f('s', { type: 'switch' }), 0, zh)).toBe('否');
    expect(formatCell(f('s', { type: 'switch' }), '1', zh)).toBe('是');
    expect(formatCell(f('x'), [{ url: '/a', name: 'a.png' }], zh)).toBe('a.png');
  });
});
