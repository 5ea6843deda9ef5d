import { multiCodec } from '../../core/codecs/multi';
import { defineFieldCompiler } from '../../core/compiler/hooks';
import { defineWidget } from '../../core/registry';
import { optionsCompiler } from '../shared/options';
import { choiceFormat } from '../../core/format';

/** Several choices; stored comma-joined (ai-and-widgets §3). A thin type over the select component (see ../README.md). */
export const selectMultiWidget = defineWidget({
  type: 'select-multi',
  palette: {
    title: { zh: '下拉多选', en: 'Multi-select' },
    icon: 'BarsOutlined',
    group: 'choice',
    defaults: {
      type: 'select-multi',
      title: { zh: '下拉多选', en: 'Multi-select' },
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
