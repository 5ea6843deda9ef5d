import { dateCodec } from '../../core/codecs/date';
import { defineWidget, type ValueCodec } from '../../core/registry';
import { MONTH, dateFormat } from '../../core/format';

/** A month: stored as the ms timestamp of its first day (00:00). */
export const monthWidget = defineWidget({
  type: 'month',
  palette: {
    title: { zh: '月份', en: 'Month' },
    icon: 'CarryOutOutlined',
    group: 'date',
    defaults: { type: 'month', title: { zh: '月份', en: 'Month' } },
  },
  columnType: 'long',
  format: dateFormat({ format: MONTH, unit: 'month' }),
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
