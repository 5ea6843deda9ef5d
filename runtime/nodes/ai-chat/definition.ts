import { defineNode } from '../../core/registry';

/**
 * The AI chat (issue 18 item 3, ai-and-widgets §2 "Chat page", docs/ai.md "The chat page"): the
 * session list, the chat pane with its model picker, greeting and tips, streamed markdown answers
 * and stop. A node, not a widget: it holds no form value and talks to the chat's own calls
 * (server/ai/chat-routes.ts) and stream (the host's openStream).
 */
export const aiChatNode = defineNode({
  type: 'aiChat',
  placement: 'page',
  palette: {
    title: { zh: 'AI 对话', en: 'AI chat' },
    icon: 'MessageOutlined',
    group: 'data',
    defaults: { type: 'aiChat' },
  },
  schema: {
    type: 'object',
    required: ['type'],
    properties: {
      type: { const: 'aiChat' },
      key: { $ref: 'tessera://meta/field.schema.json#/$defs/key' },
    },
    additionalProperties: false,
  },
  settings: [],
});
