/**
 * The shape of a page as the designer walks it: which array of a node holds its children (its
 * slot), what kind each node is, the id tree built beside the schema, and an index from id to
 * place. Structure follows the JSON the way runtime/core/schema/walk.ts does (a `fields` or
 * `children` array is a slot; an object in one without a slot of its own is a field); what a node
 * may hold or where it may go comes from the registry (rules.ts).
 */
import { getNode } from '../../runtime/core/registry';
import { ROOT_ID, type DesignDocument, type IdNode, type JsonObject, type NodeKind, type Slot } from './types';

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The array holding a node's children, or undefined for a field. The root's is always `body`. */
export function slotOf(json: JsonObject, isRoot = false): Slot | undefined {
  if (isRoot) return 'body';
  if (Array.isArray(json.fields)) return 'fields';
  if (Array.isArray(json.children)) return 'children';
  return undefined;
}

export const itemsOf = (json: JsonObject, isRoot = false): unknown[] => {
  const slot = slotOf(json, isRoot);
  return slot && Array.isArray(json[slot]) ? (json[slot] as unknown[]) : [];
};

/** What a node is, given its parent's JSON (undefined for the root). */
export function kindOf(json: JsonObject, parent: JsonObject | undefined): NodeKind {
  if (!parent) return 'page';
  if (typeof parent.type === 'string' && getNode(parent.type)?.panes) return 'pane';
  if (typeof json.type === 'string' && getNode(json.type)) return 'node';
  if (slotOf(json)) return typeof json.type === 'string' ? 'node' : 'pane';
  return 'field';
}

/**
 * The id tree of `json` (a node whose parent is `parent`): a field keeps its own `id` when it has
 * one not yet taken, everything else gets `n_<seq>`. Iterative, so a deep page cannot overflow.
 */
export function buildTree(
  json: JsonObject,
  parent: JsonObject | undefined,
  seq: number,
  taken: Set<string>,
): { tree: IdNode; seq: number } {
  const nextId = (node: JsonObject, kind: NodeKind) => {
    const own = kind === 'field' && typeof node.id === 'string' && node.id && !taken.has(node.id) ? node.id : '';
    const id = own || (parent === undefined && node === json ? ROOT_ID : `n_${seq++}`);
    taken.add(id);
    return id;
  };
  type Frame = { json: JsonObject; items: IdNode[]; id: string; children: unknown[]; next: number };
  const frameOf = (node: JsonObject, parentJson: JsonObject | undefined): Frame => {
    const isRoot = parentJson === undefined && node === json;
    const id = nextId(node, kindOf(node, parentJson));
    return { json: node, items: [], id, children: itemsOf(node, isRoot), next: 0 };
  };
  const stack: Frame[] = [frameOf(json, parent)];
  let done: IdNode | undefined;
  while (stack.length) {
    const top = stack[stack.length - 1];
    if (top.next < top.children.length) {
      const child = top.children[top.next++];
      stack.push(frameOf(isObject(child) ? child : {}, top.json));
      continue;
    }
    stack.pop();
    done = { id: top.id, items: top.items };
    if (stack.length) stack[stack.length - 1].items.push(done);
  }
  return { tree: done!, seq };
}

export interface NodeLocation {
  readonly id: string;
  readonly parent: string | null;
  /** Position in the parent's slot. */
  readonly index: number;
  /** Positions from the root down to the node (worked out when first asked). */
  readonly path: readonly number[];
}

class Location implements NodeLocation {
  private cachedPath: readonly number[] | undefined;
  constructor(
    readonly id: string,
    private readonly above: Location | null,
    readonly index: number,
  ) {}
  get parent() {
    return this.above ? this.above.id : null;
  }
  get path(): readonly number[] {
    this.cachedPath ??= this.above ? [...this.above.path, this.index] : [];
    return this.cachedPath;
  }
}

const indexes = new WeakMap<IdNode, Map<string, NodeLocation>>();

/** id → place, for the document's tree (cached per tree: an edit of settings keeps the tree). */
export function locations(doc: DesignDocument): Map<string, NodeLocation> {
  const cached = indexes.get(doc.tree);
  if (cached) return cached;
  const map = new Map<string, NodeLocation>();
  const nodes: IdNode[] = [doc.tree];
  const places: Location[] = [new Location(doc.tree.id, null, 0)];
  while (nodes.length) {
    const node = nodes.pop()!;
    const place = places.pop()!;
    map.set(node.id, place);
    const items = node.items;
    for (let index = 0; index < items.length; index++) {
      nodes.push(items[index]);
      places.push(new Location(items[index].id, place, index));
    }
  }
  indexes.set(doc.tree, map);
  return map;
}

/** The JSON at a path of positions. */
export function jsonAtPath(doc: DesignDocument, path: readonly number[]): JsonObject {
  let at = doc.schema as unknown as JsonObject;
  path.forEach((position, depth) => {
    at = itemsOf(at, depth === 0)[position] as JsonObject;
  });
  return at;
}

export function treeAtPath(doc: DesignDocument, path: readonly number[]): IdNode {
  let at = doc.tree;
  for (const position of path) at = at.items[position];
  return at;
}

/** The JSON pointer of a node: /body/0/fields/2 ("" for the page). */
export function pointerOfNode(doc: DesignDocument, id: string): string | undefined {
  const location = locations(doc).get(id);
  if (!location) return undefined;
  let at = doc.schema as unknown as JsonObject;
  let pointer = '';
  location.path.forEach((position, depth) => {
    const slot = slotOf(at, depth === 0)!;
    pointer += `/${slot}/${position}`;
    at = (at[slot] as JsonObject[])[position];
  });
  return pointer;
}

const pointerIndexes = new WeakMap<object, Map<string, string>>();

/** pointer → id for every node (cached per tree). */
export function nodesByPointer(doc: DesignDocument): Map<string, string> {
  const cached = pointerIndexes.get(doc.tree);
  if (cached) return cached;
  const map = new Map<string, string>();
  for (const id of locations(doc).keys()) map.set(pointerOfNode(doc, id)!, id);
  pointerIndexes.set(doc.tree, map);
  return map;
}
