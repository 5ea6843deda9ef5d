/**
 * Commands: every edit the designer makes is one of these, a pure function of the document that
 * answers the next document with its ops and their inverse (ops.ts), or a refusal with a reason
 * and nothing changed. New nodes get fresh ids (fields: runtime/core's newFieldId, containers a
 * designer id) and keys unique in their form; settings go through runtime/core/palette's
 * applySettings, the same mapping the settings panel reads with settingsValues.
 */
import { applySettings } from '../../runtime/core/palette';
import { applyChangePatch, type PatchOperation } from '../../runtime/core/schema/change-patch';
import { getNode, getWidget } from '../../runtime/core/registry';
import { newFieldId } from '../../runtime/core/schema/field-id';
import type { SchemaIssue } from '../../runtime/core/schema/issue';
import { kindOfNode, loadDocument, nodeOf } from './document';
import { formScopeOf, keyProblem, keysInScope, nodeKeys, ownsForm, uniqueKey } from './keys';
import { applyOps, invertOps, type Op } from './ops';
import { refuse } from './refusal';
import { canDrop, MAX_BODY_NODES, minItemsOf, scopeOfDrop, titleOfType, type PaletteItem } from './rules';
import { buildTree, isObject, kindOf, locations, slotOf } from './tree';
import { ROOT_ID, type DesignDocument, type JsonObject, type Refusal } from './types';

export type Command =
  | { type: 'insert'; entry: PaletteItem; parent: string; index: number }
  | { type: 'remove'; id: string }
  | { type: 'move'; id: string; parent: string; index: number }
  | { type: 'duplicate'; id: string }
  | { type: 'updateSettings'; id: string; values: Record<string, unknown> }
  | { type: 'renameKey'; id: string; key: string }
  | { type: 'addPane'; tab: string; index: number }
  | { type: 'replaceSchema'; schema: unknown }
  | { type: 'applyPatch'; operations: PatchOperation[] }
  | { type: 'batch'; commands: Command[] };

export interface Done {
  ok: true;
  doc: DesignDocument;
  ops: Op[];
  inverse: Op[];
  /** The node to select afterwards (the new node of an insert or a duplicate). */
  select?: string;
  /** Set for an edit of one setting of one node: consecutive ones make one undo step (history.ts). */
  coalesce?: string;
}

export type Outcome = Done | Refusal;

export interface CommandOptions {
  /** Makes a new field id (default runtime/core's newFieldId: random, never the shape of a derived one). */
  newFieldId?: () => string;
}

const done = (doc: DesignDocument, ops: Op[], extra: Partial<Done> = {}): Done => ({
  ok: true,
  doc: applyOps(doc, ops),
  ops,
  inverse: invertOps(ops),
  ...extra,
});

/** `json` with `id` first (a field's id leads its keys in every committed schema). */
const withId = (json: JsonObject, id: string): JsonObject => ('id' in json ? { ...json, id } : { id, ...json });

/**
 * A copy of a subtree ready to join the page under `parent`: fresh field ids; field keys unique in
 * the form it joins (`scopeKeys`, unless the copy is a form of its own, whose keys stay); list,
 * form, container and pane keys unique in the page.
 */
function freshCopy(
  doc: DesignDocument,
  json: JsonObject,
  parent: JsonObject,
  scopeKeys: Set<string>,
  numbered: boolean,
  options: CommandOptions,
): JsonObject {
  const newId = options.newFieldId ?? newFieldId;
  const ids = new Set(locations(doc).keys());
  const makeId = () => {
    let id = newId();
    while (ids.has(id)) id = newId();
    ids.add(id);
    return id;
  };
  const pageKeys = nodeKeys(doc);
  const rewrite = (node: JsonObject, above: JsonObject, taken: Set<string> | undefined): JsonObject => {
    if (kindOf(node, above) === 'field') {
      const next = withId(node, makeId());
      if (!taken) return next;
      const hasKey = typeof node.key === 'string' && node.key !== '';
      const key = uniqueKey(hasKey ? String(node.key) : String(node.type), taken, numbered && !hasKey);
      taken.add(key.toLowerCase());
      return 'key' in next ? { ...next, key } : insertAfter(next, 'id', 'key', key);
    }
    let next = node;
    if (typeof node.key === 'string') {
      const key = uniqueKey(node.key, pageKeys);
      pageKeys.add(key.toLowerCase());
      next = { ...next, key };
    }
    const slot = slotOf(next);
    if (!slot) return next;
    const inner = ownsForm(next) ? new Set<string>() : taken;
    const items = (next[slot] as unknown[]).map((item) => (isObject(item) ? rewrite(item, next, inner) : item));
    return { ...next, [slot]: items };
  };
  const copy = structuredClone(json);
  return rewrite(copy, parent, ownsForm(copy) ? undefined : scopeKeys);
}

