import { defineContainerCompiler } from '../../core/compiler/hooks';
import { defineNode } from '../../core/registry';

/** A nested grid: its children laid out in `props.columns` columns (default: the form's). */
export const gridNode = defineNode({
  type: 'grid',
  placement: 'anywhere',
  palette: {
    title: { zh: '栅格', en: 'Grid' },
    icon: 'LayoutOutlined',
    group: 'layout',
    defaults: { type: 'grid', props: { columns: 2 }, children: [] },
  },
  container: true,
  schema: {
    type: 'object',
    required: ['type', 'children'],
    properties: {
      type: { const: 'grid' },
      key: { $ref: 'tessera://meta/field.schema.json#/$defs/key' },
      title: { $ref: 'tessera://meta/text.schema.json' },
      columnSpan: { type: 'integer', minimum: 1, maximum: 24 },
      props: {
        type: 'object',
        properties: {
          columns: { type: 'integer', minimum: 1, maximum: 12 },
          columnGap: { type: 'integer', minimum: 0, maximum: 64 },
          rowGap: { type: 'integer', minimum: 0, maximum: 64 },
        },
        additionalProperties: false,
      },
      children: { type: 'array', items: { $ref: 'tessera://meta/child.schema.json' } },
    },
    additionalProperties: false,
  },
  settings: [
    { key: 'props.columns', title: { zh: '列数', en: 'Columns' }, type: 'number', props: { min: 1, max: 12 } },
  ],
});

defineContainerCompiler('grid', (node, _ctx, api) => {
  const { columns, ...props } = (node.props ?? {}) as { columns?: number } & Record<string, unknown>;
  const span = (node as { columnSpan?: number }).columnSpan;
  return { ...api.grid(node.children, { columns, props }), ...api.gridItem(span) };
});
