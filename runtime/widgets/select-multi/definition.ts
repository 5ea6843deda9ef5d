import { multiCodec } from '../../core/codecs/multi';
import { defineFieldCompiler } from '../../core/compiler/hooks';
import { defineWidget } from '../../core/registry';
import { optionsCompiler } from '../shared/options';

/** Several choices; stored comma-joined (ai-and-widgets §3). A thin type over the select component (see ../README.md). */
export const selectMultiWidget = defineWidget({
  type: 'select-multi',
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
  'select-multi',
  optionsCompiler((props) => {
    props.mode = 'multiple';
  }),
);
