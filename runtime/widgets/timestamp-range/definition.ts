import { dateRangeCodec } from '../../core/codecs/date';
import { defineWidget, type ValueCodec } from '../../core/registry';
import { DATETIME, dateFormat } from '../../core/format';

/** A date-time range: stored "ts1,ts2" in ms; optional start / end keys as for range. */
export const timestampRangeWidget = defineWidget({
  type: 'timestamp-range',
  palette: {
    title: { zh: '日期时间范围', en: 'Date-time range' },
    icon: 'HistoryOutlined',
    group: 'date',
    defaults: { type: 'timestamp-range', title: { zh: '日期时间范围', en: 'Date-time range' } },
  },
  columnType: 'string',
  format: dateFormat({ format: DATETIME, range: true }),
  searchRule: 'BETWEEN',
  codec: dateRangeCodec as ValueCodec,
  propsSchema: {
    type: 'object',
    properties: {
      format: { type: 'string', maxLength: 40 },
      startKey: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$', maxLength: 64 },
      endKey: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$', maxLength: 64 },
    },
    additionalProperties: false,
  },
  settings: [
    { key: 'props.format', title: { zh: '显示格式', en: 'Display format' }, type: 'input' },
    { key: 'props.startKey', title: { zh: '开始字段', en: 'Start key' }, type: 'input' },
    { key: 'props.endKey', title: { zh: '结束字段', en: 'End key' }, type: 'input' },
  ],
});
