/**
 * @dnd-kit wiring: palette entries are draggables, and the canvas is one draggable for all its
 * nodes (Canvas.tsx CanvasDragSource: the pressed node's id rides in its data); the canvas is the one
 * droppable. While dragging over it, the innermost drop place under the pointer (a node: before or
 * after it; a container's slot: its end) comes from the browser's own hit test (drop.ts
 * droppableAt over `document.elementFromPoint`) with the core's verdict, which the canvas shows as
 * an indicator — red with the reason when the drop is refused. A drop runs the core's insert or
 * move; a refused one only says why.
 *
 * Why not a useDroppable per node: dnd-kit's context changes whenever the droppable under the pointer
 * changes, and every useDraggable/useDroppable re-renders then — ~300 frames per change on a
 * 300-node page, the bulk of a late drag frame (issue 14). With the canvas as the only droppable,
 * `over` changes when the pointer enters or leaves the canvas, not at every node it crosses. dnd-kit
 * still auto-scrolls the canvas: it scrolls the ancestors of the droppable under the pointer.
 */
import { memo, useEffect, useRef, useState, type ReactNode } from 'react';
import { DndContext, DragOverlay, PointerSensor, pointerWithin, useSensor, useSensors } from '@dnd-kit/core';
import type { PaletteEntry } from '../../runtime/core/palette';
import { nodeOf, titleOf, kindOfNode, type Dragged, type DesignDocument } from '../core';
import type { DesignerAction } from './state';
import { draggedOf, dropCommand, dropTarget, droppableAt, nodeDragId, type DropTarget } from './drop';

type Point = { x: number; y: number };

/**
 * The pointer's viewport position while a drag runs. dnd-kit's event delta is adjusted for the
 * scrolling of the containers, so it is not where the pointer is; the hit test needs where it is.
 */
function usePointer(dragging: boolean) {
  const pointer = useRef<Point>({ x: 0, y: 0 });
  useEffect(() => {
    if (!dragging) return;
    const follow = (event: PointerEvent) => (pointer.current = { x: event.clientX, y: event.clientY });
    // Capture on window: before dnd-kit's own listener on the document moves the drag.
    window.addEventListener('pointermove', follow, { capture: true, passive: true });
    return () => window.removeEventListener('pointermove', follow, { capture: true });
  }, [dragging]);
  return pointer;
}

/** The dragged chip is never what the pointer is over. */
const passThrough = { pointerEvents: 'none' } as const;

/**
 * The element under the point, as a click there would hit it. Not elementsFromPoint: listing every
 * element at a point walks the whole page (5–8 ms with 300 fields on the canvas, measured), where the
 * topmost one is found in ~1 ms. The dragged chip lets the pointer through (pointer-events: none)
 * and so do the field previews, so this is a node's frame, a slot or the canvas.
 */
const elementAt = (point: Point): Element | null =>
  typeof document.elementFromPoint === 'function' ? document.elementFromPoint(point.x, point.y) : null;

/**
 * Memoised, with the document read through `getDoc` when a drag starts or moves: an edit renders
 * neither this layer nor dnd-kit's DndContext, whose render gives every useDraggable/useDroppable
 * on the page a new context value (docs/benchmarks-log.md, issue 14 session 2).
 */
export const DndLayer = memo(function DndLayer(props: {
  getDoc: () => DesignDocument;
  lang: 'zh' | 'en';
  dispatch: (action: DesignerAction) => void;
  onTarget: (target: DropTarget | undefined) => void;
  /** After a drop: the moved node was mounted anew, so the keyboard's focus goes back to the designer. */
  onDropped?: () => void;
  children: ReactNode;
}) {
  const { getDoc, lang, dispatch, onTarget } = props;
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));
  const [dragged, setDragged] = useState<{ value: Dragged; label: string }>();
  // The refusal travels with the pointer: the chip turns red and says why (the line turns red too).
  const [refusal, setRefusal] = useState<string>();
  const pointer = usePointer(dragged !== undefined);
  const show = (target: DropTarget | undefined) => {
    onTarget(target);
    setRefusal(target && !target.verdict.ok ? target.verdict.message[lang] : undefined);
  };
  // Over the canvas (dnd-kit's one droppable), the innermost drop place at the pointer.
  const update = (over: boolean): DropTarget | undefined => {
    const value = dragged?.value;
    if (!value || !over) return undefined;
    const hit = droppableAt(elementAt(pointer.current));
    return hit && dropTarget(getDoc(), value, hit.id, pointer.current, hit.rect);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={pointerWithin}
      onDragStart={(event) => {
        const start = event.activatorEvent as PointerEvent | null;
        pointer.current = { x: start?.clientX ?? 0, y: start?.clientY ?? 0 };
        const entry = event.active.data.current?.entry as PaletteEntry | undefined;
        // A canvas node: the canvas is their one draggable and says which one was pressed (Canvas.tsx).
        const node = event.active.data.current?.node as string | undefined;
        const value = draggedOf(node ? nodeDragId(node) : String(event.active.id), entry);
        if (!value) return;
        let label = entry?.title ?? '';
        if ('id' in value) {
          const doc = getDoc();
          const json = nodeOf(doc, value.id);
          label = json ? titleOf(json, kindOfNode(doc, value.id) ?? 'field', lang) : '';
          dispatch({ type: 'select', id: value.id });
        }
        setDragged({ value, label });
      }}
      onDragMove={(event) => show(update(event.over !== null))}
      onDragEnd={(event) => {
        const target = update(event.over !== null);
        show(undefined);
        setDragged(undefined);
        props.onDropped?.();
        if (!target || !dragged) return;
        if (target.verdict.ok) dispatch({ type: 'run', command: dropCommand(dragged.value, target) });
        else dispatch({ type: 'refuse', refusal: target.verdict });
      }}
      onDragCancel={() => {
        show(undefined);
        setDragged(undefined);
      }}
    >
      {props.children}
      <DragOverlay dropAnimation={null} style={passThrough}>
        {dragged ? (
          <div className={`tessera-designer-drag-chip ${refusal ? 'is-refused' : ''}`}>
            {dragged.label}
            {refusal && (
              <div className="tessera-designer-drop-reason" role="alert">
                {refusal}
              </div>
            )}
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
});
