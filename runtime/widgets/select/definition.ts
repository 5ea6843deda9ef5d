import { joinMulti, splitMulti } from '../../core/codecs/multi';
import { defineFieldCompiler } from '../../core/compiler/hooks';
import { resolveSelectItems } from '../../core/compiler/select-items';
import { defineWidget, type ValueCodec } from '../../core/registry';
import type { FieldDefinition } from '../../../protocol/page-schema';
import { choiceFormat } from '../../core/format';

export const isMultiSelect = (props: Record<string, unknown> | undefined) =>
  props?.mode === 'multiple' || props?.mode === 'tags';

/** Single: the option value as stored; multiple / tags: a comma-joined string (ai-and-widgets §3). */
const selectCodec: ValueCodec = {
  decode: (stored, field: FieldDefinition) => (isMultiSelect(field.props) ? splitMulti(stored) : (stored ?? undefined)),
  encode: (value, field: FieldDefinition) => (isMultiSelect(field.props) ? joinMulti(value) : (value ?? null)),
};

export const selectWidget = defineWidget({
  type: 'select',
  palette: {
    title: { zh: '下拉选择', en: 'Select' },
    icon: 'DownSquareOutlined',
    group: 'choice',
    defaults: {
      type: 'select',
      title: { zh: '下拉选择', en: 'Select' },
      selectItems: [
        { value: '1', label: { zh: '选项一', en: 'Option 1' } },
        { value: '2', label: { zh: '选项二', en: 'Option 2' } },
      ],
    },
  },
  columnType: 'string',
  format: choiceFormat({ multi: (field) => isMultiSelect(field.props), free: (field) => field.props?.mode === 'tags' }),
  searchRule: 'EQUAL',
  codec: selectCodec,
  propsSchema: {
    type: 'object',
    properties: {
      mode: { enum: ['multiple', 'tags'] },
      showSearch: { type: 'boolean' },
      maxTagCount: { type: 'integer', minimum: 0 },
    },
    additionalProperties: false,
  },
  settings: [
    { key: 'placeholder', title: { zh: '占位提示', en: 'Placeholder' }, type: 'input' },
    {
      key: 'props.mode',
      title: { zh: '多选模式', en: 'Multiple mode' },
      type: 'select',
      selectItems: [
        { value: 'multiple', label: { zh: '多选', en: 'Multiple' } },
        { value: 'tags', label: { zh: '标签', en: 'Tags' } },
      ],
    },
    { key: 'props.showSearch', title: { zh: '可搜索', en: 'Searchable' }, type: 'switch' },
  ],
});

// Options reach the component as props (resolved here, where lang and roles are known).
defineFieldCompiler('select', {
  adapt(schema, field, ctx) {
    const props = (schema['x-component-props'] ??= {}) as Record<string, unknown>;
    if (field.dictApi) props.dictApi = field.dictApi;
    else props.items = resolveSelectItems(field.selectItems, ctx);
  },
});
