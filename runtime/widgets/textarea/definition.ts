import { TEXTAREA_MAX_LENGTH } from '../../../protocol/constants';
import { defineFieldCompiler } from '../../core/compiler/hooks';
import { textInputCompiler } from '../../core/compiler/text-input';
import { defineWidget } from '../../core/registry';
import { textFormat } from '../../core/format';

/** Multi-line text: autosize 3–5 rows (building-blocks §9), max 1000 (platform-shell §5). */
export const textareaWidget = defineWidget({
  type: 'textarea',
  palette: {
    title: { zh: '多行文本', en: 'Text area' },
    icon: 'AlignLeftOutlined',
    group: 'input',
    defaults: { type: 'textarea', title: { zh: '多行文本', en: 'Text area' } },
  },
  columnType: 'text',
  format: textFormat,
  searchRule: 'LIKE',
  propsSchema: {
    type: 'object',
    properties: {
      minRows: { type: 'integer', minimum: 1, maximum: 50 },
      maxRows: { type: 'integer', minimum: 1, maximum: 50 },
      showCount: { type: 'boolean' },
    },
    additionalProperties: false,
  },
  settings: [
    { key: 'placeholder', title: { zh: '占位提示', en: 'Placeholder' }, type: 'input' },
    { key: 'maxLength', title: { zh: '最大长度', en: 'Max length' }, type: 'number', props: { min: 1 } },
    { key: 'allowSpecialCharacter', title: { zh: '允许特殊字符', en: 'Allow special characters' }, type: 'switch' },
  ],
});

// A remark is prose: spaces, ":" and "/" are its text; only html tags are refused.
defineFieldCompiler(
  'textarea',
  textInputCompiler(TEXTAREA_MAX_LENGTH, () => 'prose'),
);
