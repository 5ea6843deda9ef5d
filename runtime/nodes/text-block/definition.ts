import { defineNode } from '../../core/registry';
import { widgetBase } from '../../core/dashboard/schema-parts';

/** A text block: Markdown per language, rendered by markdown-it and sanitized (no raw HTML survives). */
export const textBlockNode = defineNode({
  type: 'textBlock',
  placement: 'page',
  palette: {
    title: { zh: '文本', en: 'Text' },
    icon: 'FileMarkdownOutlined',
    group: 'chart',
    defaults: { type: 'textBlock', key: 'text', content: { zh: '**说明**', en: '**Notes**' } },
  },
  schema: {
    type: 'object',
    required: ['type', 'key', 'content'],
    additionalProperties: false,
    properties: {
      ...widgetBase('textBlock'),
      content: {
        oneOf: [
          { type: 'string', maxLength: 20000 },
          {
            type: 'object',
            required: ['zh'],
            additionalProperties: false,
            properties: { zh: { type: 'string', maxLength: 20000 }, en: { type: 'string', maxLength: 20000 } },
          },
        ],
      },
    },
  },
  settings: [{ key: 'content.zh', title: { zh: '内容（中文）', en: 'Content (Chinese)' }, type: 'textarea' }],
});
