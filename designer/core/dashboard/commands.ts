/**
 * The dashboard designer's edits, as pure functions of the dashboard node (docs/dashboards.md "The
 * designer"). A widget lives in two places — `children` and one item per breakpoint in `layouts` —
 * so every command keeps both in step: adding, duplicating and removing touch each breakpoint's
 * layout, a key is unique among the widgets, and a refused edit answers why and changes nothing.
 * The page tree's commands (../commands.ts) do not fit here: their slots know nothing of layouts.
 */
import { resolveLayout } from '../../../runtime/core/dashboard/layout';
import { getNode } from '../../../runtime/core/registry';
import {
  BREAKPOINT_COLUMNS,
  type Breakpoint,
  type ChartKind,
  type DashboardFilter,
  type DashboardNodeSchema,
  type DashboardWidget,
  type GridItem,
} from '../../../runtime/core/dashboard/types';
import { refuse } from '../refusal';
import type { Refusal } from '../types';

export type DashCommand =
  /** A new widget of a registered type; `key` when the caller named it (a drop's layout refers to it). */
  | { type: 'add'; widget: string; at?: Partial<GridItem>; key?: string }
  | { type: 'remove'; key: string }
  | { type: 'duplicate'; key: string }
  /**
   * The grid's new positions and sizes (react-grid-layout's onLayoutChange) for one breakpoint;
   * `null` drops a narrower breakpoint's own layout, so it follows the wide one again.
   */
  | { type: 'layout'; breakpoint: Breakpoint; items: GridItem[] | null }
  /** Against the layout of `breakpoint` (default lg; a tablet's derived layout becomes its own). */
  | { type: 'align'; key: string; how: AlignHow; breakpoint?: Breakpoint }
  /** A widget's new JSON (the settings panel, the query builder): its key and type are kept. */
  | { type: 'widget'; key: string; widget: DashboardWidget; coalesce?: string }
  | { type: 'chartKind'; key: string; chart: ChartKind }
  /**
   * Which of its own fields a dashboard filter narrows in a data widget (its `filterFields`): a
   * field, `null` (the filter does not apply to it), or undefined (back to the filter's own field).
   */
  | { type: 'filterField'; key: string; filter: string; field: string | null | undefined }
  | { type: 'dashboard'; props?: DashboardNodeSchema['props']; filters?: DashboardFilter[]; coalesce?: string }
  /** Several commands as one step (a drop: the new widget, then the grid's layout around it). */
  | { type: 'batch'; commands: DashCommand[] };

/** left / right: against that edge; full: the whole row; row: as tall as the tallest widget beside it. */
export type AlignHow = 'left' | 'right' | 'full' | 'row';

export type DashOutcome = { ok: true; node: DashboardNodeSchema; select?: string | null; coalesce?: string } | Refusal;

/** Most widgets a dashboard holds (the node's schema: children maxItems). */
export const MAX_WIDGETS = 100;
const DEFAULT_W = 4;
const DEFAULT_H = 4;
/**
 * The size a new widget of a type starts at (12 columns, rows of the dashboard's row height): a
 * stat card is a small tile, a table a full row. A type not named here starts at 4 x 4.
 */
const START_SIZES: Record<string, { w: number; h: number }> = {
  stat: { w: 3, h: 2 },
  chart: { w: 6, h: 4 },
  dataTable: { w: 12, h: 5 },
  textBlock: { w: 4, h: 2 },
  frame: { w: 6, h: 4 },
};

export const startSize = (type: string) => START_SIZES[type] ?? { w: DEFAULT_W, h: DEFAULT_H };

const layoutsOf = (node: DashboardNodeSchema) => node.layouts ?? {};
const breakpointsOf = (node: DashboardNodeSchema) =>
  (Object.keys(layoutsOf(node)) as Breakpoint[]).filter((b) => Array.isArray(node.layouts[b]));
const bottomOf = (items: readonly GridItem[]) => items.reduce((max, item) => Math.max(max, item.y + item.h), 0);

/** `base`, else `base_2`, `base_3`, … — the first not taken by a widget or a filter. */
const keysOf = (node: DashboardNodeSchema) =>
  new Set([...node.children.map((child) => child.key), ...(node.filters ?? []).map((f) => f.key)]);

export function uniqueWidgetKey(node: DashboardNodeSchema, base: string): string {
  const taken = keysOf(node);
  const stem = base.replace(/_\d+$/, '') || 'widget';
  if (!taken.has(stem)) return stem;
  for (let n = 2; ; n++) if (!taken.has(`${stem}_${n}`)) return `${stem}_${n}`;
}

