/**
 * What the canvas shows while a described change waits for the admin's Accept (docs/designer.md
 * "Describe a change"): the document with the change applied except its removals, so a removed node
 * is still there to be marked red beside the added (green) and changed or moved (amber) ones. The
 * preview is never in the history: Accept runs the `applyPatch` command (one undoable step),
 * Discard drops the preview and the document is as it was.
 */
import { applyChangePatch, type PatchOperation } from '../../runtime/core/schema/change-patch';
import { runCommand, type CommandOptions } from './commands';
import { outline, type OutlineItem } from './document';
import type { DesignDocument, Refusal } from './types';

export type PatchMark = 'added' | 'changed' | 'removed';

export interface PatchPreview {
  doc: DesignDocument;
  /** Node id (in `doc`) → how the change touches it. */
  marks: Map<string, PatchMark>;
  /** The readable list: one line per operation, in order. */
  items: { mark: PatchMark; key: string; title: string }[];
}

const markOf = (op: PatchOperation): PatchMark =>
  op.op === 'add' ? 'added' : op.op === 'remove' ? 'removed' : 'changed';
const keyOf = (op: PatchOperation) => (op.op === 'add' ? op.field.key : op.key);

function idsByKey(doc: DesignDocument, lang: 'zh' | 'en'): Map<string, OutlineItem> {
  const out = new Map<string, OutlineItem>();
  const walk = (item: OutlineItem) => {
    if (item.key !== undefined && !out.has(item.key)) out.set(item.key, item);
    item.children.forEach(walk);
  };
  walk(outline(doc, lang));
  return out;
}

export function previewPatch(
  doc: DesignDocument,
  operations: PatchOperation[],
  lang: 'zh' | 'en',
  options: CommandOptions = {},
): { ok: true; preview: PatchPreview } | Refusal {
  // The whole change must apply to the document as it is now, or there is nothing to accept.
  const whole = runCommand(doc, { type: 'applyPatch', operations }, options);
  if (!whole.ok) return whole;
  const kept = operations.filter((op) => op.op !== 'remove');
  const shown = kept.length === operations.length ? undefined : applyChangePatch(doc.schema, kept, options.newFieldId);
  // Removals another operation depends on cannot be left out: show the result then, unmarked removals.
  const outcome = shown?.ok ? runCommand(doc, { type: 'replaceSchema', schema: shown.schema }, options) : whole;
  const shownDoc = outcome.ok && outcome.ops.length ? outcome.doc : whole.doc;
  const byKey = idsByKey(shownDoc, lang);
  const before = idsByKey(doc, lang);
  const marks = new Map<string, PatchMark>();
  const items = operations.map((op) => {
    const key = keyOf(op);
    const node = byKey.get(key);
    if (node && !marks.has(node.id)) marks.set(node.id, markOf(op));
    const title = op.op === 'add' ? op.field.title[lang] : ((node ?? before.get(key))?.title ?? key);
    return { mark: markOf(op), key, title };
  });
  return { ok: true, preview: { doc: shownDoc, marks, items } };
}
