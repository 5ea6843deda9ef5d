import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ModuleSchemaError } from '../errors';
import { moduleFields, moduleTableName } from './columns';

const page = (fields: unknown[], extra: Record<string, unknown> = {}) => ({
  schemaVersion: 1,
  type: 'page',
  body: [{ type: 'tab', children: [{ type: 'list', table: 't', fields, ...extra }] }],
});

describe('moduleFields', () => {
  it('derives the customer columns from the demo schema and the widget registry', () => {
    const schema = JSON.parse(readFileSync('schemas/apps/demo/modules/customer.json', 'utf8'));
    const { columns } = moduleFields(schema, 'customer');
    expect(columns.map((c) => [c.name, c.type, c.unique, c.required])).toEqual([
      ['name', 'string', true, true],
      ['mobile', 'string', false, false],
      ['level', 'string', false, true],
      ['industry', 'string', false, false],
      ['credit_limit', 'double', false, false],
      ['signed_at', 'long', false, false],
      ['active', 'boolean', false, false],
      ['remark', 'text', false, false],
    ]);
    expect(columns[0]).toMatchObject({ title: { zh: '客户名称', en: 'Name' }, maxLength: 60 });
  });

  it('walks containers, skips not_sql_field and standard columns, and lets dataType win', () => {
    const { columns, virtualKeys } = moduleFields(
      page([
        { key: 'a', title: 'A', type: 'input' },
        { type: 'grid', children: [{ key: 'b', title: 'B', type: 'number', dataType: 'long' }] },
        { key: 'c', title: 'C', type: 'input', not_sql_field: true },
        { key: 'create_at', title: '创建时间', type: 'date' },
      ]),
    );
    expect(columns.map((c) => `${c.name}:${c.type}`)).toEqual(['a:string', 'b:long']);
    expect(virtualKeys).toEqual(['c']);
  });

  it('refuses keys that are not safe identifiers, duplicates, unknown widgets and missing lists', () => {
    const bad = (fields: unknown[]) => () => moduleFields(page(fields));
    expect(bad([{ key: 'a; drop table x', title: 'x', type: 'input' }])).toThrow(ModuleSchemaError);
    expect(bad([{ key: '1a', title: 'x', type: 'input' }])).toThrow('must start with a letter');
    expect(
      bad([
        { key: 'a', title: 'x', type: 'input' },
        { key: 'A', title: 'y', type: 'input' },
      ]),
    ).toThrow('used twice');
    expect(bad([{ key: 'a', title: 'x', type: 'hologram' }])).toThrow('unknown widget type "hologram"');
    expect(bad([{ key: 'a', title: 'x', type: 'constructor' }])).toThrow('unknown widget type');
    expect(bad([{ key: 'a', title: 'x', type: 'input', dataType: 'blob' }])).toThrow('unknown dataType');
    expect(() => moduleFields({ body: [] })).toThrow('no list node');
  });
});

describe('moduleTableName', () => {
  it('prefixes with the app and checks the result', () => {
    expect(moduleTableName('demo', 'customer')).toBe('m_demo_customer');
    expect(() => moduleTableName('demo', 'Customer')).toThrow(ModuleSchemaError);
    expect(() => moduleTableName('demo', 'x`y')).toThrow(ModuleSchemaError);
    expect(() => moduleTableName('demo', 'a'.repeat(60))).toThrow('at most 60');
  });
});
