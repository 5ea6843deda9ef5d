/**
 * The benchmark build's @formily/antd-v5 (a Vite alias points both pages here): the real package with
 * FormItem wrapped in a render counter. FormItem is every field's decorator, rendered by the field's
 * ReactiveField, so its renders are the field re-renders. Same wrapper on both pages.
 */
import type React from 'react';
import { useField } from '@formily/react';
import * as real from '../node_modules/@formily/antd-v5/esm/index.js';

export * from '../node_modules/@formily/antd-v5/esm/index.js';

declare global {
  interface Window {
    __renders: Map<string, number>;
    /** performance.now() of the latest field render: keystroke → re-render latency. */
    __renderedAt: number;
  }
}
window.__renders = new Map();

function CountedFormItem(props: Record<string, unknown>) {
  const path = useField().path.toString();
  window.__renders.set(path, (window.__renders.get(path) ?? 0) + 1);
  window.__renderedAt = performance.now();
  const Item = real.FormItem as unknown as (p: Record<string, unknown>) => React.ReactElement;
  return <Item {...props} />;
}

export const FormItem = Object.assign(CountedFormItem, real.FormItem);
