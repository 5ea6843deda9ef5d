import { defineFieldCompiler } from '../../core/compiler/hooks';
import { defineWidget } from '../../core/registry';
import { optionsCompiler } from '../shared/options';
import { choiceFormat } from '../../core/format';

/** One choice among options, as a radio button bar; stores the option value. */
export const radioButtonWidget = defineWidget({
  type: 'radio-button',
  palette: {
    title: { zh: '单选按钮组', en: 'Radio buttons' },
    icon: 'PicCenterOutlined',
    group: 'choice',
    defaults: {
      type: 'radio-button',
      title: { zh: '单选按钮组', en: 'Radio buttons' },
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

defineFieldCompiler('radio-button', optionsCompiler());
