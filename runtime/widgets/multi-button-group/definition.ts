import { multiCodec } from '../../core/codecs/multi';
import { defineFieldCompiler } from '../../core/compiler/hooks';
import { defineWidget } from '../../core/registry';
import { optionsCompiler } from '../shared/options';
import { choiceFormat } from '../../core/format';

/** Several choices as toggle buttons; stored comma-joined (ai-and-widgets §3). */
export const multiButtonGroupWidget = defineWidget({
  type: 'multi-button-group',
  palette: {
    title: { zh: '按钮组多选', en: 'Multi-button group' },
    icon: 'AppstoreAddOutlined',
    group: 'choice',
    defaults: {
      type: 'multi-button-group',
      title: { zh: '按钮组多选', en: 'Multi-button group' },
      selectItems: [
        { value: '1', label: { zh: '选项一', en: 'Option 1' } },
        { value: '2', label: { zh: '选项二', en: 'Option 2' } },
      ],
    },
  },
  columnType: 'string',
  format: choiceFormat({ multi: true }),
  searchRule: 'INCLUDE_OR',
  codec: multiCodec,
  propsSchema: { type: 'object', properties: {}, additionalProperties: false },
  settings: [],
});

defineFieldCompiler('multi-button-group', optionsCompiler());
