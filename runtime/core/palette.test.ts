import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../definitions';
import { validatePage } from './schema/ajv';
import { LATEST_SCHEMA_VERSION } from './migrate';
import { allNodes, allWidgets, defineWidget, nodeTypes, widgetTypes } from './registry';
import {
  applySettings,
  paletteEntries,
  settingsFields,
  settingsSchema,
  settingsValues,
  undescribedTypes,
  type TypeKind,
} from './palette';

const iconsDir = join(process.cwd(), 'node_modules/@ant-design/icons/lib/icons');
const page = (node: Record<string, unknown>) => ({ schemaVersion: LATEST_SCHEMA_VERSION, type: 'page', body: [node] });
const inForm = (field: Record<string, unknown>) =>
  page({ type: 'form', dataSource: { kind: 'STATIC', data: [] }, fields: [{ id: 'f_x', key: 'x', ...field }] });
const every = (): [TypeKind, string][] => [
  ...nodeTypes().map((type) => ['node', type] as [TypeKind, string]),
  ...widgetTypes().map((type) => ['widget', type] as [TypeKind, string]),
];

describe('every registered type describes itself', () => {
  it('has a title in zh and en, an icon, a palette group, defaults and settings', () => {
    expect(nodeTypes()).toEqual(expect.arrayContaining(['list', 'form', 'grid', 'tab', 'card']));
    expect(widgetTypes().length).toBeGreaterThanOrEqual(40);
    expect(undescribedTypes()).toEqual([]);
  });

  it('names icons that @ant-design/icons exports', () => {
    for (const def of [...allNodes(), ...allWidgets()].filter((d) => d.palette)) {
      expect(existsSync(join(iconsDir, `${def.palette!.icon}.js`)), `${def.type}: ${def.palette!.icon}`).toBe(true);
    }
  });

  it.each(every())('%s %s: its settings panel is a valid page of our meta-schema', (kind, type) => {
    const result = validatePage(settingsSchema(kind, type));
    expect(result.errors).toEqual([]);
  });

  it.each(widgetTypes().map((type) => [type]))('widget %s: its defaults, placed in a form, validate', (type) => {
    const defaults = allWidgets().find((def) => def.type === type)!.palette!.defaults;
    expect(defaults).not.toHaveProperty('key');
    expect(defaults).not.toHaveProperty('id');
    expect(validatePage(inForm(defaults)).errors).toEqual([]);
  });

  it.each(nodeTypes().map((type) => [type]))('node %s: its defaults validate in a page', (type) => {
    const defaults = allNodes().find((def) => def.type === type)!.palette!.defaults;
    // Containers live inside a form; list and form stand in the page body.
    const placed = allNodes().find((def) => def.type === type)!.container
      ? page({ type: 'form', dataSource: { kind: 'STATIC', data: [] }, fields: [defaults] })
      : page(defaults);
    expect(validatePage(placed).errors).toEqual([]);
  });
});

describe('settings panels', () => {
  it('share the common settings and add the widget’s own', () => {
    const fields = settingsFields('widget', 'date');
    expect(fields.map((f) => f.key)).toEqual([
      'title__zh',
      'title__en',
      'key',
      'required',
      'rules',
      'columnSpan',
      'props__format',
      'props__showTime',
    ]);
  });

  it('give a display-only widget no required or rules', () => {
    const keys = settingsFields('widget', 'button').map((f) => f.key);
    expect(keys).not.toContain('required');
    expect(keys).not.toContain('rules');
  });

  it('read a field into form values and write edited values back', () => {
    const field = { id: 'f_born', key: 'born', title: '生日', type: 'date', props: { format: 'YYYY-MM-DD' } };
    expect(settingsValues('widget', field)).toEqual({ title__zh: '生日', key: 'born', props__format: 'YYYY-MM-DD' });
    const edited = applySettings(field, {
      title__en: 'Birthday',
      props__showTime: true,
      props__format: '',
      required: true,
    });
    expect(edited).toEqual({
      id: 'f_born',
      key: 'born',
      title: { zh: '生日', en: 'Birthday' },
      type: 'date',
      required: true,
      props: { showTime: true },
    });
    expect(field.props).toEqual({ format: 'YYYY-MM-DD' });
    expect(
      validatePage(page({ type: 'form', dataSource: { kind: 'STATIC', data: [] }, fields: [edited] })).errors,
    ).toEqual([]);
  });

  it('refuse an unknown type', () => {
    expect(() => settingsSchema('widget', 'nope')).toThrow('Unknown widget type: nope');
  });
});

describe('paletteEntries', () => {
  it('lists every type once, grouped and titled in the language', () => {
    const zh = paletteEntries('zh');
    const en = paletteEntries('en');
    const types = zh.flatMap((g) => g.entries.map((e) => `${e.kind}:${e.type}`)).sort();
    expect(types).toEqual([...nodeTypes().map((t) => `node:${t}`), ...widgetTypes().map((t) => `widget:${t}`)].sort());
    const layout = en.find((g) => g.group === 'layout')!;
    expect(layout.title).toBe('Layout');
    expect(layout.entries.map((e) => e.title)).toEqual(expect.arrayContaining(['Grid', 'Tabs', 'Card']));
    expect(zh.find((g) => g.group === 'input')!.entries.find((e) => e.type === 'input')).toMatchObject({
      title: '单行文本',
      icon: 'FontSizeOutlined',
      defaults: { type: 'input', title: { zh: '单行文本', en: 'Text' } },
    });
  });

  it('hands out copies of defaults, so a designer cannot change the registry', () => {
    const entry = paletteEntries('en')[0].entries[0];
    entry.defaults.type = 'changed';
    expect(paletteEntries('en')[0].entries[0].defaults.type).not.toBe('changed');
  });
});

describe('a type registered without palette metadata', () => {
  it('reports a type registered without palette metadata', () => {
    const before = undescribedTypes();
    // Last in this file: vitest gives each file its own registry, so the type leaks nowhere else.
    defineWidget({ type: 'testUndescribed', columnType: 'string' });
    expect(undescribedTypes()).toEqual([...before, 'widget:testUndescribed lacks palette']);
  });
});
