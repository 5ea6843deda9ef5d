/**
 * The selection: one node id or none. Keyboard moves are pure functions of the document: next and
 * previous sibling, parent, first child; a move with nowhere to go keeps the selection. With
 * nothing selected, "next" and "first child" select the page's first node.
 */
import { childrenOf, hasNode, parentOf } from './document';
import { ROOT_ID, type DesignDocument } from './types';

export type SelectionMove = 'next' | 'prev' | 'parent' | 'firstChild';

export function moveSelection(doc: DesignDocument, selected: string | null, move: SelectionMove): string | null {
  if (selected === null || !hasNode(doc, selected)) {
    if (move === 'next' || move === 'firstChild') return childrenOf(doc, ROOT_ID)[0] ?? null;
    return null;
  }
  const parent = parentOf(doc, selected);
  if (move === 'parent') return parent ?? selected;
  if (move === 'firstChild') return childrenOf(doc, selected)[0] ?? selected;
  if (parent === null || parent === undefined) return selected;
  const siblings = childrenOf(doc, parent);
  const at = siblings.indexOf(selected);
  const next = siblings[move === 'next' ? at + 1 : at - 1];
  return next ?? selected;
}

/** The selection after the document changed: kept while its node exists, else none. */
export const keepSelection = (doc: DesignDocument, selected: string | null) =>
  selected !== null && hasNode(doc, selected) ? selected : null;

/**
 * Alt+↑ / Alt+↓: the command moving a node one place up or down among its siblings, or undefined
 * at either end (and for the page).
 */
export function nudgeCommand(
  doc: DesignDocument,
  id: string,
  direction: 'up' | 'down',
): { type: 'move'; id: string; parent: string; index: number } | undefined {
  const parent = parentOf(doc, id);
  if (parent === null || parent === undefined) return undefined;
  const siblings = childrenOf(doc, parent);
  const at = siblings.indexOf(id);
  if (direction === 'up') return at > 0 ? { type: 'move', id, parent, index: at - 1 } : undefined;
  // A drop place counts the node itself: two places on is one sibling down.
  return at < siblings.length - 1 ? { type: 'move', id, parent, index: at + 2 } : undefined;
}
