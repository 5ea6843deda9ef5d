/**
 * The editor state: the document, the undo/redo stacks (capped), the selection and whether the
 * document differs from the last saved one. Every edit goes through `execute` with a command;
 * consecutive edits of the same setting of the same node (typing in one settings field) make one
 * undo step until `seal` is called (the settings field lost focus) or another kind of edit comes.
 * Pure: each function answers a new state.
 */
import { runCommand, type Command, type CommandOptions, type Outcome } from './commands';
import { applyOps, type Op } from './ops';
import { keepSelection, moveSelection, type SelectionMove } from './selection';
import type { DesignDocument } from './types';

export interface HistoryEntry {
  /** Increasing number: what `saved` compares against. */
  id: number;
  ops: Op[];
  inverse: Op[];
  coalesce?: string;
  selectionBefore: string | null;
  selectionAfter: string | null;
}

export interface EditorState {
  doc: DesignDocument;
  undo: HistoryEntry[];
  redo: HistoryEntry[];
  selection: string | null;
  /** The most undo steps kept; older ones are dropped. */
  cap: number;
  /** Id of the entry the document was last saved at (0: as loaded). */
  saved: number;
  /** Id of the newest entry dropped by the cap (0 when none): the state an empty undo stack is at. */
  floor: number;
  nextId: number;
  /** No coalescing into the top entry (a settings field lost focus, a save, an undo). */
  sealed: boolean;
}

export const DEFAULT_HISTORY_CAP = 100;

export function createEditor(doc: DesignDocument, cap = DEFAULT_HISTORY_CAP): EditorState {
  return { doc, undo: [], redo: [], selection: null, cap, saved: 0, floor: 0, nextId: 1, sealed: true };
}

const currentId = (state: EditorState) => state.undo[state.undo.length - 1]?.id ?? state.floor;

/** Runs a command; a refusal leaves the state as it was and is answered beside it. */
export function execute(
  state: EditorState,
  command: Command,
  options?: CommandOptions,
): { state: EditorState; outcome: Outcome } {
  const outcome = runCommand(state.doc, command, options);
  if (!outcome.ok || !outcome.ops.length) return { state, outcome };
  const selection = outcome.select ?? keepSelection(outcome.doc, state.selection);
  const top = state.undo[state.undo.length - 1];
  if (top && !state.sealed && outcome.coalesce && top.coalesce === outcome.coalesce && top.id !== state.saved) {
    const merged: HistoryEntry = {
      ...top,
      ops: mergeOps(top.ops, outcome.ops),
      inverse: mergeOps(outcome.inverse, top.inverse),
      selectionAfter: selection,
    };
    return {
      state: { ...state, doc: outcome.doc, undo: [...state.undo.slice(0, -1), merged], redo: [], selection },
      outcome,
    };
  }
  const entry: HistoryEntry = {
    id: state.nextId,
    ops: outcome.ops,
    inverse: outcome.inverse,
    ...(outcome.coalesce ? { coalesce: outcome.coalesce } : {}),
    selectionBefore: state.selection,
    selectionAfter: selection,
  };
  let undo = [...state.undo, entry];
  let floor = state.floor;
  if (undo.length > state.cap) {
    floor = undo[undo.length - state.cap - 1].id;
    undo = undo.slice(undo.length - state.cap);
  }
  return {
    state: { ...state, doc: outcome.doc, undo, redo: [], selection, floor, nextId: state.nextId + 1, sealed: false },
    outcome,
  };
}

/** Two runs of ops as one; two settings of the same node collapse to the first `before` and last `after`. */
function mergeOps(first: Op[], second: Op[]): Op[] {
  const a = first[first.length - 1];
  const b = second[0];
  if (first.length === 1 && second.length === 1 && a.op === 'set' && b.op === 'set' && a.id === b.id) {
    return [{ op: 'set', id: a.id, before: a.before, after: b.after }];
  }
  return [...first, ...second];
}

export const canUndo = (state: EditorState) => state.undo.length > 0;
export const canRedo = (state: EditorState) => state.redo.length > 0;
export const isDirty = (state: EditorState) => currentId(state) !== state.saved;

export function undo(state: EditorState): EditorState {
  const entry = state.undo[state.undo.length - 1];
  if (!entry) return state;
  const doc = applyOps(state.doc, entry.inverse);
  return {
    ...state,
    doc,
    undo: state.undo.slice(0, -1),
    redo: [...state.redo, entry],
    selection: keepSelection(doc, entry.selectionBefore),
    sealed: true,
  };
}

export function redo(state: EditorState): EditorState {
  const entry = state.redo[state.redo.length - 1];
  if (!entry) return state;
  const doc = applyOps(state.doc, entry.ops);
  return {
    ...state,
    doc,
    undo: [...state.undo, entry],
    redo: state.redo.slice(0, -1),
    selection: keepSelection(doc, entry.selectionAfter),
    sealed: true,
  };
}

/** Ends the current run of coalesced edits. */
export const seal = (state: EditorState): EditorState => (state.sealed ? state : { ...state, sealed: true });

/** The document as it is now was saved. */
export const markSaved = (state: EditorState): EditorState => ({ ...state, saved: currentId(state), sealed: true });

export const select = (state: EditorState, id: string | null): EditorState => ({
  ...state,
  selection: keepSelection(state.doc, id),
});

export const clearSelection = (state: EditorState): EditorState => ({ ...state, selection: null });

export const moveSelectionIn = (state: EditorState, move: SelectionMove): EditorState => ({
  ...state,
  selection: moveSelection(state.doc, state.selection, move),
});

/** Replaces the document (a JSON view edit, a reload): history starts again, unsaved. */
export function replaceDocument(state: EditorState, doc: DesignDocument): EditorState {
  return { ...createEditor(doc, state.cap), selection: keepSelection(doc, state.selection), saved: -1 };
}
