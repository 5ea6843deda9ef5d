import { defineNode } from '../../core/registry';
import {
  dataBindingSchema,
  filterFieldsSchema,
  measureFormatSchema,
  widgetBase,
} from '../../core/dashboard/schema-parts';
import { DATE_BUCKETS } from '../../../protocol/aggregate-query';

/**
 * A stat card: the first measure of its binding (no groups), the change from the previous period
 * of the dashboard's date filter, and a sparkline by a date bucket.
 */
export const statNode = defineNode({
  type: 'stat',
  placement: 'page',
  palette: {
    title: { zh: '指标卡', en: 'Stat card' },
    icon: 'NumberOutlined',
    group: 'chart',
    defaults: { type: 'stat', key: 'stat', title: { zh: '指标', en: 'Stat' }, data: { table: 'customer' } },
  },
  schema: {
    type: 'object',
    required: ['type', 'key', 'data'],
    additionalProperties: false,
    properties: {
      ...widgetBase('stat'),
      data: dataBindingSchema,
      props: {
        type: 'object',
        additionalProperties: false,
        properties: {
          format: measureFormatSchema,
          compare: { type: 'boolean' },
          trend: {
            type: 'object',
            required: ['key', 'bucket'],
            additionalProperties: false,
            properties: {
              key: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$', maxLength: 64 },
              bucket: { enum: [...DATE_BUCKETS] },
            },
          },
        },
      },
      filterFields: filterFieldsSchema,
    },
  },
  settings: [
    { key: 'props.compare', title: { zh: '与上期比较', en: 'Compare with the previous period' }, type: 'switch' },
    {
      key: 'props.format.precision',
      title: { zh: '小数位', en: 'Decimals' },
      type: 'number',
      props: { min: 0, max: 10 },
    },
  ],
});
