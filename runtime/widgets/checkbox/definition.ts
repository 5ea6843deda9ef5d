import { switchCodec } from '../../core/codecs/switch';
import { defineWidget } from '../../core/registry';
import { booleanFormat } from '../../core/format';

/** A single checkbox: edits a boolean, stores 1 / 0 like the switch. */
export const checkboxWidget = defineWidget({
  type: 'checkbox',
  palette: {
    title: { zh: '勾选框', en: 'Checkbox' },
    icon: 'CheckSquareOutlined',
    group: 'choice',
    defaults: { type: 'checkbox', title: { zh: '勾选框', en: 'Checkbox' } },
  },
  columnType: 'boolean',
  format: booleanFormat,
  searchRule: 'EQUAL',
  codec: switchCodec,
  propsSchema: {
    type: 'object',
    properties: { text: { type: 'string', maxLength: 60 } },
    additionalProperties: false,
  },
  settings: [{ key: 'props.text', title: { zh: '选项文字', en: 'Label text' }, type: 'input' }],
});
