/**
 * React components bound to registry types. The registry (runtime/core/registry.ts) stays headless
 * for the server; the barrels runtime/widgets/components.ts and runtime/nodes/components.ts bind
 * each folder's component.tsx here, and renderers look components up by the same type string.
 * A binding may be a lazy component (./lazy-component.tsx): its code is fetched on first render.
 */
import type { ComponentType } from 'react';
import { getNode, getWidget } from '../core/registry';
import { isLazyComponent } from './lazy-component';

const widgetComponents = new Map<string, ComponentType<any>>();
const nodeComponents = new Map<string, ComponentType<any>>();
let version = 0;

export function bindWidget(type: string, component: ComponentType<any>): void {
  if (!getWidget(type))
    throw new Error(`bindWidget: widget type "${type}" is not defined (import its definition.ts first)`);
  widgetComponents.set(type, component);
  version++;
}

export function bindNode(type: string, component: ComponentType<any>): void {
  if (!getNode(type)) throw new Error(`bindNode: node type "${type}" is not defined (import its definition.ts first)`);
  nodeComponents.set(type, component);
  version++;
}

export const getWidgetComponent = (type: string) => widgetComponents.get(type);
export const getNodeComponent = (type: string) => nodeComponents.get(type);

/** Every bound widget by type: the `components` of createSchemaField. */
export function boundWidgets(): Record<string, ComponentType<any>> {
  return Object.fromEntries(widgetComponents);
}

/** Changes whenever a binding is added, so memoised SchemaFields can be rebuilt. */
export const bindingsVersion = () => version;

/**
 * Fetches the code of the given widget types (all bound ones by default) before they render, so a
 * form opened next shows its inputs at once; types bound eagerly, or unknown, are skipped.
 */
export async function preloadWidgets(types: Iterable<string> = widgetComponents.keys()): Promise<void> {
  const loads: Promise<void>[] = [];
  for (const type of types) {
    const component = widgetComponents.get(type);
    if (isLazyComponent(component)) loads.push(component.preload());
  }
  await Promise.all(loads);
}

/** The same for node types (form, grid, tab, card are fetched on first use). */
export async function preloadNodes(types: Iterable<string> = nodeComponents.keys()): Promise<void> {
  const loads: Promise<void>[] = [];
  for (const type of types) {
    const component = nodeComponents.get(type);
    if (isLazyComponent(component)) loads.push(component.preload());
  }
  await Promise.all(loads);
}
