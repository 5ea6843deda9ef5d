// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SchemaNode } from '../../../protocol/page-schema';
import { renderForm } from '../../react/widget-helpers/testing';
import { gridColumnOf } from './LiteGrid';

describe('LiteGrid (the CSS grid behind FormGrid in FormBody)', () => {
  it('clamps spans to the column count, as FormGrid does', () => {
    expect(gridColumnOf(24, 2)).toBe('span 2 / auto');
    expect(gridColumnOf(2, 3)).toBe('span 2 / auto');
    expect(gridColumnOf(1, 3)).toBe('span 1 / auto');
    expect(gridColumnOf(-1, 3)).toBe('1 / -1');
  });

  it('lays the form out in its columns; items spanning more get their grid-column, also when shown later', async () => {
    const { container, form } = renderForm(
      [
        { key: 'a', title: 'A', type: 'input', columnSpan: 2 },
        { key: 'b', title: 'B', type: 'input' },
        { type: 'grid', key: 'g', props: { columns: 3 }, children: [{ key: 'c', title: 'C', type: 'number' }] },
        { key: 'd', title: 'D', type: 'input', columnSpan: 4, hiddenFn: "b !== 'x'" },
      ] as SchemaNode[],
      { columns: 2 },
    );
    const outer = container.querySelector<HTMLElement>('.tessera-grid-layout')!;
    expect(outer.style.gridTemplateColumns).toBe('repeat(2, minmax(0, 1fr))');
    const items = () => [...outer.children] as HTMLElement[];
    expect(items().map((el) => el.style.gridColumn)).toEqual(['span 2 / auto', 'span 1 / auto', 'span 2 / auto']);
    expect(items().every((el) => el.style.contain === 'layout')).toBe(true);
    expect(items()[2]!.querySelector<HTMLElement>('.tessera-grid-layout')!.style.gridTemplateColumns).toBe(
      'repeat(3, minmax(0, 1fr))',
    );
    form.setValuesIn('b', 'x');
    await waitFor(() => expect(items()).toHaveLength(4));
    await waitFor(() => expect(items()[3]!.style.gridColumn).toBe('span 2 / auto'));
  });
});
