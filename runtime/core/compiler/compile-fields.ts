/**
 * Page nodes (fields and containers) → one Formily object schema wrapped in a FormGrid. Containers
 * (grid, tab, ...) compile through the hook their own folder registers; fields through compileField.
 * Void containers do not change data paths, so values stay flat: { name, level, ... }.
 */
import type { ISchema } from '@formily/json-schema';
import { textOf, type ContainerNode, type FieldDefinition, type SchemaNode } from '../../../protocol/page-schema';
import { getNode, getWidget } from '../registry';
import { compileField } from './field';
import { getContainerCompiler } from './hooks';
import type { CompileContext, ContainerCompileApi } from './types';

/** Wide enough to span a whole row: FormGrid clamps a span to its column count. */
const FULL_ROW = 24;

export function isFieldNode(node: SchemaNode): node is FieldDefinition {
  return getWidget(node.type) !== undefined;
}

function compileGrid(
  children: SchemaNode[],
  ctx: CompileContext,
  columns: number,
  props: Record<string, unknown> = {},
): ISchema {
  const api: ContainerCompileApi = {
    grid: (nested, options = {}) => compileGrid(nested, ctx, options.columns ?? columns, options.props),
    gridItem: (span) => ({ 'x-decorator': 'FormGrid.GridColumn', 'x-decorator-props': { gridSpan: span ?? FULL_ROW } }),
    text: (value) => textOf(value, ctx.lang),
  };
  const properties: Record<string, ISchema> = {};
  children.forEach((child, index) => {
    if (isFieldNode(child)) {
      if (Object.hasOwn(properties, child.key)) throw new Error(`Duplicate field key "${child.key}"`);
      properties[child.key] = compileField(child, ctx, index);
      return;
    }
    const container = getContainerCompiler(child.type);
    if (!container) {
      throw new Error(
        getNode(child.type)
          ? `Node type "${child.type}" cannot be placed inside a form`
          : `Unknown node or widget type "${child.type}"`,
      );
    }
    const key = (child as ContainerNode).key ?? `__${child.type}_${index}`;
    if (Object.hasOwn(properties, key)) throw new Error(`Duplicate node key "${key}"`);
    properties[key] = { ...container(child as ContainerNode, ctx, api), 'x-index': index };
  });
  return {
    type: 'void',
    'x-component': 'FormGrid',
    'x-component-props': { maxColumns: columns, ...props },
    properties,
  };
}

/** Compiles fields and containers into a Formily object schema (building-blocks §3, §5). */
export function compileFields(nodes: SchemaNode[], ctx: CompileContext): ISchema {
  const columns = Math.max(1, Math.floor(ctx.columns ?? 1));
  return { type: 'object', properties: { __grid: compileGrid(nodes, ctx, columns) } };
}
