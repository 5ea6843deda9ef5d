/**
 * The designer's document (headless): the page schema exactly as it will be saved, plus a parallel
 * tree of ids. Fields carry their own `id` in the JSON (schemaVersion 2); containers, tab panes and
 * the page do not (the meta-schema allows none), so the tree gives every node an id that survives
 * moves and edits without writing anything into the schema — which keeps loading and saving an
 * unchanged schema byte-stable.
 */
import type { PageSchema } from '../../protocol/page-schema';

export type JsonObject = Record<string, unknown>;

/** page: the root; node: a registered node (list, form, grid, tab, card); pane: a tab's pane; field: a widget. */
export type NodeKind = 'page' | 'node' | 'pane' | 'field';

/** The array of a node that holds its children. */
export type Slot = 'body' | 'fields' | 'children';

/** One node of the id tree; `items` mirror the node's slot array one to one. */
export interface IdNode {
  readonly id: string;
  readonly items: readonly IdNode[];
}

export interface DesignDocument {
  readonly schema: PageSchema;
  readonly tree: IdNode;
  /** The next number for a designer id (n_<seq>): containers, panes, fields without a usable id. */
  readonly seq: number;
  /**
   * How the text it was loaded from laid out each object and array (serialiseText): true when on
   * one line, keyed `<node id>|<pointer inside the node>` so that a moved node keeps its layout.
   */
  readonly layout: ReadonlyMap<string, boolean>;
  /** Whether that text ended with a newline. */
  readonly finalNewline: boolean;
}

export const ROOT_ID = 'page';

/** Why a command or a drop is refused: a key of protocol/messages/designer.ts, filled in both languages. */
export interface Refusal {
  ok: false;
  code: string;
  message: { zh: string; en: string };
}
