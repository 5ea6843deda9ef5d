/**
 * The standalone form node: fields in a form that submits to a data source, in the modes of
 * platform-shell §3 (ADD 0, EDIT 1, COPY 2, DETAIL 3; by name or code). Edit, copy and detail load
 * the record named by `recordId` (or the page's record id given to the renderer; `{user.id}` names
 * the signed-in user). `submit` sends elsewhere or fewer fields (./submit-target.ts); with a
 * `submit.url` the form needs no data source.
 */
import type { SchemaNode, Text } from '../../../protocol/page-schema';
import type { DataSourceConfig } from '../../core/data/provider';
import { defineNode } from '../../core/registry';
import { formSubmitJsonSchema, type FormSubmitSchema } from './submit-target';

export interface FormNodeSchema {
  type: 'form';
  key?: string;
  title?: Text;
  dataSource?: DataSourceConfig;
  idKey?: string;
  mode?: 'add' | 'edit' | 'copy' | 'detail' | 0 | 1 | 2 | 3;
  recordId?: string;
  columns?: number;
  /** Show 重置 next to 提交 (default true). */
  showReset?: boolean;
  submit?: FormSubmitSchema;
  /** The form's widest extent in px (a short form reads better than inputs across the screen). */
  maxWidth?: number;
  /** Draw the card's border (default true; false inside a frame of its own, e.g. a tab). */
  bordered?: boolean;
  fields: SchemaNode[];
}

export const formNode = defineNode({
  type: 'form',
  placement: 'page',
  ownsForm: true,
  palette: {
    title: { zh: '表单', en: 'Form' },
    icon: 'FormOutlined',
    group: 'data',
    defaults: {
      type: 'form',
      title: { zh: '表单', en: 'Form' },
      dataSource: { kind: 'STATIC', data: [] },
      fields: [{ id: 'f_name', key: 'name', title: { zh: '名称', en: 'Name' }, type: 'input' }],
    },
  },
  schema: {
    type: 'object',
    required: ['type', 'fields'],
    // A form saves through its data source unless it sends to a URL of its own.
    anyOf: [
      { required: ['dataSource'], properties: { dataSource: true } },
      {
        required: ['submit'],
        properties: { submit: { type: 'object', required: ['url'], properties: { url: true } } },
      },
    ],
    additionalProperties: false,
    properties: {
      type: { const: 'form' },
      key: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_-]*$', maxLength: 64 },
      title: { $ref: 'tessera://meta/text.schema.json' },
      dataSource: { $ref: 'tessera://meta/data-source.schema.json' },
      idKey: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$', maxLength: 64 },
      mode: { enum: ['add', 'edit', 'copy', 'detail', 0, 1, 2, 3] },
      recordId: { type: 'string', maxLength: 128, pattern: '^(\\{user\\.id\\}|[A-Za-z0-9_-]+)$' },
      columns: { type: 'integer', minimum: 1, maximum: 4 },
      showReset: { type: 'boolean' },
      submit: formSubmitJsonSchema,
      maxWidth: { type: 'integer', minimum: 240, maximum: 1600 },
      bordered: { type: 'boolean' },
      fields: { type: 'array', minItems: 1, items: { $ref: 'tessera://meta/child.schema.json' } },
    },
  },
  settings: [
    {
      key: 'mode',
      title: { zh: '模式', en: 'Mode' },
      type: 'select',
      selectItems: [
        { value: 'add', label: { zh: '新增', en: 'Add' } },
        { value: 'edit', label: { zh: '编辑', en: 'Edit' } },
        { value: 'copy', label: { zh: '复制', en: 'Copy' } },
        { value: 'detail', label: { zh: '详情', en: 'Detail' } },
      ],
    },
    { key: 'columns', title: { zh: '列数', en: 'Columns' }, type: 'number', props: { min: 1, max: 4 } },
    { key: 'showReset', title: { zh: '显示重置', en: 'Show reset' }, type: 'switch' },
    { key: 'bordered', title: { zh: '显示边框', en: 'Bordered' }, type: 'switch' },
  ],
});
