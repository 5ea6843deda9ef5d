import { defineContainerCompiler } from '../../core/compiler/hooks';
import { defineNode } from '../../core/registry';

/**
 * Card container (ai-and-widgets §1): a titled, bordered box around its children. A node, not a
 * widget, because it holds children and no value. In a page body it is an antd Card (component.tsx);
 * inside a form it compiles to a titled, bordered grid section whose fields stay in the same form.
 */
export const cardNode = defineNode({
  type: 'card',
  placement: 'anywhere',
  palette: {
    title: { zh: '卡片', en: 'Card' },
    icon: 'CreditCardOutlined',
    group: 'layout',
    defaults: { type: 'card', title: { zh: '卡片', en: 'Card' }, children: [] },
  },
  container: true,
  schema: {
    type: 'object',
    required: ['type', 'children'],
    properties: {
      type: { const: 'card' },
      key: { $ref: 'tessera://meta/field.schema.json#/$defs/key' },
      title: { $ref: 'tessera://meta/text.schema.json' },
      columnSpan: { type: 'integer', minimum: 1, maximum: 24 },
      props: {
        type: 'object',
        properties: {
          columns: { type: 'integer', minimum: 1, maximum: 12 },
          size: { enum: ['default', 'small'] },
        },
        additionalProperties: false,
      },
      children: { type: 'array', items: { $ref: 'tessera://meta/child.schema.json' } },
    },
    additionalProperties: false,
  },
  settings: [
    { key: 'title', title: { zh: '标题', en: 'Title' }, type: 'input' },
    { key: 'props.columns', title: { zh: '列数', en: 'Columns' }, type: 'number', props: { min: 1, max: 12 } },
  ],
});

/** Box look of a card inside a form (antd Card's border, radius and padding). */
export const CARD_SECTION_STYLE = { border: '1px solid #f0f0f0', borderRadius: 8, padding: '12px 16px 0' };

defineContainerCompiler('card', (node, _ctx, api) => {
  const { columns } = (node.props ?? {}) as { columns?: number };
  const span = (node as { columnSpan?: number }).columnSpan;
  const grid = api.grid(node.children, { columns });
  return {
    ...grid,
    'x-decorator': 'FormItem',
    'x-decorator-props': {
      label: node.title !== undefined ? api.text(node.title) : undefined,
      layout: 'vertical',
      colon: false,
      gridSpan: api.gridItem(span)['x-decorator-props']?.gridSpan,
      className: 'tessera-card-section',
      style: CARD_SECTION_STYLE,
    },
  };
});
