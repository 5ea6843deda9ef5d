/**
 * Loading a page schema into a design document and reading it: node by id, parent, children, the
 * path from the page down, the JSON pointer of a node (to map Ajv issues to nodes) and the outline
 * tree with titles in a language.
 */
import { textOf, type PageSchema } from '../../protocol/page-schema';
import { LATEST_SCHEMA_VERSION, migrateSchema } from '../../runtime/core/migrate';
import { getNode, getWidget } from '../../runtime/core/registry';
import { SchemaError, schemaIssue, type SchemaIssue } from '../../runtime/core/schema/issue';
import { parseSchemaText } from '../../runtime/core/schema/parse';
import { layoutMarkers } from './layout';
import { buildTree, isObject, jsonAtPath, kindOf, locations, nodesByPointer, slotOf, treeAtPath } from './tree';

export { pointerOfNode } from './tree';
import { ROOT_ID, type DesignDocument, type JsonObject, type NodeKind } from './types';

export type LoadResult = { ok: true; doc: DesignDocument } | { ok: false; issues: SchemaIssue[] };

/**
 * A document from schema text (checked for size and depth before parsing) or an already parsed
 * value. An older schemaVersion is migrated first; anything that is not a page schema at all is
 * refused with the issues that say why, so a pasted schema from elsewhere never half-loads.
 */
export function loadDocument(input: unknown): LoadResult {
  try {
    const text = typeof input === 'string' ? input : undefined;
    const value = text === undefined ? input : parseSchemaText(text);
    // A schema from another product has neither marker: say that, not "schemaVersion must be…".
    if (isObject(value) && value.schemaVersion === undefined && value.type !== 'page')
      return { ok: false, issues: [schemaIssue('', 'designer.notPageSchema')] };
    const { schema, applied } = migrateSchema(value);
    const taken = new Set<string>();
    const { tree, seq } = buildTree(schema as unknown as JsonObject, undefined, 1, taken);
    const base: DesignDocument = { schema, tree, seq, layout: new Map(), finalNewline: true };
    // Layout hints only describe the text when nothing was rewritten by a migration.
    if (text === undefined || applied.length) return { ok: true, doc: base };
    return { ok: true, doc: { ...base, layout: layoutMarkers(base, text), finalNewline: text.endsWith('\n') } };
  } catch (error) {
    if (error instanceof SchemaError) return { ok: false, issues: error.issues };
    throw error;
  }
}

/** A document for a schema built in code (tests, the AI generator): no layout of its own. */
export function documentOf(schema: PageSchema): DesignDocument {
  const result = loadDocument(schema);
  if (!result.ok) throw new Error(result.issues.map((issue) => issue.message.en).join('; '));
  return result.doc;
}

/** A new empty page. */
export const emptyDocument = (title?: { zh: string; en: string }) =>
  documentOf({ schemaVersion: LATEST_SCHEMA_VERSION, type: 'page', ...(title ? { title } : {}), body: [] });

export const hasNode = (doc: DesignDocument, id: string) => locations(doc).has(id);

/** The JSON of a node (the page itself for ROOT_ID); undefined for an unknown id. */
export function nodeOf(doc: DesignDocument, id: string): JsonObject | undefined {
  const location = locations(doc).get(id);
  return location ? jsonAtPath(doc, location.path) : undefined;
}

export const parentOf = (doc: DesignDocument, id: string): string | null | undefined => locations(doc).get(id)?.parent;

export function childrenOf(doc: DesignDocument, id: string): string[] {
  const location = locations(doc).get(id);
  return location ? treeAtPath(doc, location.path).items.map((item) => item.id) : [];
}

/** Ids from the page down to the node, both included; empty for an unknown id. */
export function pathOf(doc: DesignDocument, id: string): string[] {
  const index = locations(doc);
  const path: string[] = [];
  for (let at = index.get(id); at; at = at.parent === null ? undefined : index.get(at.parent)) path.unshift(at.id);
  return path;
}

export function kindOfNode(doc: DesignDocument, id: string): NodeKind | undefined {
  const location = locations(doc).get(id);
  if (!location) return undefined;
  const parent = location.parent === null ? undefined : jsonAtPath(doc, location.path.slice(0, -1));
  return kindOf(jsonAtPath(doc, location.path), parent);
}

/** The id of the node a pointer falls in: the deepest node whose pointer starts it (the page at worst). */
export function nodeAtPointer(doc: DesignDocument, pointer: string): string {
  const byPointer = nodesByPointer(doc);
  const parts = pointer.split('/').slice(1);
  for (let length = parts.length; length > 0; length--) {
    const id = byPointer.get(`/${parts.slice(0, length).join('/')}`);
    if (id) return id;
  }
  return ROOT_ID;
}

export interface OutlineItem {
  id: string;
  kind: NodeKind;
  type?: string;
  key?: string;
  title: string;
  children: OutlineItem[];
}

/** A node's title in `lang`: its own, else its type's palette title, else its key or type. */
export function titleOf(json: JsonObject, kind: NodeKind, lang: 'zh' | 'en'): string {
  const own = textOf(json.title as Parameters<typeof textOf>[0], lang);
  if (own) return own;
  const type = typeof json.type === 'string' ? json.type : '';
  const palette = kind === 'field' ? getWidget(type)?.palette : kind === 'node' ? getNode(type)?.palette : undefined;
  return palette?.title[lang] ?? (typeof json.key === 'string' ? json.key : type);
}

/** The outline of the page: every node with its title in `lang`, in document order. */
export function outline(doc: DesignDocument, lang: 'zh' | 'en'): OutlineItem {
  const itemOf = (json: JsonObject, parent: JsonObject | undefined, id: string): OutlineItem => {
    const kind = kindOf(json, parent);
    return {
      id,
      kind,
      ...(typeof json.type === 'string' ? { type: json.type } : {}),
      ...(typeof json.key === 'string' ? { key: json.key } : {}),
      title: titleOf(json, kind, lang),
      children: [],
    };
  };
  const root = itemOf(doc.schema as unknown as JsonObject, undefined, doc.tree.id);
  const stack = [{ item: root, json: doc.schema as unknown as JsonObject, tree: doc.tree, isRoot: true }];
  while (stack.length) {
    const { item, json, tree, isRoot } = stack.pop()!;
    const slot = slotOf(json, isRoot);
    const children = slot ? (json[slot] as unknown[]) : [];
    tree.items.forEach((childTree, index) => {
      const child = isObject(children[index]) ? (children[index] as JsonObject) : {};
      const childItem = itemOf(child, json, childTree.id);
      item.children.push(childItem);
      stack.push({ item: childItem, json: child, tree: childTree, isRoot: false });
    });
  }
  return root;
}
