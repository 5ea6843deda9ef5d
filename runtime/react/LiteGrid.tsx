/**
 * The form's grid layout: a plain CSS grid standing in for @formily/antd-v5's FormGrid under the same
 * schema name ('FormGrid', with 'FormGrid.GridColumn'). FormGrid measures its container and every
 * child in JavaScript and re-walks all children on each mutation (quadratic in the field count:
 * the bulk of a 500-field mount, see docs/benchmarks-log.md "Form"); the browser's grid does the same
 * layout for free. Spans come from the items' data-grid-span (FormItem gridSpan, GridColumn) and
 * are clamped to the column count, as FormGrid clamps them, by setting each item's grid-column
 * once when it appears (a child-list observer: linear, and nothing runs while typing), with
 * layout containment on each item.
 *
 * A large form is split into row groups: one grid per ROWS_PER_GROUP rows, stacked, each skipping
 * style / layout / paint while off-screen (content-visibility: auto). A keystroke changes the text of
 * one input, which no grid item can contain (a grid item is never a relayout boundary), so Chromium
 * lays the whole grid out again on every keystroke: 8–20 ms layout + 5–13 ms paint per keystroke at
 * 2,000 fields (traced), whatever the items' containment, content-visibility on the items included.
 * With groups it lays out one group and steps over the clean others (~0.8 ms layout, ~0.5 ms paint;
 * docs/benchmarks-log.md "Form"). The price: a group is its own grid, so an item hidden or spanning more
 * columns inside a group can leave its last row part-empty where one grid would have pulled the next
 * group's first item up; and a full-page screenshot shows groups never scrolled into view as blank
 * (focus, scrollIntoView and find-in-page do render them). Forms below GROUPING_THRESHOLD items keep
 * one exact grid.
 */
import { FormGrid } from '@formily/antd-v5';
import {
  Children,
  cloneElement,
  Fragment,
  isValidElement,
  useLayoutEffect,
  useRef,
  type CSSProperties,
  type ReactElement,
  type ReactNode,
} from 'react';

export const MAX_GRID_COLUMNS = 12;
/** Rows per group: groups hold columns × ROWS_PER_GROUP items, so plain one-column items end each group on a full row. */
export const ROWS_PER_GROUP = 24;
/** Item count from which the grid is split into row groups. */
export const GROUPING_THRESHOLD = 200;
/** Height of an off-screen group that has never been rendered, for the scrollbar: a form item row (32 px control, its help line and the row gap, measured). */
const ESTIMATED_ROW_PX = 60;
const GROUP_CLASS = 'tessera-grid-rows';

/** The grid's items as a flat list: Formily's RecursionField hands its properties over in a Fragment. */
function gridItems(children: ReactNode, prefix = ''): ReactNode[] {
  return Children.toArray(children).flatMap((child) => {
    if (isValidElement<{ children?: ReactNode }>(child) && child.type === Fragment)
      return gridItems(child.props.children, `${prefix}${String(child.key)}/`);
    return prefix && isValidElement(child)
      ? [cloneElement(child as ReactElement, { key: `${prefix}${String(child.key)}` })]
      : [child];
  });
}

/** Splits items into groups of columns × ROWS_PER_GROUP, or returns them as one group below the threshold. */
export function rowGroups<T>(items: T[], columns: number): T[][] {
  if (items.length < GROUPING_THRESHOLD) return [items];
  const size = columns * ROWS_PER_GROUP;
  const groups: T[][] = [];
  for (let i = 0; i < items.length; i += size) groups.push(items.slice(i, i + size));
  return groups;
}

/** The grid-column of an item with `data-grid-span` = span, in a grid of `columns`. */
export function gridColumnOf(span: number, columns: number): string {
  if (span === -1) return '1 / -1';
  return `span ${Math.min(Math.max(1, span || 1), columns)} / auto`;
}

function place(node: Node, columns: number): void {
  if (!(node instanceof HTMLElement)) return;
  const raw = node.getAttribute('data-grid-span');
  // Every item gets an explicit span, as FormGrid gives them.
  const value = gridColumnOf(raw === null ? 1 : Number(raw), columns);
  if (node.style.gridColumn !== value) node.style.gridColumn = value;
  // Layout containment: typing in one field must not relayout its 499 siblings (measured: ~13 → ~8 ms
  // per keystroke at 500 fields). Popups are portaled to <body>, so containment does not clip them.
  if (node.style.contain !== 'layout') node.style.contain = 'layout';
}

export interface LiteGridProps {
  maxColumns?: number;
  columnGap?: number;
  rowGap?: number;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
  [other: string]: unknown;
}

function LiteGridLayout({ maxColumns = 1, columnGap = 8, rowGap = 4, className, style, children }: LiteGridProps) {
  const columns = Math.min(MAX_GRID_COLUMNS, Math.max(1, Math.floor(Number(maxColumns) || 1)));
  const ref = useRef<HTMLDivElement>(null);
  const groups = rowGroups(gridItems(children), columns);
  const grouped = groups.length > 1;
  useLayoutEffect(() => {
    const container = ref.current;
    if (!container) return;
    // Items are the container's children, or its groups' children when grouped.
    const holdsItems = (node: Node | null) =>
      node === container ||
      (node instanceof HTMLElement && node.parentNode === container && node.classList.contains(GROUP_CLASS));
    const placeItemsOf = (parent: Element) => {
      for (const child of parent.children) {
        if (parent === container && child.classList.contains(GROUP_CLASS)) placeItemsOf(child);
        else place(child, columns);
      }
    };
    placeItemsOf(container);
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'childList') {
          if (record.target === container)
            record.addedNodes.forEach((node) => holdsItems(node) && placeItemsOf(node as Element));
          if (holdsItems(record.target)) record.addedNodes.forEach((node) => !holdsItems(node) && place(node, columns));
        } else if (holdsItems(record.target.parentNode)) place(record.target, columns);
      }
    });
    // subtree + attributeFilter: only data-grid-span changes, and only the grid's own items are placed.
    observer.observe(container, { childList: true, subtree: true, attributeFilter: ['data-grid-span'] });
    return () => observer.disconnect();
  }, [columns, grouped]);
  const grid: CSSProperties = {
    display: 'grid',
    gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
    columnGap,
    rowGap,
  };
  if (!grouped)
    return (
      <div ref={ref} className={`tessera-grid-layout${className ? ` ${className}` : ''}`} style={{ ...grid, ...style }}>
        {children}
      </div>
    );
  return (
    <div
      ref={ref}
      className={`tessera-grid-layout${className ? ` ${className}` : ''}`}
      style={{ display: 'flex', flexDirection: 'column', rowGap, ...style }}
    >
      {groups.map((items, index) => (
        <div
          // Groups are positional: the schema's fields are a fixed list (hidden ones render nothing), so
          // an item stays in its group.
          key={index}
          className={GROUP_CLASS}
          style={{
            ...grid,
            contentVisibility: 'auto',
            containIntrinsicBlockSize: `auto ${Math.ceil(items.length / columns) * ESTIMATED_ROW_PX}px`,
          }}
        >
          {items}
        </div>
      ))}
    </div>
  );
}

export const LiteGrid = Object.assign(LiteGridLayout, { GridColumn: FormGrid.GridColumn });
