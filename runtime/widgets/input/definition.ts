import { TEXT_MAX_LENGTH } from '../../../protocol/constants';
import { defineFieldCompiler } from '../../core/compiler/hooks';
import { textInputCompiler } from '../../core/compiler/text-input';
import { defineWidget } from '../../core/registry';
import { textFormat } from '../../core/format';

/** Single-line text (platform-shell §5: max 120 by default, illegal characters rejected). */
export const inputWidget = defineWidget({
  type: 'input',
  palette: {
    title: { zh: '单行文本', en: 'Text' },
    icon: 'FontSizeOutlined',
    group: 'input',
    defaults: { type: 'input', title: { zh: '单行文本', en: 'Text' } },
  },
  columnType: 'string',
  format: textFormat,
  searchRule: 'LIKE',
  propsSchema: {
    type: 'object',
    properties: {
      prefix: { type: 'string', maxLength: 20 },
      suffix: { type: 'string', maxLength: 20 },
      addonBefore: { type: 'string', maxLength: 20 },
      addonAfter: { type: 'string', maxLength: 20 },
      showCount: { type: 'boolean' },
      // 'url': an http(s) address, validated whole instead of stripped (a menu's link, a frame).
      type: { enum: ['text', 'url'] },
    },
    additionalProperties: false,
  },
  settings: [
    { key: 'placeholder', title: { zh: '占位提示', en: 'Placeholder' }, type: 'input' },
    { key: 'maxLength', title: { zh: '最大长度', en: 'Max length' }, type: 'number', props: { min: 1 } },
    { key: 'allowSpecialCharacter', title: { zh: '允许特殊字符', en: 'Allow special characters' }, type: 'switch' },
    { key: 'allowClear', title: { zh: '可清空', en: 'Clearable' }, type: 'switch' },
  ],
});

// Names keep inner spaces ("Tessera Demo"); the rest of the spec's list still applies.
defineFieldCompiler(
  'input',
  textInputCompiler(TEXT_MAX_LENGTH, (field) => (field.props?.type === 'url' ? 'url' : 'name')),
);