/** `json` with `key: value` placed right after `after` (or first). */
const insertAfter = (json: JsonObject, after: string, key: string, value: unknown): JsonObject => {
  const entries = Object.entries(json);
  const at = entries.findIndex(([k]) => k === after) + 1;
  entries.splice(at, 0, [key, value]);
  return Object.fromEntries(entries);
};

function insert(
  doc: DesignDocument,
  entry: PaletteItem,
  parent: string,
  index: number,
  options: CommandOptions,
): Outcome {
  const verdict = canDrop(doc, { entry }, parent, index);
  if (!verdict.ok) return verdict;
  const parentJson = nodeOf(doc, parent)!;
  const defaults = (entry.defaults ??
    (entry.kind === 'widget' ? getWidget(entry.type) : getNode(entry.type))?.palette?.defaults) as JsonObject;
  const scopeKeys = keysInScope(doc, scopeOfDrop(doc, parent, parentJson));
  const fresh = freshCopy(doc, defaults, parentJson, scopeKeys, true, options);
  return place(doc, fresh, parent, parentJson, index);
}

/** Ops placing a new subtree (with its id tree built from the document's counter). */
function place(doc: DesignDocument, json: JsonObject, parent: string, parentJson: JsonObject, index: number): Done {
  const taken = new Set(locations(doc).keys());
  const { tree, seq } = buildTree(json, parentJson, doc.seq, taken);
  const ops: Op[] = [{ op: 'insert', parent, index, node: json, tree }];
  return done({ ...doc, seq }, ops, { select: tree.id });
}

function remove(doc: DesignDocument, id: string): Outcome {
  if (id === ROOT_ID) return refuse('designer.notMovable');
  const location = locations(doc).get(id);
  if (!location || location.parent === null) return refuse('designer.unknownNode');
  const parentJson = nodeOf(doc, location.parent)!;
  const items = parentJson[slotOf(parentJson, location.parent === ROOT_ID)!] as JsonObject[];
  if (items.length - 1 < minItemsOf(parentJson)) {
    return refuse('designer.lastChild', { title: titleOfType(parentJson) });
  }
  const tree = treeOf(doc, location.parent, location.index);
  return done(doc, [
    { op: 'remove', parent: location.parent, index: location.index, node: items[location.index], tree },
  ]);
}

function treeOf(doc: DesignDocument, parent: string, index: number) {
  const { path } = locations(doc).get(parent)!;
  let at = doc.tree;
  for (const position of path) at = at.items[position];
  return at.items[index];
}

function move(doc: DesignDocument, id: string, parent: string, index: number): Outcome {
  const verdict = canDrop(doc, { id }, parent, index);
  if (!verdict.ok) return verdict;
  const from = locations(doc).get(id)!;
  // `index` is a place between the target's items as they are now (where a drop indicator shows).
  const to = from.parent === parent && index > from.index ? index - 1 : index;
  if (from.parent === parent && to === from.index) return done(doc, []);
  const node = nodeOf(doc, id)!;
  const tree = treeOf(doc, from.parent!, from.index);
  return done(
    doc,
    [
      { op: 'remove', parent: from.parent!, index: from.index, node, tree },
      { op: 'insert', parent, index: to, node, tree },
    ],
    { select: id },
  );
}

