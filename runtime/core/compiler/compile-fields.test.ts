import { describe, expect, it } from 'vitest';
import '../../widgets/definitions';
import '../../nodes/definitions';
import type { ISchema } from '@formily/json-schema';
import type { SchemaNode } from '../../../protocol/page-schema';
import { compileFields, type CompileContext } from './index';

const zhEdit: CompileContext = { lang: 'zh', mode: 'edit', columns: 2 };
const grid = (schema: ISchema) => (schema.properties as Record<string, ISchema>).__grid;
const props = (schema: ISchema) => grid(schema).properties as Record<string, ISchema>;
const messages = (field: ISchema) =>
  (field['x-validator'] as any[]).map((rule) => (typeof rule === 'function' ? `fn:${rule('a@b')}` : rule.message));

const name = {
  key: 'name',
  title: { zh: '客户名称', en: 'Name' },
  type: 'input',
  required: true,
  columnSpan: 2,
  tooltip: { zh: '提示', en: 'Tip' },
};

describe('compileFields', () => {
  it('wraps fields in a FormGrid with the form’s columns; columnSpan → gridSpan', () => {
    const schema = compileFields([name], zhEdit);
    expect(schema.type).toBe('object');
    expect(grid(schema)).toMatchObject({
      type: 'void',
      'x-component': 'FormGrid',
      'x-component-props': { maxColumns: 2 },
    });
    expect(props(schema).name).toMatchObject({
      type: 'string',
      title: '客户名称',
      required: true,
      'x-decorator': 'FormItem',
      'x-decorator-props': { gridSpan: 2, tooltip: '提示' },
      'x-component': 'input',
      'x-component-props': { maxLength: 120 },
    });
  });

  it('titles, messages and texts follow ctx.lang', () => {
    const field = props(compileFields([name], { ...zhEdit, lang: 'en' })).name;
    expect(field.title).toBe('Name');
    expect(messages(field)).toEqual(['Name is required', 'fn:Please do not enter illegal characters!']);
  });

  it('builds the §5 rules: requiredMessage, rule_pattern / pattern / rules[] with their messages', () => {
    const field = props(
      compileFields(
        [
          {
            key: 'code',
            title: '编码',
            type: 'input',
            required: true,
            requiredMessage: '请填写编码',
            rule_pattern: '^[A-Z]+$',
            rule_message: '只能是大写字母',
            pattern: '^.{2,}$',
            rules: JSON.stringify([{ pattern: '^C' }]),
            allowSpecialCharacter: true,
          },
        ],
        zhEdit,
      ),
    ).code;
    expect(field['x-validator']).toEqual([
      { required: true, message: '请填写编码' },
      { pattern: '^[A-Z]+$', message: '只能是大写字母' },
      { pattern: '^.{2,}$', message: '数据格式错误' },
      { pattern: '^C', message: '数据格式错误' },
    ]);
  });

  it('skips an invalid pattern instead of throwing at validation time', () => {
    const field = props(compileFields([{ key: 'x', title: 'X', type: 'number', pattern: '([' }], zhEdit)).x;
    expect(field['x-validator']).toBeUndefined();
  });

  it('text widgets get their default max length; a field maxLength wins', () => {
    const out = props(
      compileFields(
        [
          { key: 'a', title: 'A', type: 'textarea' },
          { key: 'b', title: 'B', type: 'input', maxLength: 60 },
          { key: 'c', title: 'C', type: 'number' },
        ],
        zhEdit,
      ),
    );
    expect(out.a['x-component-props']).toMatchObject({ maxLength: 1000 });
    expect(out.b['x-component-props']).toMatchObject({ maxLength: 60 });
    expect(out.c['x-component-props']).not.toHaveProperty('maxLength');
  });

  it('encodes defaults to the stored form, only in edit mode', () => {
    const nodes: SchemaNode[] = [
      { key: 'on', title: 'On', type: 'switch', defaultValue: true },
      { key: 'tags', title: 'Tags', type: 'select', props: { mode: 'multiple' }, defaultValue: ['a', 'b'] },
    ];
    const edit = props(compileFields(nodes, zhEdit));
    expect(edit.on.default).toBe(1);
    expect(edit.tags.default).toBe('a,b');
    const search = props(compileFields(nodes, { ...zhEdit, mode: 'search' }));
    expect(search.on.default).toBeUndefined();
  });

  it('search mode: nothing required, no pattern rules, BETWEEN dates become ranges', () => {
    const out = props(
      compileFields(
        [
          { ...name, rule_pattern: '^x$' },
          { key: 'd', title: 'D', type: 'date' },
          { key: 'e', title: 'E', type: 'date', search: { rule: 1 } },
        ],
        { lang: 'zh', mode: 'search', columns: 3 },
      ),
    );
    expect(out.name.required).toBeUndefined();
    expect(messages(out.name)).toEqual(['fn:请勿输入非法字符！']);
    expect(out.d['x-component-props']).toMatchObject({ range: true });
    expect(out.e['x-component-props']).not.toHaveProperty('range');
  });

  it('search mode: a field read-only or conditionally hidden in the record form can still be searched', () => {
    const status = {
      key: 'is_deleted',
      title: '状态',
      type: 'select',
      disabled: true,
      hiddenFn: 'isEmpty(is_deleted)',
    };
    const search = props(compileFields([status], { lang: 'zh', mode: 'search', columns: 3 })).is_deleted;
    expect(search['x-component-props']).not.toHaveProperty('disabled');
    expect(JSON.stringify(search['x-reactions'] ?? [])).not.toContain('isEmpty');
    const edit = props(compileFields([status], zhEdit)).is_deleted;
    expect(edit['x-component-props']).toMatchObject({ disabled: true });
    expect(JSON.stringify(edit['x-reactions'])).toContain('isEmpty(is_deleted)');
  });

  it('checkApi: asks after a pause in typing, shows a refusal, drops an answer the user typed past', async () => {
    const asked: string[] = [];
    const check = async (api: string, key: string, value: string) => {
      asked.push(`${api}?${key}=${value}`);
      return value === 'select' ? '数据表名 select 是 SQL 保留字' : undefined;
    };
    const field = { key: 'table_name', title: '数据表名', type: 'input', checkApi: 'modules/check' };
    const rules = props(compileFields([field], { ...zhEdit, check })).table_name['x-validator'] as unknown[];
    const remote = rules.at(-1) as (value: unknown) => Promise<string>;
    expect(await remote('select')).toBe('数据表名 select 是 SQL 保留字');
    expect(await remote('orders')).toBe('');
    // Typed past: the first run answers nothing and is never sent; only the newest value is asked.
    const [stale, fresh] = [remote('sel'), remote('select')];
    expect(await stale).toBe('');
    expect(await fresh).toBe('数据表名 select 是 SQL 保留字');
    expect(asked).toEqual([
      'modules/check?table_name=select',
      'modules/check?table_name=orders',
      'modules/check?table_name=select',
    ]);
    expect(await remote('')).toBe('');
    // Not in search forms, and not without a host to ask.
    const search = props(compileFields([field], { lang: 'zh', mode: 'search', columns: 3, check })).table_name;
    expect((search['x-validator'] as unknown[] | undefined)?.length ?? 0).toBe(rules.length - 1);
    expect((props(compileFields([field], zhEdit)).table_name['x-validator'] as unknown[]).length).toBe(
      rules.length - 1,
    );
  });

  it('readPretty: the read-pretty pattern and no rules', () => {
    const field = props(compileFields([name], { ...zhEdit, mode: 'readPretty' })).name;
    expect(field['x-pattern']).toBe('readPretty');
    expect(field['x-validator']).toBeUndefined();
    expect(field.required).toBeUndefined();
  });

  it('hidden: static hidden keeps the value; visibleRoleIds without the role drops it; hiddenFn reacts', () => {
    const out = props(
      compileFields(
        [
          { key: 'id', title: 'ID', type: 'input', hidden: true },
          { key: 'cost', title: 'Cost', type: 'number', visibleRoleIds: 'r1, r2' },
          { key: 'note', title: 'Note', type: 'input', hiddenFn: "status === 'closed'" },
        ],
        { ...zhEdit, roleIds: ['r9'] },
      ),
    );
    expect(out.id['x-display']).toBe('hidden');
    expect(out.cost['x-display']).toBe('none');
    expect(out.note['x-reactions']).toContainEqual({
      when: "{{ status === 'closed' }}",
      fulfill: { state: { display: 'none' } },
      otherwise: { state: { display: 'visible' } },
    });
    const allowed = props(
      compileFields([{ key: 'cost', title: 'Cost', type: 'number', visibleRoleIds: 'r1, r2' }], {
        ...zhEdit,
        roleIds: ['r2'],
      }),
    );
    expect(allowed.cost['x-display']).toBeUndefined();
  });

  it('select items: hidden / role-restricted dropped, labels in the language, hiddenFn kept', () => {
    const field = props(
      compileFields(
        [
          {
            key: 's',
            title: 'S',
            type: 'select',
            selectItems: [
              { value: 1, label: { zh: '一', en: 'One' } },
              { value: 2, label: '二', hidden: true },
              { value: 3, title: '三', visibleRoleIds: 'admin' },
              { value: 4, label: '四', hiddenFn: 'x > 1' },
            ],
          },
        ],
        { ...zhEdit, lang: 'en' },
      ),
    ).s;
    expect(field['x-component-props']).toEqual({
      'aria-label': 'S',
      items: [
        { value: 1, label: 'One' },
        { value: 4, label: '四', hiddenFn: 'x > 1' },
      ],
    });
  });

  it('names every control with its title in the language, so it has an accessible name', () => {
    const schema = compileFields([{ key: 'name', title: { zh: '客户名称', en: 'Name' }, type: 'input' }], {
      ...zhEdit,
      lang: 'en',
    });
    expect((props(schema).name['x-component-props'] as Record<string, unknown>)['aria-label']).toBe('Name');
  });

  it('grid and tab containers compile from their folders; values stay flat', () => {
    const schema = compileFields(
      [
        { type: 'grid', key: 'g', props: { columns: 3 }, children: [{ key: 'a', title: 'A', type: 'input' }] },
        {
          type: 'tab',
          children: [
            { key: 'basic', title: { zh: '基本', en: 'Basic' }, children: [{ key: 'b', title: 'B', type: 'number' }] },
            { title: '更多', children: [{ key: 'c', title: 'C', type: 'switch' }] },
          ],
        } as unknown as SchemaNode,
      ],
      zhEdit,
    );
    const out = props(schema);
    expect(out.g).toMatchObject({
      'x-component': 'FormGrid',
      'x-component-props': { maxColumns: 3 },
      'x-decorator': 'FormGrid.GridColumn',
    });
    expect((out.g.properties as any).a['x-component']).toBe('input');
    const tab = out.__tab_1;
    expect(tab['x-component']).toBe('FormTab');
    const panes = tab.properties as Record<string, ISchema>;
    expect(Object.keys(panes)).toEqual(['basic', '__pane_1']);
    expect(panes.basic['x-component-props']).toEqual({ tab: '基本', forceRender: true });
    expect(((panes.__pane_1.properties as any).__grid.properties.c as ISchema)['x-component']).toBe('switch');
  });

  it('fails clearly on unknown types, non-form nodes and duplicate keys', () => {
    expect(() => compileFields([{ key: 'x', title: 'X', type: 'nope' } as SchemaNode], zhEdit)).toThrow(
      /Unknown node or widget type "nope"/,
    );
    expect(() => compileFields([name, { ...name }], zhEdit)).toThrow(/Duplicate field key "name"/);
  });
});
