/**
 * What every pane of the designer reads: the state, dispatch, the validation issues per node, the
 * language and whether edits are allowed. The drop place being shown is not here (canvas-store.ts):
 * it changes on every pointer move and only the canvas reads it.
 */
import { createContext, useContext, type Dispatch } from 'react';
import type { NodeIssue, PatchMark } from '../core';
import type { DictionaryInfo } from './api';
import type { DesignerAction, DesignerState } from './state';

export interface DesignerContextValue {
  state: DesignerState;
  dispatch: Dispatch<DesignerAction>;
  issues: ReadonlyMap<string, NodeIssue[]>;
  lang: 'zh' | 'en';
  readOnly: boolean;
  /** The app's dictionaries (the options picker); undefined until read, or when they cannot be. */
  dictionaries?: DictionaryInfo[];
  /** While a described change waits for Accept: how it touches each node of the previewed document. */
  marks?: ReadonlyMap<string, PatchMark>;
}

export const DesignerContext = createContext<DesignerContextValue | null>(null);

export function useDesigner(): DesignerContextValue {
  const value = useContext(DesignerContext);
  if (!value) throw new Error('useDesigner must be used inside the designer');
  return value;
}