function duplicate(doc: DesignDocument, id: string, options: CommandOptions): Outcome {
  if (id === ROOT_ID) return refuse('designer.notMovable');
  const location = locations(doc).get(id);
  if (!location || location.parent === null) return refuse('designer.unknownNode');
  const parentJson = nodeOf(doc, location.parent)!;
  // The copy joins the page beside the original: only the body's limit can stand in its way.
  if (location.parent === ROOT_ID && (parentJson.body as unknown[]).length >= MAX_BODY_NODES) {
    return refuse('designer.bodyFull', { max: MAX_BODY_NODES });
  }
  const copy = freshCopy(doc, nodeOf(doc, id)!, parentJson, keysInScope(doc, formScopeOf(doc, id)), false, options);
  return place(doc, copy, location.parent, parentJson, location.index + 1);
}

/** The node's own properties: its slot array is kept as it is whatever the values say. */
function updateSettings(doc: DesignDocument, id: string, values: Record<string, unknown>): Outcome {
  const current = nodeOf(doc, id);
  if (!current) return refuse('designer.unknownNode');
  if ('key' in values) {
    const key = values.key === undefined || values.key === null ? '' : String(values.key);
    if (key !== (current.key ?? '')) {
      const problem = keyProblem(doc, id, key);
      if (problem) return problem;
    }
  }
  const slot = slotOf(current, id === ROOT_ID);
  const own = slot ? { ...current, [slot]: [] } : current;
  const { id: _ignored, ...settings } = values;
  const applied = withoutDefaultEnglishTitle(current, settings, applySettings(own, settings));
  const after = slot ? { ...applied, [slot]: current[slot] } : applied;
  if (JSON.stringify(after) === JSON.stringify(current)) return done(doc, []);
  const keys = Object.keys(values).sort().join(',');
  return done(doc, [{ op: 'set', id, before: current, after }], { coalesce: `settings:${id}:${keys}` });
}

/**
 * A new Chinese title drops an English title still at the palette's default ('Text' beside 客户名称),
 * so English readers see the admin's title (textOf falls back to zh) rather than the type's name.
 * An English title the admin wrote is theirs and stays.
 */
function withoutDefaultEnglishTitle(current: JsonObject, values: Record<string, unknown>, after: JsonObject) {
  if (!('title__zh' in values) || 'title__en' in values) return after;
  const before = current.title;
  const title = after.title;
  if (!isObject(before) || !isObject(title) || title.zh === before.zh) return after;
  if (title.en === undefined || title.en !== titleOfType(current).en) return after;
  const { en: _default, ...zhOnly } = title;
  return { ...after, title: zhOnly };
}

function renameKey(doc: DesignDocument, id: string, key: string): Outcome {
  const current = nodeOf(doc, id);
  if (!current || !kindOfNode(doc, id)) return refuse('designer.unknownNode');
  if (key === (current.key ?? '')) return done(doc, []);
  const problem = keyProblem(doc, id, key);
  if (problem) return problem;
  const after =
    key === ''
      ? Object.fromEntries(Object.entries(current).filter(([k]) => k !== 'key'))
      : 'key' in current
        ? { ...current, key }
        : withKey(current, key);
  return done(doc, [{ op: 'set', id, before: current, after }]);
}

/** `json` with a key it did not have: just before its `type` (as fields and nodes write it), else first (a pane). */
const withKey = (json: JsonObject, key: string): JsonObject => {
  if (!('type' in json)) return { key, ...json };
  const entries = Object.entries(json);
  entries.splice(
    entries.findIndex(([k]) => k === 'type'),
    0,
    ['key', key],
  );
  return Object.fromEntries(entries);
};

