/**
 * The designer's keyboard map onto designer/core (docs/designer.md "Keyboard"): arrows move the
 * selection, Alt+↑/↓ move the node, Delete removes, Ctrl+C then Ctrl+V duplicates, Ctrl+Z /
 * Ctrl+Shift+Z (or Ctrl+Y) undo and redo, Esc clears the selection. Pure: answers the action.
 */
import { nudgeCommand, ROOT_ID } from '../core';
import type { DesignerAction, DesignerState } from './state';

export interface KeyPress {
  key: string;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
}

export interface KeyResult {
  action?: DesignerAction;
  /** Ctrl+C: the node Ctrl+V will duplicate. */
  copy?: string;
}

export function keyAction(state: DesignerState, press: KeyPress, copied: string | undefined): KeyResult | undefined {
  const { doc, selection } = state.editor;
  const mod = press.ctrlKey || press.metaKey;
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  if (mod && key === 'z') return { action: { type: press.shiftKey ? 'redo' : 'undo' } };
  if (mod && key === 'y') return { action: { type: 'redo' } };
  if (key === 'Escape') return { action: { type: 'select', id: null } };
  if (mod && key === 'c') return selection && selection !== ROOT_ID ? { copy: selection } : undefined;
  if (mod && key === 'v') {
    const source = copied ?? selection;
    return source && source !== ROOT_ID
      ? { action: { type: 'run', command: { type: 'duplicate', id: source } } }
      : undefined;
  }
  if (!selection) {
    // Nothing selected: the first arrow selects the page's first node.
    if (key === 'ArrowDown' || key === 'ArrowRight') return { action: { type: 'select', id: ROOT_ID } };
    return undefined;
  }
  if (press.altKey && (key === 'ArrowUp' || key === 'ArrowDown')) {
    const command = nudgeCommand(doc, selection, key === 'ArrowUp' ? 'up' : 'down');
    return command ? { action: { type: 'run', command } } : undefined;
  }
  if (key === 'Delete' || key === 'Backspace')
    return selection === ROOT_ID ? undefined : { action: { type: 'run', command: { type: 'remove', id: selection } } };
  const moves: Record<string, 'next' | 'prev' | 'parent' | 'firstChild'> = {
    ArrowDown: 'next',
    ArrowUp: 'prev',
    ArrowLeft: 'parent',
    ArrowRight: 'firstChild',
  };
  return moves[key] ? { action: { type: 'moveSelection', move: moves[key] } } : undefined;
}

/** Keys typed into an input, a textarea or an editor belong to it, not to the designer. */
export function isTypingTarget(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  if (!element || typeof element.closest !== 'function') return false;
  return Boolean(element.closest('input, textarea, select, [contenteditable="true"], .cm-editor, .ant-select'));
}
