/**
 * The form's grid layout: a plain CSS grid standing in for @formily/antd-v5's FormGrid under the same
 * schema name ('FormGrid', with 'FormGrid.GridColumn'). FormGrid measures its container and every
 * child in JavaScript and re-walks all children on each mutation (quadratic in the field count:
 * the bulk of a 500-field mount, see docs/benchmarks.md "Form"); the browser's grid does the same
 * layout for free. Spans come from the items' data-grid-span (FormItem gridSpan, GridColumn) and
 * are clamped to the column count, as FormGrid clamps them, by setting each item's grid-column
 * once when it appears (a child-list observer: linear, and nothing runs while typing), with
 * layout containment so a keystroke does not lay out the whole grid again.
 */
import { FormGrid } from '@formily/antd-v5';
import { useLayoutEffect, useRef, type CSSProperties, type ReactNode } from 'react';

export const MAX_GRID_COLUMNS = 12;

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
  useLayoutEffect(() => {
    const container = ref.current;
    if (!container) return;
    for (const child of container.children) place(child, columns);
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'childList') record.addedNodes.forEach((node) => place(node, columns));
        else if (record.target.parentNode === container) place(record.target, columns);
      }
    });
    // subtree + attributeFilter: only data-grid-span changes, and only direct items are placed.
    observer.observe(container, { childList: true, subtree: true, attributeFilter: ['data-grid-span'] });
    return () => observer.disconnect();
  }, [columns]);
  return (
    <div
      ref={ref}
      className={`tessera-grid-layout${className ? ` ${className}` : ''}`}
      style={{
        display: 'grid',
        gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
        columnGap,
        rowGap,
        ...style,
      }}
    >
      {children}
    </div>
  );
}

export const LiteGrid = Object.assign(LiteGridLayout, { GridColumn: FormGrid.GridColumn });
