import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../../protocol/page-schema';
import { buildConditions, buildListQuery, searchRuleOf } from './query';
import { formatCell } from './format';
import { tableFields, valueFields } from './fields';
import '../../widgets/definitions';
import listFixture from '../../../fixtures/pages/blocks-list.page.json';
import { QUERY_RULES } from '../../../protocol/list-query';

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

describe('list-query body from fixtures/pages/blocks-list (building-blocks §7)', () => {
  const fields = listFixture.body[0].fields as FieldDefinition[];

  it('numbers the rules 1 to 13 in the spec order', () => {
    expect(QUERY_RULES).toEqual([
      'EQUAL', 'IN', 'LIKE', 'GT', 'LT', 'GE', 'LE', 'BETWEEN', 'NO_EQUAL', 'IS_NULL', 'IS_NOT_NULL', 'INCLUDE_OR', 'INCLUDE_AND',
    ]); // prettier-ignore
    QUERY_RULES.forEach((rule, i) => {
      expect(searchRuleOf(f('a', { search: { rule: i + 1 } }))).toBe(rule);
      expect(searchRuleOf(f('a', { search: { rule: String(i + 1) } }))).toBe(rule);
    });
  });

  it('uses each widget’s default rule unless the field names one, shaping multi values and ranges', () => {
    const from = Date.UTC(2024, 0, 2);
    const to = Date.UTC(2024, 0, 9);
    const query = buildListQuery(
      fields,
      {
        name: ' 零售 ',
        level: 'B',
        mobile: '138',
        industry: 'retail,finance', // select-multi stores a comma list
        credit_limit: 20000,
        signed_at: `${from},${to}`, // the search form's date range, stored
        active: true, // not a search field: no condition
        remark: '无',
      },
      { sorts: listFixture.body[0].sorts as never },
    );
    expect(query).toEqual({
      showFields: ['id', 'name', 'level', 'mobile', 'industry', 'credit_limit', 'signed_at', 'active', 'remark'],
      querys: [
        { key: 'name', value: '零售', rule: 'LIKE' }, // input: LIKE
        { key: 'level', value: 'B', rule: 'EQUAL' }, // select: EQUAL
        { key: 'mobile', value: '138', rule: 'LIKE' }, // named by the field
        { key: 'industry', value: 'retail,finance', rule: 'INCLUDE_OR' }, // select-multi: INCLUDE_OR
        { key: 'credit_limit', value: 20000, rule: 'GE' }, // code 6
        { key: 'signed_at', value: [from, to], rule: 'BETWEEN' }, // date: BETWEEN
      ],
      sorts: [{ key: 'credit_limit', order: 'asc' }],
      relate: 'AND',
      isPage: true,
      current: 1,
      pageSize: 10,
    });
  });

  it('sorts by create_at desc when the schema names no sort, and sends no paging when unpaginated', () => {
    const query = buildListQuery(fields, { industry: ['retail'] }, { paginate: false });
    expect(query.sorts).toEqual([{ key: 'create_at', order: 'desc' }]);
    expect(query.querys).toEqual([{ key: 'industry', value: 'retail', rule: 'INCLUDE_OR' }]);
    for (const key of ['isPage', 'current', 'pageSize']) expect(query).not.toHaveProperty(key);
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
    // A time column without a date widget: date and time, as the export writes it.
    const date = f('d', { dataType: 'time' });
    const ts = new Date(2024, 4, 3, 12).getTime();
    expect(formatCell(date, ts, zh)).toBe('2024-05-03 12:00:00');
    expect(formatCell(date, `${ts},${ts + 86_400_000}`, zh)).toBe('2024-05-03 12:00:00 ~ 2024-05-04 12:00:00');
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
    // A month reads as its month, not the first day's full date (issue 13).
    expect(formatCell(f('m', { type: 'month' }), new Date(2024, 2, 1).getTime(), zh)).toBe('2024-03');
  });
});
