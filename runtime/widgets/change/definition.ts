import { multiCodec } from '../../core/codecs/multi';
import { defineFieldCompiler } from '../../core/compiler/hooks';
import { defineWidget } from '../../core/registry';
import { textOf, type Text } from '../../../protocol/page-schema';
import { optionsCompiler } from '../shared/options';
import { choiceFormat } from '../../core/format';

const TEXT = {
  anyOf: [
    { type: 'string', maxLength: 40 },
    {
      type: 'object',
      properties: { zh: { type: 'string', maxLength: 40 }, en: { type: 'string', maxLength: 40 } },
      required: ['zh'],
      additionalProperties: false,
    },
  ],
};

/**
 * 穿梭框 (platform-shell §3 "change"; the decision is in docs/decisions.md): several options moved
 * from a source list into a target list, searchable; options from selectItems or a dictApi like the
 * select variants; stored comma-joined like multi-select and checkbox group. Read-only: the
 * chosen labels as tags.
 */
export const changeWidget = defineWidget({
  type: 'change',
  palette: {
    title: { zh: '穿梭框', en: 'Transfer' },
    icon: 'SwapOutlined',
    group: 'choice',
    defaults: {
      type: 'change',
      title: { zh: '穿梭框', en: 'Transfer' },
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
    properties: {
      /** [source list title, target list title]; default 待选 / 已选. */
      titles: { type: 'array', items: TEXT, minItems: 2, maxItems: 2 },
      showSearch: { type: 'boolean' },
      listHeight: { type: 'integer', minimum: 100, maximum: 800 },
    },
    additionalProperties: false,
  },
  settings: [
    { key: 'props.showSearch', title: { zh: '可搜索', en: 'Searchable' }, type: 'switch' },
    {
      key: 'props.listHeight',
      title: { zh: '列表高度', en: 'List height' },
      type: 'number',
      props: { min: 100, max: 800 },
    },
  ],
});

// List titles reach the component in the form's language.
defineFieldCompiler(
  'change',
  optionsCompiler((props, field, ctx) => {
    const titles = (field.props as { titles?: Text[] } | undefined)?.titles;
    if (Array.isArray(titles)) props.titles = titles.map((title) => textOf(title, ctx.lang));
  }),
);
