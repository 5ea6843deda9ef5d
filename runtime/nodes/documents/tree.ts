/**
 * The flat document list (sorted by the server) as antd tree data. A document whose parent is not
 * in the list — a private parent on the readme page — sits at the root, so a public document is
 * never unreachable.
 */
import type { DocumentEntry } from './api';

export interface DocumentTreeNode {
  key: string;
  title: string;
  entry: DocumentEntry;
  children: DocumentTreeNode[];
}

export function buildTree(entries: readonly DocumentEntry[]): DocumentTreeNode[] {
  const nodes = new Map(
    entries.map((entry) => [
      entry.id,
      { key: entry.id, title: entry.title, entry, children: [] as DocumentTreeNode[] },
    ]),
  );
  const roots: DocumentTreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.entry.parent_id ? nodes.get(node.entry.parent_id) : undefined;
    (parent && parent !== node ? parent.children : roots).push(node);
  }
  return roots;
}

/** The ids of a document and everything below it (a parent picker offers none of them). */
export function subtreeIds(entries: readonly DocumentEntry[], id: string): Set<string> {
  const out = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const entry of entries)
      if (entry.parent_id && out.has(entry.parent_id) && !out.has(entry.id)) {
        out.add(entry.id);
        grew = true;
      }
  }
  return out;
}
