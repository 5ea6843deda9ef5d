/**
 * The dashboard designer's state: the page schema being edited, its dashboard node, undo and redo,
 * the selected widget and whether it differs from what was saved. Every edit is a command
 * (commands.ts); a step keeps the dashboard node before and after — nodes are immutable and share
 * what an edit did not touch, so a step costs the path it changed. Like the page designer's history
 * (../history.ts): a cap, coalesced typing (the same field of the same widget, until sealed), and
 * dirty measured against the step that was saved, so undoing back to it is clean again.
 */
import type { PageSchema } from '../../../protocol/page-schema';
import type { DashboardNodeSchema } from '../../../runtime/core/dashboard/types';
import type { Refusal } from '../types';
import { runDashCommand, type DashCommand } from './commands';

interface Step {
  id: number;
  before: DashboardNodeSchema;
  after: DashboardNodeSchema;
  selectBefore: string | null;
  selectAfter: string | null;
  coalesce?: string;
}

export interface DashEditor {
  schema: PageSchema;
  /** Where the dashboard node sits in `schema.body`. */
  index: number;
  node: DashboardNodeSchema;
  past: Step[];
  future: Step[];
  selected: string | null;
  /** The id of the step the saved schema is at (0: the loaded one); -1: never reachable again. */
  saved: number;
  nextId: number;
  sealed: boolean;
  cap: number;
}

/** The first dashboard node of a page's body, or undefined (a page that is no dashboard). */
export function dashboardIndex(schema: PageSchema): number {
  const body = Array.isArray(schema.body) ? schema.body : [];
  return body.findIndex((node) => (node as { type?: string }).type === 'dashboard');
}

export function createDashEditor(schema: PageSchema, cap = 100): DashEditor | undefined {
  const index = dashboardIndex(schema);
  if (index < 0) return undefined;
  const node = schema.body[index] as unknown as DashboardNodeSchema;
  const normal: DashboardNodeSchema = {
    ...node,
    layouts: node.layouts ?? { lg: [] },
    children: Array.isArray(node.children) ? node.children : [],
  };
  return { schema, index, node: normal, past: [], future: [], selected: null, saved: 0, nextId: 1, sealed: true, cap };
}

const currentStep = (state: DashEditor) => state.past[state.past.length - 1]?.id ?? 0;

/** The page schema as it will be saved: the edited dashboard node in its place. */
export function schemaOf(state: DashEditor): PageSchema {
  const body = [...state.schema.body];
  body[state.index] = state.node as never;
  return { ...state.schema, body };
}

export function execute(state: DashEditor, command: DashCommand): { state: DashEditor; refusal?: Refusal } {
  const outcome = runDashCommand(state.node, command);
  if (!outcome.ok) return { state, refusal: outcome };
  const select = outcome.select === undefined ? state.selected : outcome.select;
  if (outcome.node === state.node) return { state: select === state.selected ? state : { ...state, selected: select } };
  const top = state.past[state.past.length - 1];
  if (top && !state.sealed && outcome.coalesce && top.coalesce === outcome.coalesce && top.id !== state.saved) {
    const merged = { ...top, after: outcome.node, selectAfter: select };
    return {
      state: { ...state, node: outcome.node, past: [...state.past.slice(0, -1), merged], future: [], selected: select },
    };
  }
  const step: Step = {
    id: state.nextId,
    before: state.node,
    after: outcome.node,
    selectBefore: state.selected,
    selectAfter: select,
    ...(outcome.coalesce ? { coalesce: outcome.coalesce } : {}),
  };
  const past = [...state.past, step];
  const dropped = past.length > state.cap ? past.splice(0, past.length - state.cap) : [];
  // The saved step fell off the stack, or lay in the redo branch just thrown away: dirty for good.
  const lost =
    dropped.some((s) => s.id === state.saved) || state.future.some((s) => s.id === state.saved) ? -1 : state.saved;
  return {
    state: {
      ...state,
      node: outcome.node,
      past,
      future: [],
      selected: select,
      nextId: state.nextId + 1,
      sealed: !outcome.coalesce,
      saved: lost,
    },
  };
}

export const canUndo = (state: DashEditor) => state.past.length > 0;
export const canRedo = (state: DashEditor) => state.future.length > 0;

const has = (node: DashboardNodeSchema, key: string | null) =>
  key !== null && node.children.some((child) => child.key === key);

export function undo(state: DashEditor): DashEditor {
  const step = state.past[state.past.length - 1];
  if (!step) return state;
  return {
    ...state,
    node: step.before,
    past: state.past.slice(0, -1),
    future: [step, ...state.future],
    selected: has(step.before, step.selectBefore) ? step.selectBefore : null,
    sealed: true,
  };
}

export function redo(state: DashEditor): DashEditor {
  const step = state.future[0];
  if (!step) return state;
  return {
    ...state,
    node: step.after,
    past: [...state.past, step],
    future: state.future.slice(1),
    selected: has(step.after, step.selectAfter) ? step.selectAfter : null,
    sealed: true,
  };
}

export const isDirty = (state: DashEditor) => currentStep(state) !== state.saved;
export const markSaved = (state: DashEditor): DashEditor => ({ ...state, saved: currentStep(state), sealed: true });
export const seal = (state: DashEditor): DashEditor => (state.sealed ? state : { ...state, sealed: true });
export const select = (state: DashEditor, key: string | null): DashEditor =>
  has(state.node, key) || key === null ? { ...state, selected: key } : state;
