import { defineNode } from '../../core/registry';

/**
 * Documents (issue 16 item 8, docs/documents.md): the app's markdown document tree. Mode 'edit' is
 * the doc page's tree + editor + live preview (admins; the server refuses others), mode 'read' the
 * doc/readme page's read-only readme and public documents (every signed-in user). A node, not a
 * widget: it holds no form value and talks to its own API (server/documents).
 */
export const documentsNode = defineNode({
  type: 'documents',
  placement: 'page',
  palette: {
    title: { zh: '文档', en: 'Documents' },
    icon: 'ReadOutlined',
    group: 'data',
    defaults: { type: 'documents', props: { mode: 'read' } },
  },
  schema: {
    type: 'object',
    required: ['type'],
    properties: {
      type: { const: 'documents' },
      key: { $ref: 'tessera://meta/field.schema.json#/$defs/key' },
      props: {
        type: 'object',
        properties: { mode: { enum: ['edit', 'read'] } },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  },
  settings: [
    {
      key: 'props.mode',
      title: { zh: '模式', en: 'Mode' },
      type: 'select',
      selectItems: [
        { value: 'read', label: { zh: '阅读（使用说明）', en: 'Read (readme)' } },
        { value: 'edit', label: { zh: '编辑（管理员）', en: 'Edit (admins)' } },
      ],
    },
  ],
});