/** The widget types a palette offers: registered nodes of the chart group that hold no children. */
export function isWidgetType(type: string): boolean {
  const definition = getNode(type);
  return !!definition && definition.palette?.group === 'chart' && !definition.container;
}

/** The end of the last row when `w` columns fit there, else the start of a new row below everything. */
function freeSpot(items: readonly GridItem[], w: number, cols: number): { x: number; y: number } {
  if (!items.length) return { x: 0, y: 0 };
  const rowY = Math.max(...items.map((item) => item.y));
  const end = Math.max(...items.filter((item) => item.y === rowY).map((item) => item.x + item.w));
  // Only when nothing taller from an earlier row reaches into that space.
  const blocked = items.some((item) => item.y < rowY && item.y + item.h > rowY && item.x + item.w > end);
  return end + w <= cols && !blocked ? { x: end, y: rowY } : { x: 0, y: bottomOf(items) };
}

function place(node: DashboardNodeSchema, key: string, at: Partial<GridItem> = {}): DashboardNodeSchema['layouts'] {
  const layouts = { ...layoutsOf(node) };
  const targets = breakpointsOf(node);
  if (!targets.length) targets.push('lg');
  for (const breakpoint of targets) {
    const items = layouts[breakpoint] ?? [];
    const cols = BREAKPOINT_COLUMNS[breakpoint];
    const scale = breakpoint === 'lg' ? 1 : cols / BREAKPOINT_COLUMNS.lg;
    const w = Math.min(cols, Math.max(1, Math.round((at.w ?? DEFAULT_W) * scale)));
    // Dropped at a place: there on the wide grid, in the same columns (scaled) below the others on a
    // narrower one. Otherwise beside the last row's widgets when it fits there, else below them all.
    const free = at.x === undefined ? freeSpot(items, w, cols) : undefined;
    const x = free ? free.x : Math.min(Math.max(0, Math.round(at.x! * scale)), cols - w);
    const y = free ? free.y : breakpoint === 'lg' && at.y !== undefined ? Math.max(0, at.y) : bottomOf(items);
    layouts[breakpoint] = [...items, { i: key, x, y, w, h: Math.max(1, at.h ?? DEFAULT_H) }];
  }
  return layouts;
}

function withoutKey(node: DashboardNodeSchema, key: string): DashboardNodeSchema['layouts'] {
  const layouts: DashboardNodeSchema['layouts'] = {};
  for (const breakpoint of breakpointsOf(node))
    layouts[breakpoint] = (node.layouts[breakpoint] ?? []).filter((item) => item.i !== key);
  return layouts;
}

const find = (node: DashboardNodeSchema, key: string) => node.children.find((child) => child.key === key);

/** The key a new widget of this type gets (its defaults' key, made unique). */
export function newWidgetKey(node: DashboardNodeSchema, type: string): string {
  const defaults = getNode(type)?.palette?.defaults as { key?: string } | undefined;
  return uniqueWidgetKey(node, defaults?.key ?? type);
}

function add(node: DashboardNodeSchema, type: string, at?: Partial<GridItem>, named?: string): DashOutcome {
  if (!isWidgetType(type)) return refuse('designer.unknownType', { type });
  if (node.children.length >= MAX_WIDGETS) return refuse('dashDesigner.full', { max: MAX_WIDGETS });
  const defaults = structuredClone(getNode(type)!.palette!.defaults) as unknown as DashboardWidget;
  const key =
    named && /^[A-Za-z][A-Za-z0-9_-]{0,63}$/.test(named) && !keysOf(node).has(named) ? named : newWidgetKey(node, type);
  const widget = { ...defaults, key } as DashboardWidget;
  return {
    ok: true,
    node: { ...node, children: [...node.children, widget], layouts: place(node, key, { ...startSize(type), ...at }) },
    select: key,
  };
}

function duplicate(node: DashboardNodeSchema, key: string): DashOutcome {
  const original = find(node, key);
  if (!original) return refuse('dashDesigner.unknownWidget', { key });
  if (node.children.length >= MAX_WIDGETS) return refuse('dashDesigner.full', { max: MAX_WIDGETS });
  const copyKey = uniqueWidgetKey(node, key);
  const copy = { ...structuredClone(original), key: copyKey } as DashboardWidget;
  const index = node.children.indexOf(original);
  const children = [...node.children.slice(0, index + 1), copy, ...node.children.slice(index + 1)];
  const layouts: DashboardNodeSchema['layouts'] = {};
  for (const breakpoint of breakpointsOf(node)) {
    const items = node.layouts[breakpoint] ?? [];
    const source = items.find((item) => item.i === key);
    const cols = BREAKPOINT_COLUMNS[breakpoint];
    // Beside the original when it fits, else below everything; the grid compacts the rest.
    const item = source
      ? source.x + 2 * source.w <= cols
        ? { ...source, i: copyKey, x: source.x + source.w }
        : { ...source, i: copyKey, x: 0, y: bottomOf(items) }
      : { i: copyKey, x: 0, y: bottomOf(items), w: DEFAULT_W, h: DEFAULT_H };
    layouts[breakpoint] = [...items, item];
  }
  return { ok: true, node: { ...node, children, layouts }, select: copyKey };
}

