import { defineFieldCompiler } from '../../core/compiler/hooks';
import { defineWidget } from '../../core/registry';
import { optionsCompiler } from '../shared/options';

/** Single choice searched on the server: the dictApi kwKey carries the keyword (without kwKey it filters locally). A thin type over the select component (see ../README.md). */
export const selectSearchWidget = defineWidget({
  type: 'select-search',
  columnType: 'string',
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
