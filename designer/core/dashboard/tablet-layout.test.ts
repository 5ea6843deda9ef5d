import { describe, expect, it } from 'vitest';
import '../../../runtime/definitions';
import '../../../protocol/messages/late';
import { validatePageIssues } from '../../../runtime/core/schema/ajv-issues';
import { resolveLayout } from '../../../runtime/core/dashboard/layout';
import type { PageSchema } from '../../../protocol/page-schema';
import type { DashboardNodeSchema } from '../../../runtime/core/dashboard/types';
import { hasOwnLayout, layoutAt } from './commands';
import { createDashEditor, execute, redo, schemaOf, undo, type DashEditor } from './editor';
import { run } from './test-run';

const page = (): PageSchema =>
  ({
    schemaVersion: 2,
    type: 'page',
    title: '看板',
    body: [{ type: 'dashboard', key: 'main', layouts: { lg: [] }, children: [] }],
  }) as unknown as PageSchema;

/** A stat card and a chart side by side on a desktop: 3 + 9 of 12 columns. */
function twoWidgets(): DashEditor {
  return run(
    createDashEditor(page())!,
    { type: 'add', widget: 'stat', at: { x: 0, y: 0, w: 3, h: 2 } },
    { type: 'add', widget: 'chart', at: { x: 3, y: 0, w: 9, h: 4 } },
  );
}

const node = (state: DashEditor) => state.node as DashboardNodeSchema;

describe('the tablet layout', () => {
  it('follows the desktop layout, scaled to 8 columns, until it is edited', () => {
    const state = twoWidgets();
    expect(hasOwnLayout(node(state), 'md')).toBe(false);
    expect(layoutAt(node(state), 'md')).toEqual([
      { i: 'stat', x: 0, y: 0, w: 2, h: 2 },
      { i: 'chart', x: 2, y: 0, w: 6, h: 4 },
    ]);
    // A desktop move still shows on the tablet: nothing of the tablet's was stored.
    const moved = run(state, {
      type: 'layout',
      breakpoint: 'lg',
      items: [
        { i: 'stat', x: 0, y: 0, w: 12, h: 2 },
        { i: 'chart', x: 0, y: 2, w: 12, h: 4 },
      ],
    });
    expect(layoutAt(node(moved), 'md').map((item) => item.w)).toEqual([8, 8]);
  });

  it('an edit on the tablet is stored for md only; the page reads it there and the desktop is untouched', () => {
    let state = twoWidgets();
    const desktop = node(state).layouts.lg;
    state = run(state, {
      type: 'layout',
      breakpoint: 'md',
      items: [
        { i: 'chart', x: 0, y: 0, w: 8, h: 4 },
        { i: 'stat', x: 0, y: 4, w: 4, h: 2 },
      ],
    });
    expect(hasOwnLayout(node(state), 'md')).toBe(true);
    expect(node(state).layouts.lg).toEqual(desktop);
    const keys = ['stat', 'chart'];
    expect(resolveLayout(node(state).layouts, keys, 'md')).toEqual([
      { i: 'chart', x: 0, y: 0, w: 8, h: 4 },
      { i: 'stat', x: 0, y: 4, w: 4, h: 2 },
    ]);
    expect(validatePageIssues(schemaOf(state))).toEqual([]);

    // A widget added later gets a place in the tablet's own layout too, inside its 8 columns.
    state = run(state, { type: 'add', widget: 'textBlock' });
    const key = node(state).children[2].key;
    const added = node(state).layouts.md!.find((item) => item.i === key);
    expect(added).toBeDefined();
    expect(added!.x + added!.w).toBeLessThanOrEqual(8);
  });

  it('aligns against the tablet columns, making the derived layout its own', () => {
    let state = twoWidgets();
    state = run(state, { type: 'align', key: 'stat', how: 'full', breakpoint: 'md' });
    // The chart it now covers moves below it: the page draws stored places as they are.
    expect(node(state).layouts.md).toEqual([
      { i: 'stat', x: 0, y: 0, w: 8, h: 2 },
      { i: 'chart', x: 2, y: 2, w: 6, h: 4 },
    ]);
    expect(node(state).layouts.lg!.find((item) => item.i === 'stat')).toMatchObject({ x: 0, w: 3 });
  });

  it('resets to the derived layout as one undoable step; the desktop layout cannot be reset', () => {
    let state = run(twoWidgets(), { type: 'align', key: 'stat', how: 'full', breakpoint: 'md' });
    state = run(state, { type: 'layout', breakpoint: 'md', items: null });
    expect(hasOwnLayout(node(state), 'md')).toBe(false);
    // No alignment leaves two widgets on the same cells.
    const tall = run(state, { type: 'align', key: 'stat', how: 'row', breakpoint: 'md' });
    const [a, b] = node(tall).layouts.md!;
    expect(a.y + a.h <= b.y || b.y + b.h <= a.y || a.x + a.w <= b.x || b.x + b.w <= a.x).toBe(true);
    expect(validatePageIssues(schemaOf(state))).toEqual([]);
    const back = undo(state);
    expect(node(back).layouts.md?.[0]).toMatchObject({ i: 'stat', w: 8 });
    expect(hasOwnLayout(node(redo(back)), 'md')).toBe(false);

    const refused = execute(state, { type: 'layout', breakpoint: 'lg', items: null });
    expect(refused.refusal?.message.zh).toBe('桌面布局是其他布局的基础，不能恢复为自动');
    expect(refused.state).toBe(state);
  });
});
