/**
 * designer/core: the headless document model, commands, drag rules, history, selection and
 * validation bridge the React designer (and the dashboard designer) stand on. No React, antd or DOM.
 * Callers import runtime/definitions first so the registry is filled (docs/designer.md).
 */
export * from './types';
export { refuse } from './refusal';
export {
  loadDocument,
  documentOf,
  emptyDocument,
  hasNode,
  nodeOf,
  parentOf,
  childrenOf,
  pathOf,
  kindOfNode,
  pointerOfNode,
  nodeAtPointer,
  outline,
  titleOf,
  type LoadResult,
  type OutlineItem,
} from './document';
export { serialiseText } from './layout';
export { applyOps, invertOps, type Op } from './ops';
export { keyProblem, uniqueKey, formScopeOf } from './keys';
export { canDrop, MAX_BODY_NODES, type Dragged, type PaletteItem, type Verdict } from './rules';
export { runCommand, type Command, type CommandOptions, type Done, type Outcome } from './commands';
export * from './history';
export { moveSelection, keepSelection, nudgeCommand, type SelectionMove } from './selection';
export { linkageCycles, type LinkageCycle } from './linkage-cycles';
export * from './linkage';
export { keysRead } from './expression-keys';
export { validateDocument, type NodeIssue, type DocumentValidation } from './validate';

import type { DesignDocument } from './types';
/** The schema exactly as it will be saved. */
export const serialise = (doc: DesignDocument) => doc.schema;
export { sampleRecord, sampleValue } from './sample-record';
export { previewPatch, type PatchMark, type PatchPreview } from './patch-preview';
