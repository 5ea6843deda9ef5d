import { defineFieldCompiler } from '../../core/compiler/hooks';
import { defineWidget } from '../../core/registry';
import { optionsCompiler } from '../shared/options';
import { choiceFormat } from '../../core/format';

/** Single choice searched on the server: the dictApi kwKey carries the keyword (without kwKey it filters locally). A thin type over the select component (see ../README.md). */
export const selectSearchWidget = defineWidget({
  type: 'select-search',
  palette: {
    title: { zh: '远程搜索选择', en: 'Search select' },
    icon: 'SearchOutlined',
    group: 'choice',
    defaults: {
      type: 'select-search',
      title: { zh: '远程搜索选择', en: 'Search select' },
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
  'select-search',
  optionsCompiler((props) => {
    props.showSearch = true;
  }),
);
