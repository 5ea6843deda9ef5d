import { dateRangeCodec } from '../../core/codecs/date';
import { defineWidget, type ValueCodec } from '../../core/registry';
import { DATE, dateFormat } from '../../core/format';

/** A date range: stored "ts1,ts2" (start of the first day, end of the last); optional props.startKey / props.endKey receive the two ends as form values too. */
export const rangeWidget = defineWidget({
  type: 'range',
  palette: {
    title: { zh: '日期范围', en: 'Date range' },
    icon: 'ColumnWidthOutlined',
    group: 'date',
    defaults: { type: 'range', title: { zh: '日期范围', en: 'Date range' } },
  },
  columnType: 'string',
  format: dateFormat({ format: DATE, unit: 'day', range: true }),
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
