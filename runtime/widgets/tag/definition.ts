import { multiCodec } from '../../core/codecs/multi';
import { defineWidget } from '../../core/registry';
import { choiceFormat } from '../../core/format';

/**
 * Free tags: added and removed by the user, shown as antd Tags; stored comma-joined like other
 * multi values (an ASCII comma typed inside a tag becomes "，" so it cannot split the tag).
 */
export const tagWidget = defineWidget({
  type: 'tag',
  palette: {
    title: { zh: '标签', en: 'Tags' },
    icon: 'TagOutlined',
    group: 'input',
    defaults: { type: 'tag', title: { zh: '标签', en: 'Tags' } },
  },
  columnType: 'string',
  format: choiceFormat({ multi: true, free: true }),
  searchRule: 'LIKE',
  codec: multiCodec,
  propsSchema: {
    type: 'object',
    properties: {
      color: { type: 'string', pattern: '^(#[0-9a-fA-F]{3,8}|[a-z]+)$', maxLength: 20 },
      maxCount: { type: 'integer', minimum: 1, maximum: 100 },
    },
    additionalProperties: false,
  },
  settings: [{ key: 'props.color', title: { zh: '颜色', en: 'Colour' }, type: 'input' }],
});
