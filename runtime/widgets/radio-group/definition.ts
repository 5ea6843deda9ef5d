import { defineFieldCompiler } from '../../core/compiler/hooks';
import { defineWidget } from '../../core/registry';
import { optionsCompiler } from '../shared/options';
import { choiceFormat } from '../../core/format';

/** One choice among options, as radios; stores the option value. */
export const radioGroupWidget = defineWidget({
  type: 'radio-group',
  palette: {
    title: { zh: '单选框组', en: 'Radio group' },
    icon: 'CheckCircleOutlined',
    group: 'choice',
    defaults: {
      type: 'radio-group',
      title: { zh: '单选框组', en: 'Radio group' },
      selectItems: [
        { value: '1', label: { zh: '选项一', en: 'Option 1' } },
        { value: '2', label: { zh: '选项二', en: 'Option 2' } },
      ],
    },
  },
  columnType: 'string',
  format: choiceFormat({ multi: false }),
  searchRule: 'EQUAL',
  propsSchema: { type: 'object', properties: {}, additionalProperties: false },
  settings: [],
});

defineFieldCompiler('radio-group', optionsCompiler());
