import { defineFieldCompiler } from '../../core/compiler/hooks';
import { defineWidget } from '../../core/registry';
import { optionsCompiler } from '../shared/options';
import { choiceFormat } from '../../core/format';

/** Single choice whose options are filtered locally as the user types. A thin type over the select component (see ../README.md). */
export const selectFilterWidget = defineWidget({
  type: 'select-filter',
  palette: {
    title: { zh: '下拉筛选', en: 'Filtered select' },
    icon: 'FilterOutlined',
    group: 'choice',
    defaults: {
      type: 'select-filter',
      title: { zh: '下拉筛选', en: 'Filtered select' },
      selectItems: [
        { value: '1', label: { zh: '选项一', en: 'Option 1' } },
        { value: '2', label: { zh: '选项二', en: 'Option 2' } },
      ],
    },
  },
  columnType: 'string',
  format: choiceFormat({ multi: false }),
  searchRule: 'EQUAL',
  propsSchema: {
    type: 'object',
    properties: { maxTagCount: { type: 'integer', minimum: 0 } },
    additionalProperties: false,
  },
  settings: [{ key: 'placeholder', title: { zh: '占位提示', en: 'Placeholder' }, type: 'input' }],
});

defineFieldCompiler(
  'select-filter',
  optionsCompiler((props) => {
    props.showSearch = true;
  }),
);
