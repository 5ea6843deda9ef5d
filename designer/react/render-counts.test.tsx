// @vitest-environment happy-dom
/**
 * What an edit and a drag make React do on the canvas, as counts (bench/designer-browser.bench.ts
 * measures the time): the fields' runtime previews are not below @dnd-kit's DndContext (its
 * context changes on every pointer move would walk and re-render them), a title keystroke renders
 * one preview and not every draggable on the page, and the outline renders only the renamed row.
 * On opening, every field's preview is in the commit that mounts its frame, rendered once; while
 * dragging across the canvas, only the nodes whose drop indicator comes or goes render.
 */
// Before react-dom loads (tests/dom-setup imports it): the commit hook.
import { onCommit } from '../../tests/helpers/render-count';
import '../../tests/dom-setup';
import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Context } from 'react';

const counts = vi.hoisted(() => ({
  previews: 0,
  previewsInsideDnd: 0,
  nodes: 0,
  draggables: 0,
  /** useDraggable calls for anything but a palette entry (the canvas's one draggable for its nodes). */
  canvasDraggables: 0,
  droppables: 0,
  treeNodes: 0,
  inside: undefined as Context<boolean> | undefined,
}));

async function insideContext() {
  const React = await import('react');
  counts.inside ??= React.createContext(false);
  return { React, inside: counts.inside };
}

vi.mock('@dnd-kit/core', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@dnd-kit/core')>();
  const { React, inside } = await insideContext();
  const DndContext = (props: Parameters<typeof actual.DndContext>[0]) =>
    React.createElement(
      actual.DndContext,
      props,
      React.createElement(inside.Provider, { value: true }, props.children),
    );
  return {
    ...actual,
    DndContext,
    useDraggable: (args: Parameters<typeof actual.useDraggable>[0]) => {
      counts.draggables++;
      if (!String(args.id).startsWith('palette:')) counts.canvasDraggables++;
      return actual.useDraggable(args);
    },
    useDroppable: (args: Parameters<typeof actual.useDroppable>[0]) => {
      counts.droppables++;
      return actual.useDroppable(args);
    },
  };
});

vi.mock('../../runtime/react/FormBody', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../runtime/react/FormBody')>();
  const { React, inside } = await insideContext();
  const FormBody = (props: Parameters<typeof actual.FormBody>[0]) => {
    // Only the canvas's previews (one field each): the settings panel renders its fields with FormBody too.
    const preview = props.nodes.length === 1;
    if (preview) counts.previews++;
    const insideDnd = React.useContext(inside);
    if (preview && insideDnd) counts.previewsInsideDnd++;
    return React.createElement(actual.FormBody, props);
  };
  return { ...actual, FormBody };
});

vi.mock('antd', async (importOriginal) => {
  const actual = await importOriginal<typeof import('antd')>();
  const { React } = await insideContext();
  // antd's Tree renders every row again when its data changes: count the outline's renders.
  const Tree = (props: Parameters<typeof actual.Tree>[0]) => {
    counts.treeNodes++;
    return React.createElement(actual.Tree, props);
  };
  return { ...actual, Tree: Object.assign(Tree, actual.Tree) };
});

vi.mock('./canvas-store', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./canvas-store')>();
  // A canvas node reads its slice with one useCanvas(nodeView) call whose value has `kind`.
  const useCanvas: typeof actual.useCanvas = (select, equal) => {
    const value = actual.useCanvas(select, equal);
    if (value && typeof value === 'object' && 'kind' in value && 'here' in value) counts.nodes++;
    return value;
  };
  return { ...actual, useCanvas };
});

const { fieldOnCanvas, renderCustomerDesigner } = await import('../../tests/helpers/designer-kit');

const reset = () => {
  counts.previews = 0;
  counts.previewsInsideDnd = 0;
  counts.nodes = 0;
  counts.draggables = 0;
  counts.canvasDraggables = 0;
  counts.droppables = 0;
  counts.treeNodes = 0;
};

