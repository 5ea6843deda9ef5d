/**
 * What the canvas's nodes read, as an external store with selectors (useSyncExternalStore): a node
 * re-renders only when its own slice changes — its JSON, whether it is selected, its issues, the
 * drop indicator at it — not on every edit or pointer move anywhere on the page. Reading the whole
 * designer context instead made one keystroke re-render all 300 nodes (bench/designer-browser.bench.ts).
 */
import { createContext, useContext, useRef, useSyncExternalStore, type Dispatch } from 'react';
import type { DesignDocument, NodeIssue, PatchMark } from '../core';
import type { DropTarget } from './drop';
import type { DesignerAction } from './state';

export interface CanvasSnapshot {
  doc: DesignDocument;
  selection: string | null;
  issues: ReadonlyMap<string, NodeIssue[]>;
  lang: 'zh' | 'en';
  readOnly: boolean;
  dispatch: Dispatch<DesignerAction>;
  marks?: ReadonlyMap<string, PatchMark>;
  /** The drop place shown while dragging. */
  target?: DropTarget;
}

export interface ExternalStore<T> {
  get: () => T;
  /** Replaces the snapshot and tells the subscribers (nothing when it is the same object). */
  set: (next: T) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createStore<T>(initial: T): ExternalStore<T> {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set: (next) => {
      if (next === current) return;
      current = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const CanvasStoreContext = createContext<ExternalStore<CanvasSnapshot> | null>(null);

/** Arrays equal item by item (a container's child ids: a new array on every edit, the same ids). */
export function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, index) => Object.is(item, b[index]));
}

/** Plain objects equal key by key, one level deep. */
export function sameFields<T extends object>(a: T, b: T): boolean {
  const keys = Object.keys(a) as (keyof T)[];
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}

/**
 * A slice of the canvas snapshot; the component re-renders only when `equal` says the slice
 * changed. `select` may be a new closure each render (it reads the component's id, which is its key).
 */
export function useCanvas<T>(select: (snapshot: CanvasSnapshot) => T, equal: (a: T, b: T) => boolean = Object.is): T {
  const store = useContext(CanvasStoreContext);
  if (!store) throw new Error('useCanvas must be used inside the canvas');
  const last = useRef<{ snapshot: CanvasSnapshot; value: T }>(undefined);
  const selectRef = useRef(select);
  selectRef.current = select;
  const read = () => {
    const snapshot = store.get();
    const previous = last.current;
    if (previous?.snapshot === snapshot) return previous.value;
    const value = selectRef.current(snapshot);
    // Keep the previous value when equal, so useSyncExternalStore sees no change.
    const kept = previous && equal(previous.value, value) ? previous.value : value;
    last.current = { snapshot, value: kept };
    return kept;
  };
  return useSyncExternalStore(store.subscribe, read, read);
}

/** The drop place while dragging, written by the drag layer on every pointer move, read by the canvas. */
export const DropTargetContext = createContext<ExternalStore<DropTarget | undefined> | null>(null);
