/**
 * The designer's state as a reducer over designer/core's editor: every edit is a core command, a
 * refusal is kept beside the state (shown where the user acted) and changes nothing. Pure, so the
 * keyboard map and the drop adapter are tested without React.
 */
import {
  canRedo,
  canUndo,
  clearSelection,
  createEditor,
  execute,
  markSaved,
  moveSelectionIn,
  redo,
  replaceDocument,
  seal,
  select,
  undo,
  type Command,
  type DesignDocument,
  type EditorState,
  type Refusal,
  type SelectionMove,
} from '../core';

export interface DesignerState {
  editor: EditorState;
  /** Why the last command was refused (cleared by the next successful one). */
  refusal?: Refusal;
}

export type DesignerAction =
  | { type: 'run'; command: Command }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'select'; id: string | null }
  | { type: 'moveSelection'; move: SelectionMove }
  | { type: 'seal' }
  | { type: 'saved' }
  | { type: 'load'; doc: DesignDocument; dirty?: boolean }
  | { type: 'refuse'; refusal: Refusal | undefined };

export const initialState = (doc: DesignDocument): DesignerState => ({ editor: createEditor(doc) });

export function designerReducer(state: DesignerState, action: DesignerAction): DesignerState {
  const { editor } = state;
  switch (action.type) {
    case 'run': {
      const { state: next, outcome } = execute(editor, action.command);
      return outcome.ok ? { editor: next } : { editor, refusal: outcome };
    }
    case 'undo':
      return canUndo(editor) ? { editor: undo(editor) } : state;
    case 'redo':
      return canRedo(editor) ? { editor: redo(editor) } : state;
    case 'select':
      return { ...state, editor: action.id === null ? clearSelection(editor) : select(seal(editor), action.id) };
    case 'moveSelection':
      return { ...state, editor: moveSelectionIn(editor, action.move) };
    case 'seal':
      return { ...state, editor: seal(editor) };
    case 'saved':
      return { ...state, editor: markSaved(editor) };
    case 'load': {
      // A reload from the server starts history again, clean; a restored draft starts it dirty.
      const fresh = createEditor(action.doc);
      return { editor: action.dirty ? replaceDocument(fresh, action.doc) : fresh };
    }
    case 'refuse':
      return { ...state, refusal: action.refusal };
  }
}