beforeEach(() => localStorage.clear());
describe('render counts on the canvas', () => {
  it('opens with each field preview rendered once, in the commit that mounts its frame', async () => {
    // Field frames whose preview was not in the DOM when a commit finished, per such commit.
    const bare: number[] = [];
    const stop = onCommit(() => {
      const frames = document.querySelectorAll('.tessera-designer-node.is-field .tessera-designer-field');
      const empty = [...frames].filter((frame) => !frame.querySelector('.ant-formily-item')).length;
      if (empty) bare.push(empty);
    });
    reset();
    renderCustomerDesigner();
    await waitFor(() => expect(fieldOnCanvas('mobile')).toBeTruthy());
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    stop();
    const fields = document.querySelectorAll('.tessera-designer-node.is-field').length;
    expect(fields).toBeGreaterThan(5);
    expect(bare).toEqual([]);
    expect(counts.previews).toBe(fields);
    expect(counts.previewsInsideDnd).toBe(0);
  }, 120_000);

  it('renders no field preview inside the drag layer, and a title keystroke renders one preview and a few draggables', async () => {
    renderCustomerDesigner();
    await waitFor(() => expect(fieldOnCanvas('mobile')).toBeTruthy());
    const fields = document.querySelectorAll('.tessera-designer-node.is-field').length;
    expect(fields).toBeGreaterThan(5);
    // Every field's preview rendered, none of them below dnd-kit's context providers.
    expect(counts.previews).toBeGreaterThanOrEqual(fields);
    expect(counts.previewsInsideDnd).toBe(0);
    expect(fieldOnCanvas('mobile')!.querySelector('.tessera-designer-field .ant-formily-item')).toBeTruthy();

    fireEvent.click(fieldOnCanvas('mobile')!);
    const settings = document.querySelector('[data-settings-for]') as HTMLElement;
    await waitFor(() => expect(within(settings).getByDisplayValue('手机号')).toBeTruthy());
    // Let the deferred outline and validation settle before counting.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    reset();

    fireEvent.change(within(settings).getByDisplayValue('手机号'), { target: { value: '联系电话' } });
    await waitFor(() => expect(fieldOnCanvas('mobile')!.getAttribute('aria-label')).toBe('联系电话 · mobile'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(counts.previews).toBe(1);
    expect(counts.previewsInsideDnd).toBe(0);
    // The edited node and the containers above it, not every node and palette entry on the page.
    expect(counts.draggables).toBeLessThanOrEqual(4);
    expect(counts.droppables).toBeLessThanOrEqual(8);
    // The outline's tree keeps its data (only the renamed row's label renders).
    expect(counts.treeNodes).toBe(0);
    expect(document.querySelector('.tessera-designer-outline')!.textContent).toContain('联系电话');
  }, 120_000);

  it('a drag across the nodes renders only the dragged frame and those whose drop indicator comes or goes', async () => {
    renderCustomerDesigner();
    await waitFor(() => expect(fieldOnCanvas('mobile')).toBeTruthy());
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const nodes = document.querySelectorAll('.tessera-designer-node').length;
    const dragged = fieldOnCanvas('mobile')!;
    const [above, below] = [...document.querySelectorAll('.tessera-designer-node.is-field')].filter(
      (frame) => frame !== dragged,
    );
    // happy-dom lays nothing out: the canvas (dnd-kit's one droppable) gets a box, and the browser's
    // hit test answers a frame above y = 30 and another one below.
    const canvas = document.querySelector('.tessera-designer-canvas') as HTMLElement;
    const box = { left: 0, top: 0, width: 1000, height: 1000, right: 1000, bottom: 1000, x: 0, y: 0 };
    canvas.getBoundingClientRect = () => ({ ...box, toJSON: () => box });
    document.elementFromPoint = (_x: number, y: number) => (y < 30 ? above! : below!);
    reset();
    fireEvent.pointerDown(dragged, { clientX: 10, clientY: 10, button: 0, isPrimary: true, pointerId: 1 });
    for (const y of [20, 21]) {
      fireEvent.pointerMove(document, { clientX: 10, clientY: y, pointerId: 1 });
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    }
    expect(above!.querySelector('.tessera-designer-indicator')).toBeTruthy();
    // The drag started (dnd-kit's context changed a few times): the canvas's one draggable rendered,
    // and of the nodes only the pressed one, now selected; it is dimmed by its attribute. With a
    // draggable per frame, each context change rendered every frame (≥ 9 here, 300 in the bench).
    expect(counts.canvasDraggables).toBeGreaterThan(0);
    expect(counts.canvasDraggables).toBeLessThanOrEqual(6);
    expect(counts.nodes).toBeLessThanOrEqual(2);
    expect(dragged.hasAttribute('data-dragging')).toBe(true);
    reset();
    for (const y of [40, 20, 40, 20]) {
      fireEvent.pointerMove(document, { clientX: 10, clientY: y, pointerId: 1 });
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      // The indicator follows the pointer from one node to the other.
      const [now, before] = y < 30 ? [above!, below!] : [below!, above!];
      expect(now.querySelector(':scope > .tessera-designer-indicator')).toBeTruthy();
      expect(before.querySelector(':scope > .tessera-designer-indicator')).toBeNull();
    }
    const frames = counts.draggables;
    const canvasRenders = counts.droppables;
    const nodeRenders = counts.nodes;
    reset();
    fireEvent.pointerUp(document, { clientX: 10, clientY: 20, pointerId: 1 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    // The drop: the canvas's draggable again, and the frames the move touched, not every frame.
    expect(counts.canvasDraggables).toBeLessThanOrEqual(6);
    expect(counts.nodes).toBeLessThan(nodes);
    expect(document.querySelector('[data-dragging]')).toBeNull();
    expect(nodes).toBeGreaterThan(5);
    // The pointer stayed over the canvas, so dnd-kit's context did not change: per move, the dragged
    // node's frame (its transform) and the two frames whose indicator moved, not every frame.
    // Every frame per move would be ≥ 9 × 4.
    expect(frames).toBeLessThanOrEqual(3 * 4);
    expect(canvasRenders).toBe(0);
    // Only the nodes whose drop indicator came or went (two per move).
    expect(nodeRenders).toBeLessThanOrEqual(8);
  }, 120_000);
});
