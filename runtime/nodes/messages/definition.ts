import { defineNode } from '../../core/registry';

/**
 * Messages (issue 17 item 4, docs/messages.md): the signed-in user's in-app messages — read and
 * unread, mark all read, delete — and, for admins, a form to send one to users, roles or everyone.
 * A node, not a widget: it holds no form value and talks to its own API (server/messages).
 */
export const messagesNode = defineNode({
  type: 'messages',
  placement: 'page',
  palette: {
    title: { zh: '消息', en: 'Messages' },
    icon: 'MailOutlined',
    group: 'data',
    defaults: { type: 'messages', props: { pageSize: 10 } },
  },
  schema: {
    type: 'object',
    required: ['type'],
    properties: {
      type: { const: 'messages' },
      key: { $ref: 'tessera://meta/field.schema.json#/$defs/key' },
      props: {
        type: 'object',
        properties: { pageSize: { type: 'integer', minimum: 5, maximum: 100 } },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  },
  settings: [{ key: 'props.pageSize', title: { zh: '每页条数', en: 'Messages per page' }, type: 'number' }],
});
