import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import '../../definitions';
import { createAjv, META, nodeSchemaId, validatePage, validateWith } from './ajv';
import { defineWidget, nodeTypes, widgetTypes } from '../registry';

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../fixtures/pages/${name}`, import.meta.url), 'utf8'));
const page = (body: unknown[]) => ({ $schema: META.page, schemaVersion: 1, type: 'page', body });
const form = (fields: unknown[]) => page([{ type: 'form', dataSource: { kind: 'COMMON', api: 'common/t' }, fields }]);

describe('validatePage', () => {
  it('accepts the all-widgets fixture and the demo customer module', () => {
    expect(validatePage(fixture('all-widgets.page.json'))).toEqual({ valid: true, errors: [] });
    const customer = JSON.parse(
      readFileSync(new URL('../../../schemas/apps/demo/modules/customer.json', import.meta.url), 'utf8'),
    );
    expect(validatePage(customer)).toEqual({ valid: true, errors: [] });
  });

  it('the all-widgets fixture really uses every registered widget, grid and tab', () => {
    const used = new Set<string>();
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') {
        const type = (value as { type?: unknown }).type;
        if (typeof type === 'string') used.add(type);
        Object.values(value).forEach(walk);
      }
    };
    walk(fixture('all-widgets.page.json').body);
    for (const type of [...widgetTypes(), 'grid', 'tab']) expect(used, type).toContain(type);
  });

  it('requires schemaVersion, type page and a body', () => {
    expect(validatePage({ type: 'page' }).errors).toEqual([
      { path: '/schemaVersion', message: 'is required' },
      { path: '/body', message: 'is required' },
    ]);
    expect(validatePage({ schemaVersion: 0, type: 'form', body: [] }).errors).toEqual([
      { path: '/schemaVersion', message: 'must be 2' },
      { path: '/type', message: 'must be "page"' },
    ]);
  });

  it('migrates an older page first (its fields get ids); a latest page without ids, or a newer version, is refused', () => {
    const old = form([{ key: 'a', title: 'A', type: 'input' }]);
    expect(validatePage(old)).toEqual({ valid: true, errors: [] });
    expect(old.body[0]).not.toHaveProperty('fields.0.id');
    expect(validatePage({ ...old, schemaVersion: 2 }).errors).toEqual([
      { path: '/body/0/fields/0/id', message: 'is required' },
    ]);
    expect(validatePage({ ...old, schemaVersion: 3 }).errors).toContainEqual({
      path: '/schemaVersion',
      message: 'must be 2',
    });
  });

  it('reports each mistake of the bad fixture at a path a human can follow', () => {
    const result = validatePage(fixture('bad-page.invalid.json'));
    expect(result.valid).toBe(false);
    expect(result.errors.map((e) => e.path)).toEqual([
      '/body/0/dataSource/api',
      '/body/0/fields/0/colour',
      '/body/0/fields/1/type',
      '/body/0/fields/2/props/colour',
      '/body/0/fields/3/hiddenFn',
      '/body/0/fields/4/children/0/key',
      '/body/0/fields/4/children/0/title/zh',
    ]);
    expect(result.errors[1].message).toBe('is not an allowed property');
    expect(result.errors[4].message).toMatch(/not a valid expression/);
  });

  it('derives the type lists from the registry: unknown types list the registered ones', () => {
    const { errors } = validatePage(form([{ key: 'a', title: 'A', type: 'slider' }]));
    expect(errors).toHaveLength(1);
    for (const type of [...widgetTypes(), ...nodeTypes()]) expect(errors[0].message).toContain(`"${type}"`);
    expect(validatePage(page([{ type: 'input', key: 'a', title: 'A' }])).errors[0]).toMatchObject({
      path: '/body/0/type',
    });
  });

  it('checks a field’s props with its widget’s own propsSchema', () => {
    expect(validatePage(form([{ key: 'n', title: 'N', type: 'number', props: { min: 0, max: 10 } }])).valid).toBe(true);
    expect(validatePage(form([{ key: 'n', title: 'N', type: 'number', props: { max: 1e12 } }])).errors).toEqual([
      { path: '/body/0/fields/0/props/max', message: 'must be <= 100000000000' },
    ]);
    expect(
      validatePage(form([{ key: 's', title: 'S', type: 'select', props: { mode: 'many' } }])).errors[0].message,
    ).toBe('must be one of: "multiple", "tags"');
  });

  it('checks texts, select items, dictApi paths and patterns', () => {
    const { errors } = validatePage(
      form([
        { key: 'a', title: { zh: '甲', fr: 'x' }, type: 'input', rule_pattern: '([' },
        {
          key: 'b',
          title: 'B',
          type: 'select',
          selectItems: [{ label: 'no value' }],
          dictApi: { url: 'https://evil.example/x' },
        },
        { key: 'c', title: 'C', type: 'select', dictApi: { url: 'dict/../../admin' } },
      ]),
    );
    expect(errors.map((e) => e.path)).toEqual([
      '/body/0/fields/0/title/fr',
      '/body/0/fields/0/rule_pattern',
      '/body/0/fields/1/selectItems/0/value',
      '/body/0/fields/1/dictApi/url',
      '/body/0/fields/2/dictApi/url',
    ]);
  });

  it('a configured REST source (dataSource.source) is valid only for REST, with a name and without api', () => {
    expect(validateWith(META.dataSource, { kind: 'REST', source: 'crm' }).valid).toBe(true);
    expect(validateWith(META.dataSource, { kind: 'REST' }).valid).toBe(false);
    expect(validateWith(META.dataSource, { kind: 'COMMON', api: 'common/t', source: 'crm' }).valid).toBe(false);
    expect(validateWith(META.dataSource, { kind: 'REST', api: 'x', source: 'crm' }).valid).toBe(false);
    expect(validateWith(META.dataSource, { kind: 'REST', source: '../x' }).valid).toBe(false);
  });

  it('validates node fragments by $id and other shapes by their meta id', () => {
    expect(validateWith(nodeSchemaId('grid'), { type: 'grid', children: [], props: { columns: 13 } }).errors).toEqual([
      { path: '/props/columns', message: 'must be <= 12' },
    ]);
    expect(validateWith(META.dataSource, { kind: 'SQL' }).errors).toEqual([{ path: '/sql', message: 'is required' }]);
    expect(validateWith('tessera://meta/none.json', {}).valid).toBe(false);
  });

  it('a widget defined later appears in schemas built after it', () => {
    defineWidget({
      type: 'zzTestRating',
      columnType: 'integer',
      propsSchema: { type: 'object', properties: { count: { type: 'integer' } }, additionalProperties: false },
    });
    const ajv = createAjv();
    const ok = form([{ key: 'r', title: 'R', type: 'zzTestRating', props: { count: 5 } }]);
    expect(validateWith(META.page, ok, ajv).valid).toBe(true);
    expect(
      validateWith(META.page, form([{ key: 'r', title: 'R', type: 'zzTestRating', props: { stars: 5 } }]), ajv).valid,
    ).toBe(false);
  });
});
