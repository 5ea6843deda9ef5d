import { timeCodec } from '../../core/codecs/time';
import { defineWidget, type ValueCodec } from '../../core/registry';
import { timeFormat } from '../../core/format';

/** Time of day: stored as "HH:mm:ss" text (not a timestamp: it has no date). */
export const timeWidget = defineWidget({
  type: 'time',
  palette: {
    title: { zh: '时间', en: 'Time' },
    icon: 'ClockCircleOutlined',
    group: 'date',
    defaults: { type: 'time', title: { zh: '时间', en: 'Time' } },
  },
  columnType: 'string',
  format: timeFormat,
  searchRule: 'EQUAL',
  codec: timeCodec as ValueCodec,
  propsSchema: {
    type: 'object',
    properties: { format: { enum: ['HH:mm:ss', 'HH:mm'] } },
    additionalProperties: false,
  },
  settings: [
    {
      key: 'props.format',
      title: { zh: '显示格式', en: 'Display format' },
      type: 'select',
      selectItems: [{ value: 'HH:mm:ss' }, { value: 'HH:mm' }],
    },
  ],
});
