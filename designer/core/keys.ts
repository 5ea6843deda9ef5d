/**
 * Keys: a field's key is a column, so it is checked as the store checks it (protocol/sql-identifiers:
 * shape, and no word any of the three databases reserves) and must be unique in its form, compared
 * case-insensitively (MySQL folds column names). A field's form is the nearest node holding
 * `fields` (a list or a form), or the page for fields laid out in page-level containers — the same
 * scopes as runtime/core/schema/cross-reference.ts.
 */
import { columnIdentifierProblem, isSqlReservedWord, MAX_COLUMN_IDENTIFIER } from '../../protocol/sql-identifiers';
import { getNode, getWidget } from '../../runtime/core/registry';
import { kindOfNode, nodeOf, pathOf } from './document';
import { refuse } from './refusal';
import { isObject, itemsOf, kindOf } from './tree';
import { ROOT_ID, type DesignDocument, type JsonObject, type NodeKind, type Refusal } from './types';

/** Keys of lists, forms and tab panes may hold a dash (they name no column); the rest are field-shaped. */
const DASHED_KEY = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
const PLAIN_KEY = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** A list or form: its registry definition says so (ownsForm), or it holds `fields` as walk.ts reads it. */
export const ownsForm = (json: JsonObject | undefined) =>
  !!json && (Array.isArray(json.fields) || (typeof json.type === 'string' && getNode(json.type)?.ownsForm === true));

/** Walks a JSON subtree (iteratively): every node with its parent and kind. */
export function eachNode(
  json: JsonObject,
  parent: JsonObject | undefined,
  visit: (node: JsonObject, parent: JsonObject | undefined, kind: NodeKind) => boolean | void,
): void {
  const stack: { node: JsonObject; parent: JsonObject | undefined }[] = [{ node: json, parent }];
  while (stack.length) {
    const { node, parent: above } = stack.pop()!;
    // A visitor answering false does not go below that node.
    if (visit(node, above, kindOf(node, above)) === false) continue;
    const items = itemsOf(node, above === undefined && node === json && parent === undefined);
    for (let i = items.length - 1; i >= 0; i--)
      if (isObject(items[i])) stack.push({ node: items[i] as JsonObject, parent: node });
  }
}

/** The id of the form a node's fields belong to: the nearest list/form at or above it, else the page. */
export function formScopeOf(doc: DesignDocument, id: string): string {
  const path = pathOf(doc, id);
  for (let i = path.length - 1; i > 0; i--) if (ownsForm(nodeOf(doc, path[i]))) return path[i];
  return ROOT_ID;
}

/** Lower-cased keys of the fields of a form scope (the page: fields outside any list or form). */
export function keysInScope(doc: DesignDocument, scopeId: string, except?: JsonObject): Set<string> {
  const keys = new Set<string>();
  const scope = nodeOf(doc, scopeId);
  if (!scope) return keys;
  eachNode(scope, scopeId === ROOT_ID ? undefined : {}, (node, _parent, kind) => {
    if (node !== scope && ownsForm(node)) return false;
    if (kind === 'field' && node !== except && typeof node.key === 'string') keys.add(node.key.toLowerCase());
  });
  return keys;
}

/** Keys of every list, form, container and pane in the page (lower case). */
export function nodeKeys(doc: DesignDocument): Set<string> {
  const keys = new Set<string>();
  eachNode(doc.schema as unknown as JsonObject, undefined, (node, _parent, kind) => {
    if (kind !== 'field' && kind !== 'page' && typeof node.key === 'string') keys.add(node.key.toLowerCase());
  });
  return keys;
}

export const storesValue = (field: JsonObject) =>
  field.not_sql_field !== true && getWidget(String(field.type))?.noValue !== true;

/** Why `key` cannot be the key of node `id`, or undefined when it can (the settings panel asks as you type). */
export function keyProblem(doc: DesignDocument, id: string, key: string): Refusal | undefined {
  const node = nodeOf(doc, id);
  const kind = kindOfNode(doc, id);
  if (!node || !kind) return refuse('designer.unknownNode');
  if (kind !== 'field') {
    if (key === '') return undefined;
    const shape = kind === 'pane' || (kind === 'node' && ownsForm(node)) ? DASHED_KEY : PLAIN_KEY;
    return shape.test(key) ? undefined : refuse('designer.keyInvalid', { key, max: 64 });
  }
  if (key === '') return refuse('designer.keyRequired');
  if (storesValue(node)) {
    const problem = columnIdentifierProblem(key);
    if (problem === 'invalid') return refuse('designer.keyInvalid', { key, max: MAX_COLUMN_IDENTIFIER });
    if (problem === 'reserved') return refuse('designer.keyReserved', { key });
  } else if (!PLAIN_KEY.test(key)) {
    return refuse('designer.keyInvalid', { key, max: 64 });
  }
  if (keysInScope(doc, formScopeOf(doc, id), node).has(key.toLowerCase())) return refuse('designer.keyTaken', { key });
  return undefined;
}

/**
 * A key made from `base` that is not in `taken` (lower case) and no reserved word: base itself
 * (when `numbered` is false), then base_2, base_3, … A base that cannot start a key is prefixed.
 */
export function uniqueKey(base: string, taken: ReadonlySet<string>, numbered = false): string {
  let stem = base.replace(/[^A-Za-z0-9_]/g, '_').replace(/_\d+$/, '') || 'field';
  if (!/^[A-Za-z]/.test(stem)) stem = `f_${stem}`;
  stem = stem.slice(0, MAX_COLUMN_IDENTIFIER - 6);
  const free = (key: string) => !taken.has(key.toLowerCase()) && !isSqlReservedWord(key);
  if (!numbered && free(stem) && stem === base) return stem;
  for (let n = numbered ? 1 : 2; ; n++) if (free(`${stem}_${n}`)) return `${stem}_${n}`;
}
