// @vitest-environment happy-dom
// Before anything imports react-dom: the render counter is React's devtools hook.
import { takeRenders } from '../../tests/helpers/render-count';
import '../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, waitFor } from '@testing-library/react';
import type { RequestOptions } from '../../protocol/http';
import type { SchemaNode } from '../../protocol/page-schema';
import { renderForm } from './widget-helpers/testing';

/**
 * A keystroke in a field 20 selects follow reloads their dictionaries but renders none of them
 * while they are closed and empty: their options are seen only when one opens (issue 23). Counts
 * of renders, by component: the select is rc-select's `BaseSelect`, every field's FormItem
 * decorator `BaseItem`.
 */
const DEPENDENTS = 20;
const nodes = [
  { key: 'code', title: '编码', type: 'input', linkageKeys: Array.from({ length: DEPENDENTS }, (_, i) => `d${i}`) },
  ...Array.from({ length: DEPENDENTS }, (_, i) => ({
    key: `d${i}`,
    title: `下级${i}`,
    type: 'select',
    dictApi: { url: 'dict/child', params: { code: '{{code}}' } },
  })),
] as unknown as SchemaNode[];
const dicts = {
  'dict/child': (query: RequestOptions['query']) => [
    { value: `${String(query?.code)}-1`, label: `子项 ${String(query?.code)}` },
  ],
};

function type(container: HTMLElement, text: string) {
  const input = container.querySelector<HTMLInputElement>('input[aria-label="编码"]')!;
  fireEvent.change(input, { target: { value: text } });
}

const settled = () => act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
const count = (renders: Map<string, number>, name: string) => renders.get(name) ?? 0;

describe('a keystroke in a fan-out parent (issue 23, render counts)', () => {
  it('renders the parent and no dependent select or FormItem while they are closed and empty', async () => {
    const { container, calls } = renderForm(nodes, { dicts });
    await settled();
    type(container, 'a');
    await waitFor(() => expect(calls.some((c) => c.query?.code === 'a')).toBe(true));
    await settled();
    takeRenders();
    type(container, 'ab');
    await waitFor(() => expect(calls.some((c) => c.query?.code === 'ab')).toBe(true));
    await settled();
    const renders = takeRenders();
    expect(count(renders, 'BaseSelect')).toBe(0);
    expect(count(renders, 'BaseItem')).toBe(1); // the parent's own
    // Opening one shows the latest value's options.
    const item = [...container.querySelectorAll<HTMLElement>('.ant-formily-item')].find(
      (el) => el.querySelector('.ant-select') && el.textContent?.includes('下级7'),
    )!;
    fireEvent.mouseDown(item.querySelector('.ant-select-selector')!);
    await waitFor(() =>
      expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toContain('子项 ab'),
    );
  });

  it('a dependent holding a value is cleared and re-rendered with it; the others stay as they were', async () => {
    const { container, form } = renderForm(nodes, { dicts, initialValues: { code: 'x' } });
    await act(async () => form.setValuesIn('d3', 'x-1'));
    await settled();
    takeRenders();
    type(container, 'xy');
    await settled();
    const renders = takeRenders();
    expect(form.values.d3).toBeUndefined();
    // The parent's and d3's FormItems (d3's value changed); d3's select, once for the value.
    expect(count(renders, 'BaseItem')).toBe(2);
    expect(count(renders, 'BaseSelect')).toBe(1);
  });
});
