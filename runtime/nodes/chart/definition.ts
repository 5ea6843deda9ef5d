import { defineNode } from '../../core/registry';
import {
  dataBindingSchema,
  filterFieldsSchema,
  measureFormatSchema,
  widgetBase,
} from '../../core/dashboard/schema-parts';
import { CHART_CLICKS, CHART_KINDS } from '../../core/dashboard/types';

/**
 * A chart widget (VChart, fetched on first use): line, area, bar (stacked, horizontal), pie/donut,
 * scatter, funnel, gauge, radar, dual axis, over an aggregate binding. The data mapping is
 * runtime/core/dashboard/chart-spec.ts.
 */
export const chartNode = defineNode({
  type: 'chart',
  placement: 'page',
  palette: {
    title: { zh: '图表', en: 'Chart' },
    icon: 'BarChartOutlined',
    group: 'chart',
    defaults: {
      type: 'chart',
      key: 'chart',
      title: { zh: '图表', en: 'Chart' },
      chart: 'bar',
      data: { table: 'customer', groupBy: ['level'], measures: [{ fn: 'count' }] },
    },
  },
  schema: {
    type: 'object',
    required: ['type', 'key', 'chart', 'data'],
    additionalProperties: false,
    properties: {
      ...widgetBase('chart'),
      chart: { enum: [...CHART_KINDS] },
      data: dataBindingSchema,
      props: {
        type: 'object',
        additionalProperties: false,
        properties: {
          stacked: { type: 'boolean' },
          horizontal: { type: 'boolean' },
          donut: { type: 'boolean' },
          max: { type: 'number' },
          measureTitles: {
            type: 'object',
            maxProperties: 10,
            additionalProperties: { $ref: 'tessera://meta/text.schema.json' },
          },
          format: measureFormatSchema,
          onClick: { enum: [...CHART_CLICKS] },
          listModule: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
          clickFilter: { type: 'boolean' },
        },
      },
      filterFields: filterFieldsSchema,
    },
  },
  settings: [
    {
      key: 'chart',
      title: { zh: '图表类型', en: 'Chart type' },
      type: 'select',
      selectItems: CHART_KINDS.map((kind) => ({ value: kind, label: kind })),
    },
    { key: 'props.stacked', title: { zh: '堆叠', en: 'Stacked' }, type: 'switch' },
    { key: 'props.horizontal', title: { zh: '横向', en: 'Horizontal' }, type: 'switch' },
    { key: 'props.donut', title: { zh: '环形', en: 'Donut' }, type: 'switch' },
  ],
});
