import { defineNode } from '../../core/registry';

/**
 * Approval flows (issue 17, docs/workflow.md). Mode 'admin' is the flow page: the app's flow
 * definitions and a step-list editor (admins; the server refuses others). Mode 'backlog' is the
 * to-do list: the caller's pending and done approvals, opened and acted on from the list. A node,
 * not a widget: it holds no form value and talks to its own API (server/flows).
 */
export const flowsNode = defineNode({
  type: 'flows',
  placement: 'page',
  palette: {
    title: { zh: '审批流程', en: 'Approval flows' },
    icon: 'ApartmentOutlined',
    group: 'data',
    defaults: { type: 'flows', props: { mode: 'backlog' } },
  },
  schema: {
    type: 'object',
    required: ['type'],
    properties: {
      type: { const: 'flows' },
      key: { $ref: 'tessera://meta/field.schema.json#/$defs/key' },
      props: {
        type: 'object',
        properties: { mode: { enum: ['admin', 'backlog'] } },
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
        { value: 'backlog', label: { zh: '我的待办', en: 'My to-dos' } },
        { value: 'admin', label: { zh: '流程管理（管理员）', en: 'Flow definitions (admins)' } },
      ],
    },
  ],
});
