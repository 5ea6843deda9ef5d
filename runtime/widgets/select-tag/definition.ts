import { multiCodec } from '../../core/codecs/multi';
import { defineFieldCompiler } from '../../core/compiler/hooks';
import { defineWidget } from '../../core/registry';
import { optionsCompiler } from '../shared/options';

/** Several choices plus free tags typed by the user; stored comma-joined. A thin type over the select component (see ../README.md). */
export const selectTagWidget = defineWidget({
  type: 'select-tag',
  columnType: 'string',
  searchRule: 'INCLUDE_OR',
  codec: multiCodec,
  propsSchema: {
    type: 'object',
    properties: { maxTagCount: { type: 'integer', minimum: 0 } },
    additionalProperties: false,
  },
  settings: [{ key: 'placeholder', title: { zh: '占位提示', en: 'Placeholder' }, type: 'input' }],
});

defineFieldCompiler(
  'select-tag',
  optionsCompiler((props) => {
    props.mode = 'tags';
  }),
);
