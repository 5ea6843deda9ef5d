/**
 * The dashboard designer's reducer over the headless editor (designer/core/dashboard): a command
 * (a refusal is kept beside the state and shown as a message, nothing changed), undo, redo,
 * select, seal (a settings field lost focus), saved, and load (a reload from the server starts a
 * new history). Keyboard shortcuts map to these in keyOf.
 */
import type { PageSchema } from '../../../protocol/page-schema';
import type { Refusal } from '../../core/types';
import {
  createDashEditor,
  execute,
  markSaved,
  redo,
  seal,
  select,
  undo,
  type DashCommand,
  type DashEditor,
} from '../../core/dashboard';

export interface DashState {
  editor: DashEditor;
  refusal?: Refusal;
}

export type DashAction =
  | { type: 'run'; command: DashCommand }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'select'; key: string | null }
  | { type: 'seal' }
  | { type: 'saved' }
  | { type: 'load'; schema: PageSchema };

export function dashReducer(state: DashState, action: DashAction): DashState {
  switch (action.type) {
    case 'run': {
      const { state: editor, refusal } = execute(state.editor, action.command);
      return { editor, refusal };
    }
    case 'undo':
      return { editor: undo(state.editor) };
    case 'redo':
      return { editor: redo(state.editor) };
    case 'select':
      return { editor: select(seal(state.editor), action.key) };
    case 'seal':
      return { editor: seal(state.editor) };
    case 'saved':
      return { editor: markSaved(state.editor) };
    case 'load': {
      const editor = createDashEditor(action.schema);
      return editor ? { editor } : state;
    }
  }
}

/** What a key press does on the designer (none while typing in a field). */
export function keyOf(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey'>,
  typing: boolean,
): 'undo' | 'redo' | 'remove' | 'duplicate' | 'deselect' | 'save' | undefined {
  const mod = event.ctrlKey || event.metaKey;
  const key = event.key.toLowerCase();
  if (mod && key === 's') return 'save';
  if (typing) return undefined;
  if (mod && key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (mod && key === 'y') return 'redo';
  if (mod && key === 'd') return 'duplicate';
  if (!mod && (event.key === 'Delete' || event.key === 'Backspace')) return 'remove';
  if (event.key === 'Escape') return 'deselect';
  return undefined;
}

const NOT_TEXT = new Set(['radio', 'checkbox', 'button', 'submit', 'range', 'color']);

/** Whether the key press is meant for a text field (an input, a text area, an editable element, a select's search). */
export function isTyping(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  if (!element || typeof element.tagName !== 'string') return false;
  if (element.tagName === 'TEXTAREA' || element.isContentEditable === true) return true;
  // A radio, a checkbox or a switch holds no text: Delete and Esc still act on the designer there.
  return element.tagName === 'INPUT' && !NOT_TEXT.has((element as HTMLInputElement).type);
}
