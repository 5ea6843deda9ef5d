/**
 * Drag rules: may `dragged` (a node of the page, or a palette entry) be dropped into `target` at
 * `index`? Answered from the registry's node metadata (placement, ownsForm, panes, the slot's
 * minItems in the node's JSON schema), not from a list of type names, so a new node type brings
 * its own rules.
 */
import { getNode, getWidget, type NodeDefinition } from '../../runtime/core/registry';
import { kindOfNode, nodeOf, pathOf } from './document';
import { eachNode, formScopeOf, keysInScope, ownsForm } from './keys';
import { refuse } from './refusal';
import { locations, slotOf } from './tree';
import { ROOT_ID, type DesignDocument, type JsonObject, type NodeKind, type Refusal } from './types';

/** The page body's limit (schemas/meta/page.schema.json). */
export const MAX_BODY_NODES = 200;

export interface PaletteItem {
  kind: 'node' | 'widget';
  type: string;
  /** The palette's copy of the type's defaults (runtime/core/palette.ts paletteEntries). */
  defaults?: Record<string, unknown>;
}

export type Dragged = { id: string } | { entry: PaletteItem };

export type Verdict = { ok: true } | Refusal;

const definitionOf = (json: JsonObject | undefined): NodeDefinition | undefined =>
  json && typeof json.type === 'string' ? getNode(json.type) : undefined;

/** A node type's palette title in both languages (for messages that name it). */
export const titleOfType = (json: JsonObject) => {
  const palette = definitionOf(json)?.palette ?? getWidget(String(json.type))?.palette;
  return palette?.title ?? { zh: String(json.type ?? ''), en: String(json.type ?? '') };
};

/** The least number of items the node's slot must keep (its schema's minItems), 0 for the page. */
export function minItemsOf(json: JsonObject | undefined): number {
  const slot = json && slotOf(json);
  const properties = definitionOf(json)?.schema.properties as Record<string, { minItems?: number }> | undefined;
  return (slot && properties?.[slot]?.minItems) || 0;
}

/** Whether the node, or anything above it, owns a form. */
function insideForm(doc: DesignDocument, id: string): boolean {
  return pathOf(doc, id).some((at) => at !== ROOT_ID && ownsForm(nodeOf(doc, at)));
}

/** The JSON and kind of what is dragged, or why it cannot be dragged. */
function draggedOf(doc: DesignDocument, dragged: Dragged): { json: JsonObject; kind: NodeKind } | Refusal {
  if ('entry' in dragged) {
    const { kind, type, defaults } = dragged.entry;
    const def = kind === 'widget' ? getWidget(type) : getNode(type);
    if (!def?.palette) return refuse('designer.unknownType', { type });
    return { json: (defaults ?? def.palette.defaults) as JsonObject, kind: kind === 'widget' ? 'field' : 'node' };
  }
  if (dragged.id === ROOT_ID) return refuse('designer.notMovable');
  const json = nodeOf(doc, dragged.id);
  const kind = kindOfNode(doc, dragged.id);
  if (!json || !kind) return refuse('designer.unknownNode');
  return { json, kind };
}

export function canDrop(doc: DesignDocument, dragged: Dragged, target: string, index: number): Verdict {
  const targetJson = nodeOf(doc, target);
  if (!targetJson) return refuse('designer.unknownNode');
  const slot = slotOf(targetJson, target === ROOT_ID);
  if (!slot) return refuse('designer.notContainer');
  const items = targetJson[slot] as unknown[];
  if (!Number.isInteger(index) || index < 0 || index > items.length) return refuse('designer.badIndex');
  const what = draggedOf(doc, dragged);
  if ('ok' in what) return what;
  const movingId = 'id' in dragged ? dragged.id : undefined;
  const from = movingId ? locations(doc).get(movingId) : undefined;

  if (movingId && pathOf(doc, target).includes(movingId)) return refuse('designer.intoItself');
  const takesPanes = target !== ROOT_ID && !!definitionOf(targetJson)?.panes;
  if (what.kind === 'pane' && !takesPanes) return refuse('designer.paneOutsideTab');
  if (what.kind !== 'pane' && takesPanes) return refuse('designer.tabTakesPanes');
  if (what.kind === 'field' && target === ROOT_ID) return refuse('designer.fieldOutsideForm');

  // A list or form (placement 'page') anywhere in what is dragged cannot end up inside a form.
  if (ownsForm(targetJson) || insideForm(doc, target)) {
    let pageOnly: JsonObject | undefined;
    eachNode(what.json, {}, (node, _parent, kind) => {
      if (kind === 'node' && definitionOf(node)?.placement === 'page') pageOnly = pageOnly ?? node;
    });
    if (pageOnly) return refuse('designer.pageOnly', { title: titleOfType(pageOnly) });
  }

  const sameParent = from?.parent === target;
  if (target === ROOT_ID && !sameParent && items.length >= MAX_BODY_NODES) {
    return refuse('designer.bodyFull', { max: MAX_BODY_NODES });
  }
  if (from && !sameParent && from.parent !== null) {
    const parentJson = nodeOf(doc, from.parent);
    const left = parentJson ? (parentJson[slotOf(parentJson, from.parent === ROOT_ID)!] as unknown[]).length : 0;
    if (left - 1 < minItemsOf(parentJson)) return refuse('designer.lastChild', { title: titleOfType(parentJson!) });
  }

  // Fields moving to another form must not clash with its keys (inserts and copies get fresh keys).
  if (movingId && !ownsForm(what.json) && formScopeOf(doc, movingId) !== scopeOfDrop(doc, target, targetJson)) {
    const taken = keysInScope(doc, scopeOfDrop(doc, target, targetJson));
    let clash: string | undefined;
    eachNode(what.json, {}, (node, _parent, kind) => {
      if (node !== what.json && ownsForm(node)) return false;
      if (kind === 'field' && typeof node.key === 'string' && taken.has(node.key.toLowerCase())) clash ??= node.key;
    });
    if (clash !== undefined) return refuse('designer.keyTaken', { key: clash });
  }
  return { ok: true };
}

/** The form scope a node dropped into `target` joins. */
export const scopeOfDrop = (doc: DesignDocument, target: string, targetJson: JsonObject) =>
  ownsForm(targetJson) ? target : formScopeOf(doc, target);
