import { multiCodec } from '../../core/codecs/multi';
import { defineFieldCompiler } from '../../core/compiler/hooks';
import { defineWidget } from '../../core/registry';
import { optionsCompiler } from '../shared/options';
import { choiceFormat } from '../../core/format';

/** Several choices plus free tags typed by the user; stored comma-joined. A thin type over the select component (see ../README.md). */
export const selectTagWidget = defineWidget({
  type: 'select-tag',
  palette: {
    title: { zh: '标签选择', en: 'Tag select' },
    icon: 'TagsOutlined',
    group: 'choice',
    defaults: {
      type: 'select-tag',
      title: { zh: '标签选择', en: 'Tag select' },
      selectItems: [
        { value: '1', label: { zh: '选项一', en: 'Option 1' } },
        { value: '2', label: { zh: '选项二', en: 'Option 2' } },
      ],
    },
  },
  columnType: 'string',
  format: choiceFormat({ multi: true, free: true }),
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
