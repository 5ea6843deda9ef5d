/**
 * Where a palette entry goes without dragging (Enter on it): right after the selected node, inside
 * the selected container at its end, else at the end of the page's first list or form.
 */
import { childrenOf, kindOfNode, nodeOf, parentOf, ROOT_ID, type DesignDocument } from '../core';

export function insertPlaceFor(
  doc: DesignDocument,
  selection: string | null,
): { parent: string; index: number } | undefined {
  if (selection && selection !== ROOT_ID) {
    const kind = kindOfNode(doc, selection);
    const json = nodeOf(doc, selection);
    const container = kind === 'pane' || (kind === 'node' && json && json.type !== 'tab');
    if (container) return { parent: selection, index: childrenOf(doc, selection).length };
    const parent = parentOf(doc, selection);
    if (parent) return { parent, index: childrenOf(doc, parent).indexOf(selection) + 1 };
  }
  const first = childrenOf(doc, ROOT_ID).find((id) => {
    const type = nodeOf(doc, id)?.type;
    return type === 'list' || type === 'form';
  });
  return first
    ? { parent: first, index: childrenOf(doc, first).length }
    : { parent: ROOT_ID, index: childrenOf(doc, ROOT_ID).length };
}
