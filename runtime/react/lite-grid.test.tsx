// @vitest-environment happy-dom
import '../../tests/dom-setup';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SchemaNode } from '../../protocol/page-schema';
import { renderForm } from './widget-helpers/testing';
import { GROUPING_THRESHOLD, gridColumnOf, ROWS_PER_GROUP, rowGroups } from './LiteGrid';

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

  it('splits a large form into row groups of whole rows, each a grid of the same columns', async () => {
    expect(rowGroups([1, 2, 3], 2)).toEqual([[1, 2, 3]]);
    const many = Array.from({ length: GROUPING_THRESHOLD + 1 }, (_, i) => i);
    const groups = rowGroups(many, 3);
    const size = 3 * ROWS_PER_GROUP;
    expect(groups.map((g) => g.length)).toEqual([size, size, many.length - 2 * size]);
    expect(groups.flat()).toEqual(many);

    const count = GROUPING_THRESHOLD + 10;
    const nodes = Array.from({ length: count }, (_, i) => ({
      key: `f${i}`,
      title: `F${i}`,
      type: 'input',
      ...(i === 5 ? { columnSpan: 2 } : {}),
      ...(i === 7 ? { hiddenFn: "f0 !== 'x'" } : {}),
    })) as SchemaNode[];
    const { container, form } = renderForm(nodes, { columns: 2 });
    const outer = container.querySelector<HTMLElement>('.tessera-grid-layout')!;
    const groupEls = [...outer.children] as HTMLElement[];
    expect(groupEls.map((g) => g.className)).toEqual(Array(5).fill('tessera-grid-rows'));
    expect(groupEls.map((g) => g.childElementCount)).toEqual([47, 48, 48, 48, 18]); // f7 hidden
    for (const group of groupEls) {
      expect(group.style.gridTemplateColumns).toBe('repeat(2, minmax(0, 1fr))');
      expect(group.style.contentVisibility).toBe('auto');
    }
    const items = groupEls.flatMap((g) => [...g.children] as HTMLElement[]);
    expect(items.every((el) => el.style.contain === 'layout')).toBe(true);
    expect(items[5]!.style.gridColumn).toBe('span 2 / auto');
    expect(items[6]!.style.gridColumn).toBe('span 1 / auto');
    // A field shown later in a group gets its place too.
    form.setValuesIn('f0', 'x');
    await waitFor(() => expect(groupEls[0]!.childElementCount).toBe(48));
    await waitFor(() => expect((groupEls[0]!.children[7] as HTMLElement).style.gridColumn).toBe('span 1 / auto'));
  });
});
