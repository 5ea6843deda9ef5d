import type { ContainerNode, Text } from '../../../protocol/page-schema';
import { defineContainerCompiler } from '../../core/compiler/hooks';
import { defineNode } from '../../core/registry';
import { paneShown } from './pane-conditions';

/**
 * Tabs: `children` are panes { key?, title, children }. Panes carry no `type`: they exist only
 * inside a tab, so they are not a node of their own (a generic walker still finds fields by
 * descending into `children`). Fields of every pane belong to the same form, whichever pane shows.
 * A pane key is not a column, so it may hold a dash: it can be the value of the page's `props.query`
 * address parameter (?tab=change-password). `showIf` names a host condition (./pane-conditions.ts).
 */
export interface TabPane {
  key?: string;
  title: Text;
  showIf?: string;
  children: ContainerNode['children'];
}

export const tabNode = defineNode({
  type: 'tab',
  placement: 'anywhere',
  panes: true,
  palette: {
    title: { zh: '页签', en: 'Tabs' },
    icon: 'FolderOutlined',
    group: 'layout',
    defaults: { type: 'tab', children: [{ key: 'tab1', title: { zh: '页签一', en: 'Tab 1' }, children: [] }] },
  },
  container: true,
  schema: {
    type: 'object',
    required: ['type', 'children'],
    properties: {
      type: { const: 'tab' },
      key: { $ref: 'tessera://meta/field.schema.json#/$defs/key' },
      title: { $ref: 'tessera://meta/text.schema.json' },
      columnSpan: { type: 'integer', minimum: 1, maximum: 24 },
      props: {
        type: 'object',
        properties: {
          type: { enum: ['line', 'card'] },
          columns: { type: 'integer', minimum: 1, maximum: 12 },
          // The address parameter that names the open pane (page-level tabs only).
          query: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,31}$' },
          // Unmount a pane when it is left, so it starts afresh when opened again (page-level tabs only).
          destroyInactive: { type: 'boolean' },
        },
        additionalProperties: false,
      },
      children: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          required: ['title', 'children'],
          properties: {
            key: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_-]{0,63}$' },
            title: { $ref: 'tessera://meta/text.schema.json' },
            showIf: { type: 'string', pattern: '^[A-Za-z][\\w.-]*$', maxLength: 64 },
            children: { type: 'array', items: { $ref: 'tessera://meta/child.schema.json' } },
          },
          additionalProperties: false,
        },
      },
    },
    additionalProperties: false,
  },
  settings: [
    {
      key: 'props.type',
      title: { zh: '页签样式', en: 'Tab style' },
      type: 'select',
      selectItems: [
        { value: 'line', label: { zh: '线条', en: 'Line' } },
        { value: 'card', label: { zh: '卡片', en: 'Card' } },
      ],
    },
  ],
});

defineContainerCompiler('tab', (node, _ctx, api) => {
  const {
    columns,
    query: _query,
    destroyInactive: _destroy,
    ...props
  } = (node.props ?? {}) as { columns?: number } & Record<string, unknown>;
  const panes = (node.children as unknown as TabPane[]).filter((pane) => paneShown(pane.showIf));
  const properties = Object.fromEntries(
    panes.map((pane, index) => [
      pane.key ?? `__pane_${index}`,
      {
        type: 'void',
        'x-index': index,
        'x-component': 'FormTab.TabPane',
        // forceRender: antd mounts panes lazily, and an unmounted field is neither validated nor submitted.
        'x-component-props': { tab: api.text(pane.title), forceRender: true },
        properties: { __grid: api.grid(pane.children, { columns }) },
      },
    ]),
  );
  return {
    type: 'void',
    'x-component': 'FormTab',
    'x-component-props': props,
    properties,
    ...api.gridItem((node as { columnSpan?: number }).columnSpan),
  };
});
