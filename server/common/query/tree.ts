/**
 * parentKey: rows nested as a tree for tree tables and tree selects. Each row gets `children`
 * (only when it has any, so antd shows no expander on leaves). A row whose parent is empty, not
 * in the result (filtered out) or itself is a root. Sibling order is the query's sort order.
 */
import type { Row } from '../values';

export function nestRows(rows: Row[], parentKey: string): Row[] {
  const byId = new Map<string, Row>();
  for (const row of rows) byId.set(String(row.id), row);
  const roots: Row[] = [];
  for (const row of rows) {
    const parentId = row[parentKey];
    const parent =
      parentId === null || parentId === undefined || parentId === '' ? undefined : byId.get(String(parentId));
    if (!parent || parent === row) {
      roots.push(row);
      continue;
    }
    const children = (parent.children as Row[] | undefined) ?? [];
    children.push(row);
    parent.children = children;
  }
  // A parent cycle (a → b → a) leaves rows unreachable from any root; they are returned as roots.
  const reachable = new Set<Row>();
  const walk = (row: Row) => {
    if (reachable.has(row)) return;
    reachable.add(row);
    for (const child of (row.children as Row[] | undefined) ?? []) walk(child);
  };
  roots.forEach(walk);
  for (const row of rows) {
    if (reachable.has(row)) continue;
    for (const other of rows) {
      const kids = other.children as Row[] | undefined;
      if (kids?.includes(row)) other.children = kids.filter((k) => k !== row);
      if (other.children && (other.children as Row[]).length === 0) delete other.children;
    }
    roots.push(row);
    walk(row);
  }
  return roots;
}