/**
 * Where the widgets sit at a breakpoint, as the page places them: its own layout, or for a tablet
 * without one the wide layout scaled to its columns (runtime/core/dashboard/layout.ts).
 */
export function layoutAt(node: DashboardNodeSchema, breakpoint: Breakpoint): GridItem[] {
  return resolveLayout(
    layoutsOf(node),
    node.children.map((child) => child.key),
    breakpoint,
  );
}

/** The breakpoint has a layout of its own (edited), rather than one derived from the wide layout. */
export const hasOwnLayout = (node: DashboardNodeSchema, breakpoint: Breakpoint): boolean =>
  Array.isArray(layoutsOf(node)[breakpoint]);

function dropLayout(node: DashboardNodeSchema, breakpoint: Breakpoint): DashOutcome {
  // The wide layout is the one every other derives from: it is never dropped.
  if (breakpoint === 'lg') return refuse('dashDesigner.keepWideLayout', {});
  if (!hasOwnLayout(node, breakpoint)) return { ok: true, node };
  const layouts = { ...node.layouts };
  delete layouts[breakpoint];
  return { ok: true, node: { ...node, layouts } };
}

function setLayout(node: DashboardNodeSchema, breakpoint: Breakpoint, items: GridItem[] | null): DashOutcome {
  if (items === null) return dropLayout(node, breakpoint);
  const cols = BREAKPOINT_COLUMNS[breakpoint];
  const keys = new Set(node.children.map((child) => child.key));
  // Only the grid's own fields, for known widgets, inside the columns (the grid hands back more).
  const next = items
    .filter((item) => keys.has(item.i))
    .map(({ i, x, y, w, h }) => {
      const width = Math.min(cols, Math.max(1, Math.round(w)));
      return {
        i,
        x: Math.min(Math.max(0, Math.round(x)), cols - width),
        y: Math.max(0, Math.round(y)),
        w: width,
        h: Math.max(1, Math.round(h)),
      };
    });
  const before = node.layouts[breakpoint] ?? [];
  if (sameItems(before, next)) return { ok: true, node };
  return { ok: true, node: { ...node, layouts: { ...node.layouts, [breakpoint]: next } } };
}

function sameItems(a: readonly GridItem[], b: readonly GridItem[]): boolean {
  if (a.length !== b.length) return false;
  const byKey = new Map(a.map((item) => [item.i, item]));
  return b.every((item) => {
    const other = byKey.get(item.i);
    return !!other && other.x === item.x && other.y === item.y && other.w === item.w && other.h === item.h;
  });
}

const overlaps = (a: GridItem, b: GridItem) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * The layout with `moved` in its new place and the widgets it now covers pushed down below what
 * they hit, top to bottom (as the grid does while dragging): the page draws stored positions as
 * they are, so an aligned widget must never overlap another.
 */
function makeRoom(items: readonly GridItem[], moved: GridItem): GridItem[] {
  const placed: GridItem[] = [moved];
  const others = items.filter((item) => item.i !== moved.i).sort((a, b) => a.y - b.y || a.x - b.x);
  for (const item of others) {
    let next = item;
    for (let hit = placed.find((p) => overlaps(p, next)); hit; hit = placed.find((p) => overlaps(p, next)))
      next = { ...next, y: hit.y + hit.h };
    placed.push(next);
  }
  return items.map((item) => placed.find((p) => p.i === item.i)!);
}

function align(node: DashboardNodeSchema, key: string, how: AlignHow, breakpoint: Breakpoint = 'lg'): DashOutcome {
  const items = breakpoint === 'lg' ? (node.layouts.lg ?? []) : layoutAt(node, breakpoint);
  const item = items.find((i) => i.i === key);
  if (!item) return refuse('dashDesigner.unknownWidget', { key });
  const cols = BREAKPOINT_COLUMNS[breakpoint];
  let next: GridItem;
  if (how === 'left') next = { ...item, x: 0 };
  else if (how === 'right') next = { ...item, x: cols - item.w };
  else if (how === 'full') next = { ...item, x: 0, w: cols };
  else {
    // The widgets sharing any of its rows: all as tall as the tallest of them.
    const beside = items.filter((other) => other.y < item.y + item.h && item.y < other.y + other.h);
    next = { ...item, h: Math.max(...beside.map((other) => other.h)) };
  }
  return setLayout(node, breakpoint, makeRoom(items, next));
}

