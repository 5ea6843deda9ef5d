import { dateCodec } from '../../core/codecs/date';
import { defineWidget, type ValueCodec } from '../../core/registry';
import { DATETIME, dateFormat } from '../../core/format';

/** Date and time: stored as a ms timestamp (ai-and-widgets §3). */
export const timestampWidget = defineWidget({
  type: 'timestamp',
  palette: {
    title: { zh: '日期时间', en: 'Date and time' },
    icon: 'FieldTimeOutlined',
    group: 'date',
    defaults: { type: 'timestamp', title: { zh: '日期时间', en: 'Date and time' } },
  },
  columnType: 'long',
  format: dateFormat({ format: DATETIME }),
  searchRule: 'BETWEEN',
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
