import { describe, expect, it } from 'vitest';
import { sampleDocument } from './test-fixtures/sample';
import {
  childrenOf,
  clearSelection,
  createEditor,
  moveSelection,
  moveSelectionIn,
  nudgeCommand,
  ROOT_ID,
  runCommand,
  select,
} from './index';

const doc = sampleDocument();
const [form, list, outer] = childrenOf(doc, ROOT_ID);
const [, grid, tabs, card] = childrenOf(doc, form);

describe('selection moves', () => {
  it('next and previous sibling, staying put at either end', () => {
    expect(moveSelection(doc, 'f_name', 'next')).toBe(grid);
    expect(moveSelection(doc, grid, 'prev')).toBe('f_name');
    expect(moveSelection(doc, 'f_name', 'prev')).toBe('f_name');
    expect(moveSelection(doc, card, 'next')).toBe(card);
    expect(moveSelection(doc, form, 'next')).toBe(list);
    expect(moveSelection(doc, outer, 'next')).toBe(outer);
  });

  it('parent and first child, up to the page and down into panes', () => {
    expect(moveSelection(doc, 'f_amount', 'parent')).toBe(grid);
    expect(moveSelection(doc, form, 'parent')).toBe(ROOT_ID);
    expect(moveSelection(doc, ROOT_ID, 'parent')).toBe(ROOT_ID);
    expect(moveSelection(doc, ROOT_ID, 'firstChild')).toBe(form);
    expect(moveSelection(doc, tabs, 'firstChild')).toBe(childrenOf(doc, tabs)[0]);
    expect(moveSelection(doc, 'f_name', 'firstChild')).toBe('f_name');
    expect(moveSelection(doc, card, 'firstChild')).toBe(card);
  });

  it('from nothing, next or first child selects the first node; clear selects nothing', () => {
    expect(moveSelection(doc, null, 'next')).toBe(form);
    expect(moveSelection(doc, null, 'firstChild')).toBe(form);
    expect(moveSelection(doc, null, 'parent')).toBeNull();
    expect(moveSelection(doc, 'gone', 'prev')).toBeNull();
    let state = select(createEditor(doc), 'f_amount');
    state = moveSelectionIn(state, 'parent');
    expect(state.selection).toBe(grid);
    expect(clearSelection(state).selection).toBeNull();
  });
});

describe('nudging a node (Alt+arrows)', () => {
  it('moves it one place up or down among its siblings, and not past either end', () => {
    const down = nudgeCommand(doc, 'f_name', 'down')!;
    const moved = runCommand(doc, down);
    expect(moved.ok && childrenOf(moved.doc, form)).toEqual([grid, 'f_name', tabs, card]);
    const up = runCommand(doc, nudgeCommand(doc, grid, 'up')!);
    expect(up.ok && childrenOf(up.doc, form)).toEqual([grid, 'f_name', tabs, card]);
    expect(nudgeCommand(doc, 'f_name', 'up')).toBeUndefined();
    expect(nudgeCommand(doc, card, 'down')).toBeUndefined();
    expect(nudgeCommand(doc, ROOT_ID, 'down')).toBeUndefined();
  });
});
