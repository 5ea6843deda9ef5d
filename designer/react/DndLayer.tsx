/**
 * @dnd-kit wiring: palette entries and canvas nodes are draggables; nodes and container slots are
 * droppables. While dragging, the innermost droppable under the pointer gives the place and the
 * core's verdict (drop.ts), which the canvas shows as an indicator — red with the reason when the
 * drop is refused. A drop runs the core's insert or move; a refused one only says why.
 */
import { memo, useState, type ReactNode } from 'react';
import {
  DndContext,
  DragOverlay,
  PointerSensor,
  useSensor,
  useSensors,
  type ClientRect,
  type CollisionDetection,
  type DroppableContainer,
  type UniqueIdentifier,
  type DragMoveEvent,
} from '@dnd-kit/core';
import type { PaletteEntry } from '../../runtime/core/palette';
import { nodeOf, titleOf, kindOfNode, type Dragged, type DesignDocument } from '../core';
import type { DesignerAction } from './state';
import { draggedOf, dropCommand, dropTarget, innermost, type DropTarget } from './drop';

/**
 * @dnd-kit's pointerWithin, then the innermost hit. Each droppable rect's edges are getters that
 * read the scroll offsets of its scrollable ancestors (dnd-kit's Rect), and pointerWithin reads all
 * four of ~600 rects on every pointer move; here a rect's top is read first and its left only when
 * the pointer is within its rows (bottom and right follow from width and height), so most rects
 * cost one getter. The hits and their order (by the mean distance to the corners) are pointerWithin's.
 */
export const innermostCollision: CollisionDetection = ({ droppableContainers, droppableRects, pointerCoordinates }) => {
  if (!pointerCoordinates) return [];
  const { x, y } = pointerCoordinates;
  const hits: { id: UniqueIdentifier; rect: ClientRect; distance: number; container: DroppableContainer }[] = [];
  for (const container of droppableContainers) {
    const rect = droppableRects.get(container.id);
    if (!rect) continue;
    const top = rect.top;
    if (y < top || y > top + rect.height) continue;
    const left = rect.left;
    if (x < left || x > left + rect.width) continue;
    const right = left + rect.width;
    const bottom = top + rect.height;
    const corners =
      Math.hypot(x - left, y - top) +
      Math.hypot(x - right, y - top) +
      Math.hypot(x - left, y - bottom) +
      Math.hypot(x - right, y - bottom);
    const box = { top, left, right, bottom, width: rect.width, height: rect.height };
    hits.push({ id: container.id, rect: box, distance: Number((corners / 4).toFixed(4)), container });
  }
  hits.sort((a, b) => a.distance - b.distance);
  const best = innermost(hits);
  return best ? [{ id: best.id, data: { droppableContainer: best.container, value: best.distance } }] : [];
};

function pointerOf(event: DragMoveEvent): { x: number; y: number } {
  const start = event.activatorEvent as PointerEvent;
  return { x: (start?.clientX ?? 0) + event.delta.x, y: (start?.clientY ?? 0) + event.delta.y };
}

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
  const show = (target: DropTarget | undefined) => {
    onTarget(target);
    setRefusal(target && !target.verdict.ok ? target.verdict.message[lang] : undefined);
  };
  const update = (event: DragMoveEvent): DropTarget | undefined => {
    const value = dragged?.value;
    if (!value || !event.over) return undefined;
    return dropTarget(getDoc(), value, String(event.over.id), pointerOf(event), event.over.rect);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={innermostCollision}
      onDragStart={(event) => {
        const entry = event.active.data.current?.entry as PaletteEntry | undefined;
        const value = draggedOf(String(event.active.id), entry);
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
      onDragMove={(event) => show(update(event))}
      onDragEnd={(event) => {
        const target = update(event);
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
      <DragOverlay dropAnimation={null}>
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
