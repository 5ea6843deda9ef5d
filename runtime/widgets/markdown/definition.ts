import { markdownCodec } from '../../core/codecs/text-encoding';
import { defineWidget, type ValueCodec } from '../../core/registry';
import { markdownFormat } from '../../core/format';

/**
 * Markdown: edited as text, stored URI-encoded (ai-and-widgets §3), shown through markdown-it with
 * raw HTML disabled and then the sanitizer (markdown-it loads lazily: its own chunk).
 */
export const markdownWidget = defineWidget({
  type: 'markdown',
  palette: {
    title: { zh: 'Markdown', en: 'Markdown' },
    icon: 'FileMarkdownOutlined',
    group: 'advanced',
    defaults: { type: 'markdown', title: { zh: 'Markdown', en: 'Markdown' } },
  },
  columnType: 'text',
  format: markdownFormat,
  codec: markdownCodec as ValueCodec,
  propsSchema: {
    type: 'object',
    properties: { rows: { type: 'integer', minimum: 2, maximum: 40 } },
    additionalProperties: false,
  },
  settings: [{ key: 'props.rows', title: { zh: '行数', en: 'Rows' }, type: 'number', props: { min: 2 } }],
});
