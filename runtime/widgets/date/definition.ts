import { dateCodec, dateRangeCodec } from '../../core/codecs/date';
import { defineFieldCompiler } from '../../core/compiler/hooks';
import { searchRuleOf } from '../../core/compiler/search-rule';
import { defineWidget, type ValueCodec } from '../../core/registry';
import { DATE, DATETIME, dateFormat } from '../../core/format';

/** A ms timestamp (ai-and-widgets §3); with props.range, "ts1,ts2". */
const codec: ValueCodec = {
  decode: (stored, field) => (field.props?.range ? dateRangeCodec : dateCodec).decode(stored as never, field),
  encode: (value, field) => (field.props?.range ? dateRangeCodec : dateCodec).encode(value as never, field),
};

export const dateWidget = defineWidget({
  type: 'date',
  palette: {
    title: { zh: '日期', en: 'Date' },
    icon: 'CalendarOutlined',
    group: 'date',
    defaults: { type: 'date', title: { zh: '日期', en: 'Date' } },
  },
  // ms timestamps outgrow 32-bit integers: a bigint column in every dialect.
  columnType: 'long',
  format: dateFormat({
    format: (field) => (field.props?.showTime ? DATETIME : DATE),
    // A date-only pick means the whole day (component.tsx): start of it, a range's end at its end.
    unit: (field) => (field.props?.showTime || (field.props?.picker ?? 'date') !== 'date' ? undefined : 'day'),
    range: (field) => Boolean(field.props?.range),
  }),
  searchRule: 'BETWEEN',
  codec,
  propsSchema: {
    type: 'object',
    properties: {
      format: { type: 'string', maxLength: 40 },
      showTime: { type: 'boolean' },
      picker: { enum: ['date', 'week', 'month', 'quarter', 'year'] },
      range: { type: 'boolean' },
    },
    additionalProperties: false,
  },
  settings: [
    { key: 'props.format', title: { zh: '显示格式', en: 'Display format' }, type: 'input', placeholder: 'YYYY-MM-DD' },
    { key: 'props.showTime', title: { zh: '选择时间', en: 'With time' }, type: 'switch' },
  ],
});

// The search form filters dates with BETWEEN by default: a range picker yields the "ts1,ts2" it needs.
defineFieldCompiler('date', {
  adapt(schema, field, ctx) {
    if (ctx.mode === 'search' && searchRuleOf(field) === 'BETWEEN') {
      (schema['x-component-props'] ??= {}).range = true;
    }
  },
});
