import { describe, expect, it } from 'vitest';
import { nestRows } from './tree';

describe('nestRows', () => {
  it('nests by parent, keeps order, and leaves children off leaves', () => {
    const rows = [
      { id: 'r', p: null },
      { id: 'b', p: 'r' },
      { id: 'a', p: 'r' },
      { id: 'a1', p: 'a' },
    ];
    expect(nestRows(rows, 'p')).toEqual([
      {
        id: 'r',
        p: null,
        children: [
          { id: 'b', p: 'r' },
          { id: 'a', p: 'r', children: [{ id: 'a1', p: 'a' }] },
        ],
      },
    ]);
  });

  it('promotes rows whose parent is missing, empty or themselves', () => {
    const roots = nestRows(
      [
        { id: 'x', p: 'gone' },
        { id: 'y', p: '' },
        { id: 'z', p: 'z' },
      ],
      'p',
    );
    expect(roots.map((r) => r.id)).toEqual(['x', 'y', 'z']);
    expect(roots.every((r) => !('children' in r))).toBe(true);
  });

  it('breaks parent cycles instead of losing the rows', () => {
    const roots = nestRows(
      [
        { id: 'a', p: 'b' },
        { id: 'b', p: 'a' },
        { id: 'c', p: null },
      ],
      'p',
    );
    const ids = (rows: Record<string, unknown>[]): string[] =>
      rows.flatMap((r) => [String(r.id), ...ids((r.children as Record<string, unknown>[]) ?? [])]);
    expect(ids(roots).sort()).toEqual(['a', 'b', 'c']);
    expect(roots.map((r) => r.id)).toContain('c');
  });
});