function updateWidget(node: DashboardNodeSchema, key: string, widget: DashboardWidget, coalesce?: string): DashOutcome {
  const original = find(node, key);
  if (!original) return refuse('dashDesigner.unknownWidget', { key });
  const next = { ...widget, key, type: original.type } as DashboardWidget;
  if (JSON.stringify(next) === JSON.stringify(original)) return { ok: true, node };
  return {
    ok: true,
    node: { ...node, children: node.children.map((child) => (child.key === key ? next : child)) },
    coalesce: coalesce ? `widget:${key}:${coalesce}` : undefined,
  };
}

/** Another chart kind over the same binding (the data, titles and format are the chart's, not the kind's). */
function chartKind(node: DashboardNodeSchema, key: string, chart: ChartKind): DashOutcome {
  const original = find(node, key);
  if (!original || original.type !== 'chart') return refuse('dashDesigner.unknownWidget', { key });
  return updateWidget(node, key, { ...original, chart });
}

/** The widget's `filterFields` with one filter's entry set or (undefined) dropped; none left, no key. */
function filterField(
  node: DashboardNodeSchema,
  key: string,
  filter: string,
  field: string | null | undefined,
): DashOutcome {
  const original = find(node, key);
  if (!original || !isDataWidget(original)) return refuse('dashDesigner.unknownWidget', { key });
  if (!(node.filters ?? []).some((f) => f.key === filter)) return refuse('dashDesigner.unknownFilter', { key: filter });
  const fields: Record<string, string | null> = {
    ...(original as { filterFields?: Record<string, string | null> }).filterFields,
  };
  if (field === undefined) delete fields[filter];
  else fields[filter] = field;
  const next = { ...original, filterFields: fields } as DashboardWidget & { filterFields?: unknown };
  if (!Object.keys(fields).length) delete next.filterFields;
  return updateWidget(node, key, next);
}

const isDataWidget = (widget: DashboardWidget) =>
  widget.type === 'chart' || widget.type === 'stat' || widget.type === 'dataTable';

function remove(node: DashboardNodeSchema, key: string): DashOutcome {
  if (!find(node, key)) return refuse('dashDesigner.unknownWidget', { key });
  return {
    ok: true,
    node: { ...node, children: node.children.filter((child) => child.key !== key), layouts: withoutKey(node, key) },
    select: null,
  };
}

function dashboardSettings(
  node: DashboardNodeSchema,
  props: DashboardNodeSchema['props'] | undefined,
  filters: DashboardFilter[] | undefined,
  coalesce?: string,
): DashOutcome {
  const next = { ...node };
  if (props !== undefined) next.props = props;
  if (filters !== undefined) {
    if (filters.length) next.filters = filters;
    else delete next.filters;
  }
  if (next.props && !Object.keys(next.props).length) delete next.props;
  return { ok: true, node: next, coalesce: coalesce ? `dashboard:${coalesce}` : undefined };
}

export function runDashCommand(node: DashboardNodeSchema, command: DashCommand): DashOutcome {
  switch (command.type) {
    case 'add':
      return add(node, command.widget, command.at, command.key);
    case 'remove':
      return remove(node, command.key);
    case 'duplicate':
      return duplicate(node, command.key);
    case 'layout':
      return setLayout(node, command.breakpoint, command.items);
    case 'align':
      return align(node, command.key, command.how, command.breakpoint);
    case 'widget':
      return updateWidget(node, command.key, command.widget, command.coalesce);
    case 'chartKind':
      return chartKind(node, command.key, command.chart);
    case 'filterField':
      return filterField(node, command.key, command.filter, command.field);
    case 'dashboard':
      return dashboardSettings(node, command.props, command.filters, command.coalesce);
    case 'batch':
      return batch(node, command.commands);
  }
}

function batch(node: DashboardNodeSchema, commands: DashCommand[]): DashOutcome {
  let next = node;
  let select: string | null | undefined;
  for (const command of commands) {
    const outcome = runDashCommand(next, command);
    if (!outcome.ok) return outcome;
    next = outcome.node;
    if (outcome.select !== undefined) select = outcome.select;
  }
  return { ok: true, node: next, ...(select !== undefined ? { select } : {}) };
}
