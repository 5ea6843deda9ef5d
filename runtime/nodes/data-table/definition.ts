import { defineNode } from '../../core/registry';
import { filterFieldsSchema, widgetBase } from '../../core/dashboard/schema-parts';

/** A table widget: the runtime's list (read-only, paged) over a table, narrowed by the dashboard's filters. */
export const dataTableNode = defineNode({
  type: 'dataTable',
  placement: 'page',
  palette: {
    title: { zh: '数据表格', en: 'Table' },
    icon: 'TableOutlined',
    group: 'chart',
    defaults: {
      type: 'dataTable',
      key: 'table',
      title: { zh: '数据表格', en: 'Table' },
      table: 'customer',
      fields: [{ id: 'f_name', key: 'name', title: { zh: '名称', en: 'Name' }, type: 'input' }],
    },
  },
  schema: {
    type: 'object',
    required: ['type', 'key', 'table', 'fields'],
    additionalProperties: false,
    properties: {
      ...widgetBase('dataTable'),
      table: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]*$', maxLength: 64 },
      fields: { type: 'array', minItems: 1, maxItems: 50, items: { $ref: 'tessera://meta/child.schema.json' } },
      props: {
        type: 'object',
        additionalProperties: false,
        properties: {
          pageSize: { type: 'integer', minimum: 1, maximum: 200 },
          sorts: {
            type: 'array',
            maxItems: 5,
            items: {
              type: 'object',
              required: ['key', 'order'],
              additionalProperties: false,
              properties: {
                key: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$', maxLength: 64 },
                order: { enum: ['asc', 'desc'] },
              },
            },
          },
        },
      },
      filterFields: filterFieldsSchema,
    },
  },
  settings: [
    { key: 'props.pageSize', title: { zh: '每页条数', en: 'Page size' }, type: 'number', props: { min: 1, max: 200 } },
  ],
});
