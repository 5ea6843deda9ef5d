import { defineNode } from '../../core/registry';
import { widgetKey } from '../../core/dashboard/schema-parts';
import { WIDGET_TYPES } from '../../core/dashboard/types';

const TEXT = { $ref: 'tessera://meta/text.schema.json' };
const column = { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$', maxLength: 64 };
const gridItem = {
  type: 'object',
  required: ['i', 'x', 'y', 'w', 'h'],
  additionalProperties: false,
  properties: {
    i: widgetKey,
    x: { type: 'integer', minimum: 0, maximum: 11 },
    y: { type: 'integer', minimum: 0, maximum: 1000 },
    w: { type: 'integer', minimum: 1, maximum: 12 },
    h: { type: 'integer', minimum: 1, maximum: 40 },
  },
};
const layout = { type: 'array', maxItems: 100, items: gridItem };
const filterBase = {
  key: widgetKey,
  field: column,
  title: TEXT,
  tables: { type: 'array', maxItems: 20, items: column },
};

/**
 * The dashboard (issue 15 item 2, docs/dashboards.md): a grid of widget nodes with positions and
 * sizes per breakpoint (react-grid-layout items, so the designer edits the same shape), filters
 * shared by the widgets that read their field, an auto-refresh interval and a time zone.
 */
export const dashboardNode = defineNode({
  type: 'dashboard',
  placement: 'page',
  container: true,
  palette: {
    title: { zh: '看板', en: 'Dashboard' },
    icon: 'DashboardOutlined',
    group: 'chart',
    defaults: { type: 'dashboard', layouts: { lg: [] }, children: [] },
  },
  schema: {
    type: 'object',
    required: ['type', 'layouts', 'children'],
    additionalProperties: false,
    properties: {
      type: { const: 'dashboard' },
      key: { $ref: 'tessera://meta/field.schema.json#/$defs/key' },
      title: TEXT,
      props: {
        type: 'object',
        additionalProperties: false,
        properties: {
          refresh: { type: 'integer', minimum: 0, maximum: 86400 },
          timeZone: { type: 'string', maxLength: 64 },
          rowHeight: { type: 'integer', minimum: 40, maximum: 400 },
        },
      },
      filters: {
        type: 'array',
        maxItems: 10,
        items: {
          type: 'object',
          required: ['key', 'kind', 'field'],
          properties: { key: widgetKey, field: column, kind: { enum: ['dateRange', 'dict'] } },
          allOf: [
            {
              if: { properties: { kind: { const: 'dateRange' } } },
              then: {
                additionalProperties: false,
                properties: {
                  ...filterBase,
                  kind: { const: 'dateRange' },
                  defaultDays: { type: 'integer', minimum: 1, maximum: 36500 },
                },
              },
              else: {
                required: ['dict'],
                additionalProperties: false,
                properties: {
                  ...filterBase,
                  kind: { const: 'dict' },
                  dict: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
                  multiple: { type: 'boolean' },
                },
              },
            },
          ],
        },
      },
      layouts: {
        type: 'object',
        additionalProperties: false,
        properties: { lg: layout, md: layout, sm: layout },
      },
      children: {
        type: 'array',
        maxItems: 100,
        items: {
          type: 'object',
          required: ['type', 'key'],
          properties: { type: { enum: [...WIDGET_TYPES] }, key: widgetKey },
          $ref: 'tessera://meta/node.schema.json',
        },
      },
    },
  },
  settings: [
    {
      key: 'props.refresh',
      title: { zh: '自动刷新（秒，0 为关闭）', en: 'Auto-refresh (seconds, 0: off)' },
      type: 'number',
      props: { min: 0, max: 86400 },
    },
    { key: 'props.timeZone', title: { zh: '时区', en: 'Time zone' }, type: 'input' },
  ],
});
