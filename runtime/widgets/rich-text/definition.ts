import { richTextCodec } from '../../core/codecs/text-encoding';
import { defineWidget, type ValueCodec } from '../../core/registry';
import { richTextFormat } from '../../core/format';

/**
 * Rich text viewer: shows stored rich text (base64 of URI-encoded HTML, ai-and-widgets §3) as
 * sanitized HTML in every mode; not editable (rich-editor edits). A bad base64 value shows nothing.
 */
export const richTextWidget = defineWidget({
  type: 'rich-text',
  palette: {
    title: { zh: '富文本展示', en: 'Rich text viewer' },
    icon: 'FileTextOutlined',
    group: 'display',
    defaults: { type: 'rich-text', title: { zh: '富文本展示', en: 'Rich text viewer' } },
  },
  columnType: 'text',
  format: richTextFormat,
  codec: richTextCodec as ValueCodec,
  propsSchema: { type: 'object', properties: {}, additionalProperties: false },
  settings: [],
});
