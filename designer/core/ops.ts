/**
 * The three edits every command is made of, each with an exact inverse: insert a node (JSON and id
 * subtree) at a place, remove one, and set a node's own properties (its slot left as it is). A
 * command answers its ops and their inverse; undo applies the inverse, redo the ops, so history
 * never re-runs a command (no new random ids on redo) and undo gives back the very same JSON.
 * Updates copy only the path from the page to the edited node; everything else is shared.
 */
import { locations, slotOf } from './tree';
import { type DesignDocument, type IdNode, type JsonObject } from './types';

export type Op =
  | { op: 'insert'; parent: string; index: number; node: JsonObject; tree: IdNode }
  | { op: 'remove'; parent: string; index: number; node: JsonObject; tree: IdNode }
  | { op: 'set'; id: string; before: JsonObject; after: JsonObject };

export function invertOp(op: Op): Op {
  if (op.op === 'insert') return { ...op, op: 'remove' };
  if (op.op === 'remove') return { ...op, op: 'insert' };
  return { op: 'set', id: op.id, before: op.after, after: op.before };
}

export const invertOps = (ops: readonly Op[]): Op[] => ops.map(invertOp).reverse();

/** `next` with its slot array taken from `current` (same key, same place among the keys). */
function withSlotOf(next: JsonObject, current: JsonObject, isRoot: boolean): JsonObject {
  const slot = slotOf(current, isRoot);
  if (!slot || next[slot] === current[slot]) return next;
  return Object.fromEntries(Object.entries(next).map(([key, value]) => [key, key === slot ? current[slot] : value]));
}

function updateJson(
  json: JsonObject,
  path: readonly number[],
  depth: number,
  change: (json: JsonObject) => JsonObject,
): JsonObject {
  if (depth === path.length) return change(json);
  const slot = slotOf(json, depth === 0)!;
  const items = [...(json[slot] as JsonObject[])];
  items[path[depth]] = updateJson(items[path[depth]], path, depth + 1, change);
  return { ...json, [slot]: items };
}

function updateTree(tree: IdNode, path: readonly number[], depth: number, change: (tree: IdNode) => IdNode): IdNode {
  if (depth === path.length) return change(tree);
  const items = [...tree.items];
  items[path[depth]] = updateTree(items[path[depth]], path, depth + 1, change);
  return { id: tree.id, items };
}

function locate(doc: DesignDocument, id: string) {
  const location = locations(doc).get(id);
  if (!location) throw new Error(`No node ${id} in the document`);
  return location;
}

export function applyOp(doc: DesignDocument, op: Op): DesignDocument {
  const root = doc.schema as unknown as JsonObject;
  if (op.op === 'set') {
    const { path } = locate(doc, op.id);
    const schema = updateJson(root, path, 0, (current) => withSlotOf(op.after, current, path.length === 0));
    return { ...doc, schema: schema as unknown as DesignDocument['schema'] };
  }
  const { path } = locate(doc, op.parent);
  const splice = <T>(items: readonly T[], item: T): T[] => {
    const next = [...items];
    if (op.op === 'insert') next.splice(op.index, 0, item);
    else next.splice(op.index, 1);
    return next;
  };
  const schema = updateJson(root, path, 0, (parent) => {
    const slot = slotOf(parent, path.length === 0);
    if (!slot) throw new Error(`Node ${op.parent} holds no children`);
    return { ...parent, [slot]: splice(parent[slot] as JsonObject[], op.node) };
  });
  const tree = updateTree(doc.tree, path, 0, (parent) => {
    if (op.op === 'remove' && parent.items[op.index]?.id !== op.tree.id) {
      throw new Error(`Node ${op.tree.id} is not at ${op.parent}[${op.index}]`);
    }
    return { id: parent.id, items: splice(parent.items, op.tree) };
  });
  return { ...doc, schema: schema as unknown as DesignDocument['schema'], tree };
}

export const applyOps = (doc: DesignDocument, ops: readonly Op[]) => ops.reduce(applyOp, doc);
