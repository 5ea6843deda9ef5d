import { dateCodec } from '../../core/codecs/date';
import { defineWidget, type ValueCodec } from '../../core/registry';
import { DATE, dateFormat } from '../../core/format';

/** A week: stored as the ms timestamp of its first day (00:00, locale week start). */
export const weekWidget = defineWidget({
  type: 'week',
  palette: {
    title: { zh: '周', en: 'Week' },
    icon: 'ScheduleOutlined',
    group: 'date',
    defaults: { type: 'week', title: { zh: '周', en: 'Week' } },
  },
  columnType: 'long',
  // Read as the week's first day: a week number's text and the first day of a week depend on the
  // reader's locale, and an export must import back to the same day wherever it is read.
  format: dateFormat({ format: DATE }),
  searchRule: 'EQUAL',
  codec: dateCodec as ValueCodec,
  propsSchema: {
    type: 'object',
    properties: {
      format: { type: 'string', maxLength: 40 },
    },
    additionalProperties: false,
  },
  settings: [{ key: 'props.format', title: { zh: '显示格式', en: 'Display format' }, type: 'input' }],
});
