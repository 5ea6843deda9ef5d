/**
 * The fields and nodes of a page schema at the latest version, each with its JSON pointer. A field
 * is an object in a `fields` or `children` array that holds no `fields`/`children` of its own and
 * has a string key and type (the same rule as server/modules/columns.ts walkFields; tab panes carry
 * no type and are walked through). A field's scope is the nearest node with `fields` (its form: a
 * list or form node) or "" for fields laid out straight in the page. Iterative: no recursion.
 */
import type { FieldDefinition } from '../../../protocol/page-schema';
import { pointerOf } from './issue';

export type JsonObject = Record<string, unknown>;

export interface FieldVisit {
  field: FieldDefinition & JsonObject;
  pointer: string;
  /** Pointer of the list/form node whose form holds the field ("" when none). */
  scope: string;
}

export interface NodeVisit {
  node: JsonObject;
  pointer: string;
}

export interface PageWalk {
  fields: FieldVisit[];
  /** Nodes that own a form (`fields`): lists and forms, in document order. */
  forms: NodeVisit[];
}

export const isJsonObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function walkPage(schema: unknown): PageWalk {
  const walk: PageWalk = { fields: [], forms: [] };
  if (!isJsonObject(schema) || !Array.isArray(schema.body)) return walk;
  type Entry = { node: unknown; pointer: string; scope: string; inChildren: boolean };
  const stack: Entry[] = [];
  const pushAll = (items: unknown[], pointer: string, scope: string) => {
    for (let i = items.length - 1; i >= 0; i--)
      stack.push({ node: items[i], pointer: `${pointer}/${i}`, scope, inChildren: true });
  };
  for (let i = schema.body.length - 1; i >= 0; i--) {
    stack.push({ node: schema.body[i], pointer: pointerOf('body', i), scope: '', inChildren: false });
  }
  while (stack.length) {
    const { node, pointer, scope, inChildren } = stack.pop()!;
    if (!isJsonObject(node)) continue;
    const hasFields = Array.isArray(node.fields);
    const hasChildren = Array.isArray(node.children);
    if (inChildren && !hasFields && !hasChildren && typeof node.key === 'string' && typeof node.type === 'string') {
      walk.fields.push({ field: node as FieldDefinition & JsonObject, pointer, scope });
      continue;
    }
    if (hasFields) walk.forms.push({ node, pointer });
    // Children first onto the stack so that `fields` (pushed last) come out first.
    if (hasChildren) pushAll(node.children as unknown[], `${pointer}/children`, scope);
    if (hasFields) pushAll(node.fields as unknown[], `${pointer}/fields`, pointer);
  }
  return walk;
}
