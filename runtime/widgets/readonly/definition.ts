import { defineWidget } from '../../core/registry';
import { textFormat } from '../../core/format';

/** Read-only text: shows the stored value in every mode (set by defaults or linkage), never edited. */
export const readonlyWidget = defineWidget({
  type: 'readonly',
  palette: {
    title: { zh: '只读文本', en: 'Read-only text' },
    icon: 'EyeOutlined',
    group: 'display',
    defaults: { type: 'readonly', title: { zh: '只读文本', en: 'Read-only text' } },
  },
  columnType: 'string',
  format: textFormat,
  searchRule: 'LIKE',
  propsSchema: {
    type: 'object',
    properties: { prefix: { type: 'string', maxLength: 20 }, suffix: { type: 'string', maxLength: 20 } },
    additionalProperties: false,
  },
  settings: [{ key: 'defaultValue', title: { zh: '默认值', en: 'Default value' }, type: 'input' }],
});
