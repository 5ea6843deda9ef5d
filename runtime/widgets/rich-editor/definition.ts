import { RICH_EDITOR_HEIGHT, richTextCodec } from '../../core/codecs/text-encoding';
import { defineWidget, type ValueCodec } from '../../core/registry';
import { richTextFormat } from '../../core/format';

/**
 * Rich text editor (wangEditor, lazily loaded: its own chunk), height 300 (platform-shell §9).
 * Edited HTML is sanitized, then stored as base64 of its URI encoding (ai-and-widgets §3).
 */
export const richEditorWidget = defineWidget({
  type: 'rich-editor',
  palette: {
    title: { zh: '富文本编辑器', en: 'Rich text editor' },
    icon: 'EditOutlined',
    group: 'advanced',
    defaults: { type: 'rich-editor', title: { zh: '富文本编辑器', en: 'Rich text editor' } },
  },
  columnType: 'text',
  format: richTextFormat,
  codec: richTextCodec as ValueCodec,
  propsSchema: {
    type: 'object',
    properties: { height: { type: 'integer', minimum: 100, maximum: 2000, default: RICH_EDITOR_HEIGHT } },
    additionalProperties: false,
  },
  settings: [{ key: 'props.height', title: { zh: '高度', en: 'Height' }, type: 'number', props: { min: 100 } }],
});