/** A new, empty pane in a tab (panes are no palette type): key tabN unique in the page, title 页签N / Tab N. */
function addPane(doc: DesignDocument, tab: string, index: number): Outcome {
  const tabJson = nodeOf(doc, tab);
  if (!tabJson) return refuse('designer.unknownNode');
  if (!(typeof tabJson.type === 'string' && getNode(tabJson.type)?.panes)) return refuse('designer.notContainer');
  const panes = tabJson.children as unknown[];
  if (!Number.isInteger(index) || index < 0 || index > panes.length) return refuse('designer.badIndex');
  const taken = nodeKeys(doc);
  let n = panes.length + 1;
  while (taken.has(`tab${n}`)) n++;
  const pane = { key: `tab${n}`, title: { zh: `页签${n}`, en: `Tab ${n}` }, children: [] };
  return place(doc, pane, tab, tabJson, index);
}

/**
 * The whole schema replaced (the JSON view): one undoable step. It must load as a page schema
 * (an older version is migrated); fields keep their ids, so a selected field stays selected.
 */
function replaceSchema(doc: DesignDocument, schema: unknown): Outcome {
  const loaded = loadDocument(schema);
  if (!loaded.ok) return refuse('designer.notLoadable', { detail: issueText(loaded.issues) });
  const next = loaded.doc.schema as unknown as JsonObject;
  const current = doc.schema as unknown as JsonObject;
  const ops: Op[] = [{ op: 'set', id: ROOT_ID, before: current, after: { ...next, body: current.body } }];
  const body = current.body as JsonObject[];
  for (let index = body.length - 1; index >= 0; index--) {
    ops.push({ op: 'remove', parent: ROOT_ID, index, node: body[index], tree: doc.tree.items[index] });
  }
  const taken = new Set<string>([ROOT_ID]);
  let seq = doc.seq;
  (next.body as JsonObject[]).forEach((node, index) => {
    const built = buildTree(node, next, seq, taken);
    seq = built.seq;
    ops.push({ op: 'insert', parent: ROOT_ID, index, node, tree: built.tree });
  });
  if (JSON.stringify(next) === JSON.stringify(current)) return done(doc, []);
  return done({ ...doc, seq }, ops);
}

/**
 * A described change (runtime/core/schema/change-patch.ts), accepted: its operations applied to the
 * document as it is now, as ONE undoable step (Ctrl+Z takes back the whole change). Refused with the
 * first problem when an operation no longer applies (the admin edited that field meanwhile).
 */
function applyPatch(doc: DesignDocument, operations: PatchOperation[], options: CommandOptions): Outcome {
  const result = applyChangePatch(doc.schema, operations, options.newFieldId);
  if (!result.ok) {
    const first = result.problems[0];
    return refuse('designer.patchFailed', { detail: `${first.pointer}: ${first.message}` });
  }
  return replaceSchema(doc, result.schema);
}

const issueText = (issues: SchemaIssue[]) => ({
  zh: issues.map((issue) => issue.message.zh).join('；'),
  en: issues.map((issue) => issue.message.en).join('; '),
});

function batch(doc: DesignDocument, commands: Command[], options: CommandOptions): Outcome {
  if (!commands.length) return refuse('designer.emptyBatch');
  let at = doc;
  const ops: Op[] = [];
  let select: string | undefined;
  for (const command of commands) {
    const outcome = runCommand(at, command, options);
    if (!outcome.ok) return outcome;
    at = outcome.doc;
    ops.push(...outcome.ops);
    select = outcome.select ?? select;
  }
  return { ok: true, doc: at, ops, inverse: invertOps(ops), ...(select ? { select } : {}) };
}

export function runCommand(doc: DesignDocument, command: Command, options: CommandOptions = {}): Outcome {
  switch (command.type) {
    case 'insert':
      return insert(doc, command.entry, command.parent, command.index, options);
    case 'remove':
      return remove(doc, command.id);
    case 'move':
      return move(doc, command.id, command.parent, command.index);
    case 'duplicate':
      return duplicate(doc, command.id, options);
    case 'updateSettings':
      return updateSettings(doc, command.id, command.values);
    case 'renameKey':
      return renameKey(doc, command.id, command.key);
    case 'addPane':
      return addPane(doc, command.tab, command.index);
    case 'replaceSchema':
      return replaceSchema(doc, command.schema);
    case 'applyPatch':
      return applyPatch(doc, command.operations, options);
    case 'batch':
      return batch(doc, command.commands, options);
  }
}
