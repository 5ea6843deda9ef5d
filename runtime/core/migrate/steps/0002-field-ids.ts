/**
 * Step 1 → 2: every field node gets an `id`. A version-1 schema may still sit in a database and be
 * migrated on every read, so the id is DERIVED from the field's key — `f_` + FNV-1a of the key in
 * base 36 — never random: the same old JSON always gets the same ids. A second field with the same
 * key (a list and a form of one page often share keys) or a hash collision gets `_2`, `_3`, … in
 * document order, which is also stable. A field that already has a usable id keeps it.
 *
 * Frozen: this file describes version 1 as it was. It walks the tree itself (body → `fields` /
 * `children`, tab panes included) instead of using today's walker, so later changes elsewhere
 * cannot change what an old schema migrates to.
 */
import type { MigrationStep } from '../types';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** FNV-1a, 32 bits, over UTF-16 units; 7 base-36 characters. */
export function keyHash(key: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36).padStart(7, '0');
}

const USABLE_ID = /^f_[A-Za-z0-9_]{1,61}$/;

/** A field (version 1): in a `fields`/`children` array, no children of its own, a string key and type. */
const isField = (node: Json) =>
  !Array.isArray(node.children) &&
  !Array.isArray(node.fields) &&
  typeof node.key === 'string' &&
  typeof node.type === 'string';

function collectFields(schema: Json): Json[] {
  const fields: Json[] = [];
  // Explicit stack (document order kept by pushing children reversed): no recursion on input depth.
  const stack: { node: unknown; inChildren: boolean }[] = [];
  const pushAll = (items: unknown, inChildren: boolean) => {
    if (!Array.isArray(items)) return;
    for (let i = items.length - 1; i >= 0; i--) stack.push({ node: items[i], inChildren });
  };
  pushAll(schema.body, false);
  while (stack.length) {
    const { node, inChildren } = stack.pop()!;
    if (!isObject(node)) continue;
    if (inChildren && isField(node)) {
      fields.push(node);
      continue;
    }
    // A node's `fields` come before its `children` (no registered node has both today).
    const nested: unknown[] = [];
    if (Array.isArray(node.fields)) nested.push(...node.fields);
    if (Array.isArray(node.children)) nested.push(...node.children);
    pushAll(nested, true);
  }
  return fields;
}

export const fieldIds: MigrationStep = {
  to: 2,
  name: '0002-field-ids',
  migrate(schema) {
    const fields = collectFields(schema);
    const taken = new Set<string>();
    for (const field of fields) if (typeof field.id === 'string' && USABLE_ID.test(field.id)) taken.add(field.id);
    for (const field of fields) {
      if (typeof field.id === 'string' && USABLE_ID.test(field.id)) continue;
      const base = `f_${keyHash(field.key as string)}`;
      let id = base;
      for (let n = 2; taken.has(id); n++) id = `${base}_${n}`;
      taken.add(id);
      // The id leads the field's keys, so a person reading the JSON sees it first.
      const rest = { ...field };
      delete rest.id;
      for (const key of Object.keys(field)) delete field[key];
      Object.assign(field, { id }, rest);
    }
    return schema;
  },
};
