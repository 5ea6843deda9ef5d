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
  pointerWithin,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragMoveEvent,
} from '@dnd-kit/core';
import type { PaletteEntry } from '../../runtime/core/palette';
import { nodeOf, titleOf, kindOfNode, type Dragged, type DesignDocument } from '../core';
import type { DesignerAction } from './state';
import { draggedOf, dropCommand, dropTarget, innermost, type DropTarget } from './drop';

const innermostCollision: CollisionDetection = (args) => {
  const hits = pointerWithin(args).flatMap((hit) => {
    const rect = args.droppableRects.get(hit.id);
    return rect ? [{ ...hit, rect }] : [];
  });
  const best = innermost(hits);
  return best ? [best] : [];
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
