import { defineFieldCompiler } from '../../core/compiler/hooks';
import { defineWidget } from '../../core/registry';
import { optionsCompiler } from '../shared/options';
import { choiceFormat } from '../../core/format';

/** One choice among options as a row of buttons (the chosen one primary); stores the option value. */
export const buttonGroupWidget = defineWidget({
  type: 'button-group',
  palette: {
    title: { zh: '按钮组单选', en: 'Button group' },
    icon: 'AppstoreOutlined',
    group: 'choice',
    defaults: {
      type: 'button-group',
      title: { zh: '按钮组单选', en: 'Button group' },
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

defineFieldCompiler('button-group', optionsCompiler());
