/**
 * What a checkable tree shows as ticked, computed the way antd's TreeSelect (rc-tree's conductCheck)
 * does: a ticked node ticks its whole subtree, and a node whose children are all ticked is ticked.
 * The widget stores exactly that set, so a role saved without a change still grants a menu that was
 * added under a granted folder and that the form already showed as ticked (issue 22, item 1).
 */
export interface TreeOption {
  value: string | number | boolean;
  children?: TreeOption[];
}

export type CheckedStrategy = 'SHOW_ALL' | 'SHOW_PARENT' | 'SHOW_CHILD';

/** The stored values after conduction, in the old order with newly ticked nodes appended in tree order. */
export function conductChecked(tree: TreeOption[], values: string[], strategy: CheckedStrategy): string[] {
  const ticked = new Set(values);
  const tickSubtree = (node: TreeOption) => {
    ticked.add(String(node.value));
    node.children?.forEach(tickSubtree);
  };
  // Down: a ticked node ticks everything under it.
  const down = (nodes: TreeOption[]) => {
    for (const node of nodes) {
      if (ticked.has(String(node.value))) tickSubtree(node);
      else if (node.children) down(node.children);
    }
  };
  down(tree);
  // Up: a folder whose children are all ticked is ticked itself (post-order, so it climbs).
  const up = (node: TreeOption): boolean => {
    const kids = node.children ?? [];
    if (kids.length === 0) return ticked.has(String(node.value));
    const all = kids.map(up).every(Boolean);
    if (all) ticked.add(String(node.value));
    return ticked.has(String(node.value));
  };
  tree.forEach(up);

  const shown = new Set<string>();
  const pick = (nodes: TreeOption[], parentTicked: boolean) => {
    for (const node of nodes) {
      const key = String(node.value);
      const isTicked = ticked.has(key);
      const leaf = !node.children?.length;
      if (isTicked && (strategy === 'SHOW_ALL' || (strategy === 'SHOW_CHILD' ? leaf : !parentTicked))) shown.add(key);
      if (node.children) pick(node.children, isTicked);
    }
  };
  pick(tree, false);

  const known = new Set<string>();
  const collect = (nodes: TreeOption[]) =>
    nodes.forEach((n) => {
      known.add(String(n.value));
      if (n.children) collect(n.children);
    });
  collect(tree);
  // Values the tree does not know (a menu since deleted, options not loaded yet) are kept as they are.
  const kept = values.filter((v) => !known.has(v) || shown.has(v));
  return [...kept, ...[...shown].filter((v) => !values.includes(v))];
}
