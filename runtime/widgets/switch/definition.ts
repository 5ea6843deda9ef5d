import { switchCodec } from '../../core/codecs/switch';
import { defineWidget } from '../../core/registry';
import { booleanFormat } from '../../core/format';

/** Edits a boolean, stores 1 / 0 (see the codec for what it accepts back). */
export const switchWidget = defineWidget({
  type: 'switch',
  palette: {
    title: { zh: '开关', en: 'Switch' },
    icon: 'PoweroffOutlined',
    group: 'choice',
    defaults: { type: 'switch', title: { zh: '开关', en: 'Switch' } },
  },
  columnType: 'boolean',
  format: booleanFormat,
  searchRule: 'EQUAL',
  codec: switchCodec,
  propsSchema: {
    type: 'object',
    properties: {
      checkedChildren: { type: 'string', maxLength: 10 },
      unCheckedChildren: { type: 'string', maxLength: 10 },
    },
    additionalProperties: false,
  },
  settings: [{ key: 'defaultValue', title: { zh: '默认开启', en: 'On by default' }, type: 'switch' }],
});
