import { multiCodec } from '../../core/codecs/multi';
import { defineFieldCompiler } from '../../core/compiler/hooks';
import { defineWidget } from '../../core/registry';
import { optionsCompiler } from '../shared/options';
import { choiceFormat } from '../../core/format';

/** Several ticks among options; stored comma-joined (ai-and-widgets §3). */
export const checkboxGroupWidget = defineWidget({
  type: 'checkbox-group',
  palette: {
    title: { zh: '多选框组', en: 'Checkbox group' },
    icon: 'UnorderedListOutlined',
    group: 'choice',
    defaults: {
      type: 'checkbox-group',
      title: { zh: '多选框组', en: 'Checkbox group' },
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

defineFieldCompiler('checkbox-group', optionsCompiler());
