import { defineWidget } from '../../core/registry';
import { textFormat } from '../../core/format';

/**
 * Code editor (CodeMirror 6, lazily loaded: its own chunk). Height 100 px and tab size 4 by default
 * (ai-and-widgets §9); a JSON format button warns 'JSON format incorrect' on invalid JSON (§5).
 * Stored as the text itself.
 */
export const codeEditorWidget = defineWidget({
  type: 'code-editor',
  palette: {
    title: { zh: '代码编辑器', en: 'Code editor' },
    icon: 'CodeOutlined',
    group: 'advanced',
    defaults: { type: 'code-editor', title: { zh: '代码编辑器', en: 'Code editor' } },
  },
  columnType: 'text',
  format: textFormat,
  propsSchema: {
    type: 'object',
    properties: {
      height: { type: 'integer', minimum: 40, maximum: 2000 },
      language: { enum: ['json', 'text'] },
    },
    additionalProperties: false,
  },
  settings: [
    { key: 'props.height', title: { zh: '高度', en: 'Height' }, type: 'number', props: { min: 40 } },
    {
      key: 'props.language',
      title: { zh: '语言', en: 'Language' },
      type: 'select',
      selectItems: [
        { value: 'json', label: 'JSON' },
        { value: 'text', label: { zh: '文本', en: 'Text' } },
      ],
    },
  ],
});
