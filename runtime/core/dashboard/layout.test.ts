import { describe, expect, it } from 'vitest';
import { breakpointFor, gridArea, resolveLayout } from './layout';

const lg = [
  { i: 'a', x: 0, y: 0, w: 6, h: 2 },
  { i: 'b', x: 6, y: 0, w: 6, h: 3 },
  { i: 'c', x: 0, y: 2, w: 12, h: 4 },
];

describe('dashboard layout', () => {
  it('picks the breakpoint by width: lg ≥ 1200, md (a tablet) ≥ 768, sm below', () => {
    expect([1440, 1200, 1199, 820, 768, 767, 375].map(breakpointFor)).toEqual([
      'lg',
      'lg',
      'md',
      'md',
      'md',
      'sm',
      'sm',
    ]);
  });

  it('uses the layout of the breakpoint, and scales lg to md columns when md has none', () => {
    expect(resolveLayout({ lg }, ['a', 'b', 'c'], 'lg')).toEqual(lg);
    expect(resolveLayout({ lg }, ['a', 'b', 'c'], 'md')).toEqual([
      { i: 'a', x: 0, y: 0, w: 4, h: 2 },
      { i: 'b', x: 4, y: 0, w: 4, h: 3 },
      { i: 'c', x: 0, y: 2, w: 8, h: 4 },
    ]);
    const md = [{ i: 'a', x: 0, y: 0, w: 8, h: 1 }];
    expect(resolveLayout({ lg, md }, ['a'], 'md')).toEqual(md);
  });

  it('stacks widgets in reading order on a phone', () => {
    const items = resolveLayout({ lg: [lg[2], lg[1], lg[0]] }, ['c', 'b', 'a'], 'sm');
    expect(items.map((i) => [i.i, i.y, i.w])).toEqual([
      ['a', 0, 1],
      ['b', 2, 1],
      ['c', 5, 1],
    ]);
  });

  it('places widgets the layout misses below the others, and clamps items that overflow', () => {
    const items = resolveLayout({ lg: [{ i: 'a', x: 10, y: 0, w: 6, h: 2 }] }, ['a', 'new'], 'lg');
    expect(items).toEqual([
      { i: 'a', x: 6, y: 0, w: 6, h: 2 },
      { i: 'new', x: 0, y: 2, w: 4, h: 4 },
    ]);
    expect(resolveLayout({ lg: [{ i: 'gone', x: 0, y: 0, w: 1, h: 1 }] }, [], 'lg')).toEqual([]);
  });

  it('gridArea gives 1-based CSS grid lines', () => {
    expect(gridArea({ i: 'a', x: 2, y: 1, w: 3, h: 2 })).toEqual({ gridColumn: '3 / span 3', gridRow: '2 / span 2' });
  });
});
