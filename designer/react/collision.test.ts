/**
 * The drag layer's collision detection (DndLayer.tsx): the same drop place as @dnd-kit's
 * pointerWithin followed by the innermost hit, reading fewer of the rects' scroll-adjusted edges.
 */
import { describe, expect, it } from 'vitest';
import { pointerWithin, type ClientRect, type DroppableContainer } from '@dnd-kit/core';
import { innermostCollision } from './DndLayer';
import { innermost } from './drop';

/** Like dnd-kit's Rect: the edges are getters (each reads the scroll offsets), width and height are not. */
function countedRect(box: { top: number; left: number; width: number; height: number }, reads: { count: number }) {
  const edge = (value: number) => ({
    get: () => {
      reads.count++;
      return value;
    },
    enumerable: true,
  });
  const rect = { width: box.width, height: box.height } as ClientRect;
  Object.defineProperties(rect, {
    top: edge(box.top),
    left: edge(box.left),
    bottom: edge(box.top + box.height),
    right: edge(box.left + box.width),
  });
  return rect;
}

function page(reads: { count: number }) {
  const rects = new Map<string, ClientRect>();
  const containers: DroppableContainer[] = [];
  const add = (id: string, box: { top: number; left: number; width: number; height: number }) => {
    rects.set(id, countedRect(box, reads));
    containers.push({
      id,
      key: id,
      data: { current: {} },
      disabled: false,
      node: { current: null },
      rect: { current: null },
    });
  };
  add('slot:form', { top: 0, left: 0, width: 900, height: 2000 });
  // A grid of 3 columns x 100 rows of fields, 300 droppables.
  for (let row = 0; row < 100; row++)
    for (let col = 0; col < 3; col++)
      add(`item:f${row * 3 + col}`, { top: 10 + row * 20, left: 10 + col * 300, width: 280, height: 18 });
  return { rects, containers };
}

describe("the drag layer's collision detection", () => {
  it('finds what pointerWithin + innermost find, reading about one edge per rect', () => {
    for (const pointer of [
      { x: 320, y: 95 },
      { x: 5, y: 5 },
      { x: 295, y: 15 },
      { x: 899, y: 1999 },
      { x: 950, y: 50 },
    ]) {
      const ours = { count: 0 };
      const theirs = { count: 0 };
      const a = page(ours);
      const b = page(theirs);
      const args = (p: ReturnType<typeof page>) =>
        ({
          active: null,
          collisionRect: null,
          droppableRects: p.rects,
          droppableContainers: p.containers,
          pointerCoordinates: pointer,
        }) as never;
      const found = innermostCollision(args(a))[0]?.id;
      const hits = pointerWithin(args(b)).map((hit) => ({ ...hit, rect: b.rects.get(String(hit.id))! }));
      expect(found).toBe(innermost(hits)?.id);
      expect(ours.count).toBeLessThan(theirs.count / 3);
    }
  });
});
