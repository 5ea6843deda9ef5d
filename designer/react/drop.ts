/**
 * The drag-and-drop adapter between @dnd-kit and designer/core: which place a pointer over a
 * droppable means (a container's slot: its end; a node: before or after it), the core's verdict for
 * that place (canDrop, with its reason when refused) and the command a drop runs. Pure.
 */
import { canDrop, childrenOf, parentOf, type Command, type DesignDocument, type Dragged, type Verdict } from '../core';
import type { PaletteEntry } from '../../runtime/core/palette';

export const paletteId = (entry: Pick<PaletteEntry, 'kind' | 'type'>) => `palette:${entry.kind}:${entry.type}`;
export const nodeDragId = (id: string) => `node:${id}`;
export const itemDropId = (id: string) => `item:${id}`;
export const slotDropId = (id: string) => `slot:${id}`;

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Place {
  parent: string;
  index: number;
}

export interface DropTarget extends Place {
  verdict: Verdict;
  /** The droppable the indicator shows at: `item:<id>` (before or after it) or `slot:<id>`. */
  over: string;
  after: boolean;
}

/** Whether a pointer over a node's box means after it: its lower half, or the right half of its middle band. */
export function isAfter(pointer: { x: number; y: number }, rect: Rect): boolean {
  const centerY = rect.top + rect.height / 2;
  const band = rect.height / 4;
  if (Math.abs(pointer.y - centerY) < band) return pointer.x > rect.left + rect.width / 2;
  return pointer.y > centerY;
}

/** The place a droppable id under the pointer stands for, or undefined (the page, an unknown id). */
export function placeOf(doc: DesignDocument, overId: string, after: boolean): Place | undefined {
  if (overId.startsWith('slot:')) {
    const parent = overId.slice('slot:'.length);
    return { parent, index: childrenOf(doc, parent).length };
  }
  if (overId.startsWith('item:')) {
    const id = overId.slice('item:'.length);
    const parent = parentOf(doc, id);
    if (parent === null || parent === undefined) return undefined;
    return { parent, index: childrenOf(doc, parent).indexOf(id) + (after ? 1 : 0) };
  }
  return undefined;
}

/** What is dragged, from a draggable's id and data. */
export function draggedOf(activeId: string, entry?: PaletteEntry): Dragged | undefined {
  if (activeId.startsWith('node:')) return { id: activeId.slice('node:'.length) };
  if (activeId.startsWith('palette:') && entry)
    return { entry: { kind: entry.kind, type: entry.type, defaults: entry.defaults } };
  return undefined;
}

export function dropTarget(
  doc: DesignDocument,
  dragged: Dragged,
  overId: string,
  pointer: { x: number; y: number },
  rect: Rect,
): DropTarget | undefined {
  const after = overId.startsWith('item:') && isAfter(pointer, rect);
  const place = placeOf(doc, overId, after);
  if (!place) return undefined;
  // A node over itself goes nowhere: no indicator, no command.
  if ('id' in dragged && overId === itemDropId(dragged.id)) return undefined;
  return { ...place, over: overId, after, verdict: canDrop(doc, dragged, place.parent, place.index) };
}

/** The command a drop runs: insert from the palette, move for a node. */
export function dropCommand(dragged: Dragged, target: Place): Command {
  return 'id' in dragged
    ? { type: 'move', id: dragged.id, parent: target.parent, index: target.index }
    : { type: 'insert', entry: dragged.entry, parent: target.parent, index: target.index };
}

/** The attribute a drop place's element carries: its droppable id (`item:<id>` or `slot:<id>`). */
export const DROP_ATTRIBUTE = 'data-drop';
/** The canvas as dnd-kit's one droppable: over it, the drop place comes from droppableAt. */
export const CANVAS_DROP_ID = 'canvas';
/**
 * The canvas as dnd-kit's one draggable for its nodes: the node pressed travels in its data
 * (`{ node: id }`), set at pointer down (Canvas.tsx CanvasDragSource).
 */
export const CANVAS_DRAG_ID = 'canvas-nodes';
/** Set on the pressed node's frame while it is dragged (dimmed); the DOM's, not React's. */
export const DRAGGING_ATTRIBUTE = 'data-dragging';

/**
 * The innermost drop place at the element under the pointer: the element itself or its nearest
 * ancestor carrying DROP_ATTRIBUTE (a field's frame before the grid's slot holding it, the slot
 * before the form's frame). Elements without it (a label, a preview's input) defer to their ancestors.
 */
export function droppableAt(element: Element | null): { id: string; rect: Rect } | undefined {
  const place = element?.closest(`[${DROP_ATTRIBUTE}]`);
  const id = place?.getAttribute(DROP_ATTRIBUTE);
  return place && id ? { id, rect: place.getBoundingClientRect() } : undefined;
}
