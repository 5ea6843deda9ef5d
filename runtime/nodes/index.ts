/**
 * What the shell (src/) may use of the nodes besides the barrels (components.ts, definitions.ts):
 * the hooks a screen registers into. The shell never imports a node's own files, so a node can be
 * reorganised without touching src/ (the lint's layer rules hold this; docs/architecture.md).
 */
export { registerFormHostAction, type FormHostAction } from './form/submit-target';
export { registerPaneCondition } from './tab/pane-conditions';
