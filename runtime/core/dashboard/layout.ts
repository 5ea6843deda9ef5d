/**
 * Where each widget sits at a width: the dashboard's `layouts` hold react-grid-layout items per
 * breakpoint (the designer edits the same shape). A breakpoint without a layout scales the next
 * wider one to its columns; below md (a phone) widgets stack in their lg order, full width.
 */
import { BREAKPOINT_COLUMNS, BREAKPOINT_MIN_WIDTH, BREAKPOINTS, type Breakpoint, type GridItem } from './types';

export function breakpointFor(width: number): Breakpoint {
  return BREAKPOINTS.find((b) => width >= BREAKPOINT_MIN_WIDTH[b]) ?? 'sm';
}

/** Default size of a widget the layout does not place (a new one): a third of the width, 4 rows. */
const DEFAULT_H = 4;

export function resolveLayout(
  layouts: Partial<Record<Breakpoint, GridItem[]>>,
  keys: readonly string[],
  breakpoint: Breakpoint,
): GridItem[] {
  const cols = BREAKPOINT_COLUMNS[breakpoint];
  const base = layouts.lg ?? [];
  if (breakpoint === 'sm' && !layouts.sm) {
    // Stack in reading order (top to bottom, left to right of the widest layout).
    const order = orderOf(base, keys);
    let y = 0;
    return order.map((key) => {
      const h = base.find((item) => item.i === key)?.h ?? DEFAULT_H;
      const item = { i: key, x: 0, y, w: 1, h };
      y += h;
      return item;
    });
  }
  const own = layouts[breakpoint];
  const source = own ?? (breakpoint === 'md' ? scale(base, BREAKPOINT_COLUMNS.lg, cols) : base);
  const placed = source.filter((item) => keys.includes(item.i)).map((item) => clamp(item, cols));
  // Widgets the layout misses go below everything, a third of the width each.
  let bottom = placed.reduce((max, item) => Math.max(max, item.y + item.h), 0);
  const w = Math.max(1, Math.floor(cols / 3));
  let x = 0;
  for (const key of keys) {
    if (placed.some((item) => item.i === key)) continue;
    if (x + w > cols) {
      x = 0;
      bottom += DEFAULT_H;
    }
    placed.push({ i: key, x, y: bottom, w, h: DEFAULT_H });
    x += w;
  }
  return placed;
}

function clamp(item: GridItem, cols: number): GridItem {
  const w = Math.min(Math.max(1, item.w), cols);
  return { ...item, w, x: Math.min(Math.max(0, item.x), cols - w), h: Math.max(1, item.h), y: Math.max(0, item.y) };
}

function scale(items: GridItem[], from: number, to: number): GridItem[] {
  return items.map((item) => {
    const x = Math.round((item.x * to) / from);
    const w = Math.max(1, Math.round(((item.x + item.w) * to) / from) - x);
    return { ...item, x, w };
  });
}

function orderOf(items: GridItem[], keys: readonly string[]): string[] {
  const placed = [...items]
    .filter((i) => keys.includes(i.i))
    .sort((a, b) => a.y - b.y || a.x - b.x)
    .map((i) => i.i);
  return [...placed, ...keys.filter((k) => !placed.includes(k))];
}

/** CSS grid placement of an item (1-based lines). */
export function gridArea(item: GridItem): { gridColumn: string; gridRow: string } {
  return { gridColumn: `${item.x + 1} / span ${item.w}`, gridRow: `${item.y + 1} / span ${item.h}` };
}
