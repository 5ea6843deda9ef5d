/** Undo/redo, the cap, coalescing of typing into one setting, the dirty flag and selection through history. */
import { describe, expect, it } from 'vitest';
import { countingIds, sampleDocument } from './test-fixtures/sample';
import {
  canRedo,
  canUndo,
  childrenOf,
  createEditor,
  execute,
  isDirty,
  markSaved,
  nodeOf,
  redo,
  replaceDocument,
  ROOT_ID,
  seal,
  select,
  serialiseText,
  undo,
  type Command,
  type EditorState,
} from './index';

const doc = sampleDocument();
const [form, list] = childrenOf(doc, ROOT_ID);
const [, grid] = childrenOf(doc, form);

const run = (state: EditorState, command: Command) => execute(state, command, countingIds()).state;
const typeTitle = (state: EditorState, text: string) =>
  run(state, { type: 'updateSettings', id: 'f_name', values: { title__en: text } });

describe('history', () => {
  it('undoes and redoes a run of commands exactly', () => {
    let state = createEditor(doc);
    expect(canUndo(state)).toBe(false);
    state = run(state, { type: 'move', id: 'f_name', parent: grid, index: 1 });
    state = run(state, { type: 'renameKey', id: 'f_name', key: 'full_name' });
    state = run(state, { type: 'duplicate', id: 'f_amount' });
    state = run(state, { type: 'remove', id: list });
    const end = state.doc;
    expect(state.undo).toHaveLength(4);
    for (let i = 0; i < 4; i++) state = undo(state);
    expect(serialiseText(state.doc)).toBe(serialiseText(doc));
    expect(state.doc.tree).toEqual(doc.tree);
    expect(canUndo(state)).toBe(false);
    expect(canRedo(state)).toBe(true);
    for (let i = 0; i < 4; i++) state = redo(state);
    expect(JSON.stringify(state.doc.schema)).toBe(JSON.stringify(end.schema));
    expect(canRedo(state)).toBe(false);
    expect(undo(createEditor(doc))).toEqual(createEditor(doc));
  });

  it('a new command after undo drops what could be redone; a refused one changes nothing', () => {
    let state = run(createEditor(doc), { type: 'renameKey', id: 'f_name', key: 'a1' });
    state = undo(state);
    state = run(state, { type: 'renameKey', id: 'f_name', key: 'b1' });
    expect(canRedo(state)).toBe(false);
    const refused = execute(state, { type: 'renameKey', id: 'f_name', key: 'order' });
    expect(refused.outcome.ok).toBe(false);
    expect(refused.state).toBe(state);
  });

  it('typing into one setting is one undo step; another setting or a seal starts a new one', () => {
    let state = createEditor(doc);
    for (const text of ['F', 'Fu', 'Ful', 'Full']) state = typeTitle(state, text);
    expect(state.undo).toHaveLength(1);
    expect(nodeOf(state.doc, 'f_name')!.title).toEqual({ zh: '名称', en: 'Full' });
    state = run(state, { type: 'updateSettings', id: 'f_name', values: { required: true } });
    expect(state.undo).toHaveLength(2);
    state = seal(state);
    state = typeTitle(state, 'Full name');
    expect(state.undo).toHaveLength(3);
    state = undo(undo(undo(state)));
    expect(serialiseText(state.doc)).toBe(serialiseText(doc));
    state = redo(state);
    expect(nodeOf(state.doc, 'f_name')!.title).toEqual({ zh: '名称', en: 'Full' });
  });

  it('keeps at most `cap` steps, dropping the oldest', () => {
    let state = createEditor(doc, 3);
    for (const key of ['k1', 'k2', 'k3', 'k4', 'k5']) state = run(state, { type: 'renameKey', id: 'f_name', key });
    expect(state.undo).toHaveLength(3);
    state = undo(undo(undo(state)));
    expect(canUndo(state)).toBe(false);
    expect(nodeOf(state.doc, 'f_name')!.key).toBe('k2');
    expect(isDirty(state)).toBe(true);
  });

  it('is dirty against the last save, and clean again when undo or redo comes back to it', () => {
    let state = createEditor(doc);
    expect(isDirty(state)).toBe(false);
    state = run(state, { type: 'renameKey', id: 'f_name', key: 'n1' });
    expect(isDirty(state)).toBe(true);
    state = markSaved(state);
    expect(isDirty(state)).toBe(false);
    state = typeTitle(state, 'X');
    // typing after a save does not fold into the saved step
    expect(state.undo).toHaveLength(2);
    expect(isDirty(state)).toBe(true);
    state = undo(state);
    expect(isDirty(state)).toBe(false);
    state = undo(state);
    expect(isDirty(state)).toBe(true);
    state = redo(state);
    expect(isDirty(state)).toBe(false);
    expect(isDirty(replaceDocument(state, doc))).toBe(true);
  });

  it('selects what a command made, and drops a selection whose node is gone after undo', () => {
    let state = run(createEditor(doc), {
      type: 'insert',
      entry: { kind: 'widget', type: 'input' },
      parent: form,
      index: 0,
    });
    expect(state.selection).toBe('f_new1');
    state = undo(state);
    expect(state.selection).toBeNull();
    state = redo(state);
    expect(state.selection).toBe('f_new1');
    state = select(state, 'nope');
    expect(state.selection).toBeNull();
  });
});
