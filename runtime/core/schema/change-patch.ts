/**
 * "Describe a change" (issue 19 item 5, docs/ai.md "Describe a change"): the model answers a list of
 * high-level operations on a page schema's fields — add a field after / before a key (or into a
 * container), update some of a field's properties, remove a field, move one — rather than raw JSON
 * Patch, so an answer can only name what exists by key and can never write ids, paths or structure.
 *
 * Headless and shared: the server validates the answer against `changePatchJsonSchema()` (Ajv),
 * applies it to a copy of the stored schema and runs the store's checks on the result; the designer
 * applies the same operations to its document as one undoable command (designer/core). Applying
 * answers problems with JSON pointers into the patch (what a repair round sends back), never throws.
 */
import { allWidgets } from '../registry';
import { newFieldId } from './field-id';

export const PATCH_LIMITS = { operations: 20, text: 60 } as const;

export interface PatchText {
  zh: string;
  en: string;
}

/** A new field: a registered widget type, a key unique in its form, a title; the other properties optional. */
export interface PatchField {
  key: string;
  type: string;
  title: PatchText;
  [property: string]: unknown;
}

export type PatchOperation =
  | { op: 'add'; field: PatchField; after?: string; before?: string; into?: string }
  | { op: 'update'; key: string; set?: Record<string, unknown>; unset?: string[] }
  | { op: 'remove'; key: string }
  | { op: 'move'; key: string; after?: string; before?: string };

export interface ChangePatch {
  summary: PatchText;
  operations: PatchOperation[];
}

export interface PatchProblem {
  pointer: string;
  message: string;
}

/**
 * The field properties a patch may set besides key / type / title (what the settings panel edits);
 * the values are checked afterwards by the meta-schema like any schema the store saves. `id`, `key`
 * and `type` are never set by an update: a new key or type is a remove plus an add.
 */
export const PATCH_FIELD_PROPERTIES = [
  'title',
  'required',
  'requiredMessage',
  'rule_pattern',
  'rule_message',
  'unique',
  'defaultValue',
  'disabled',
  'hidden',
  'tableHidden',
  'hiddenTitle',
  'search',
  'dict',
  'selectItems',
  'extra',
  'tooltip',
  'columnSpan',
  'props',
] as const;

const TEXT_PROPERTIES = new Set<string>(['requiredMessage', 'rule_message', 'extra', 'tooltip']);

/** Widget types a patch may add: every registered widget the palette offers. */
export function patchWidgetTypes(): string[] {
  return allWidgets()
    .filter((w) => w.palette)
    .map((w) => w.type)
    .sort();
}

const KEY = { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$' };
/** Plain text: no markup (`<script>` in a title goes back to the model, as in the app generator). */
const TEXT = { type: 'string', minLength: 1, maxLength: PATCH_LIMITS.text, pattern: '^[^<>]*$' };
const TITLE = {
  type: 'object',
  required: ['zh', 'en'],
  properties: { zh: TEXT, en: TEXT },
  additionalProperties: false,
};

/** JSON Schema (draft 2020-12, the subset providers' structured output accepts) of a patch. */
export function changePatchJsonSchema(): Record<string, unknown> {
  // Texts shown to users are plain like titles; the other values are left to the meta-schema.
  const others = Object.fromEntries(
    PATCH_FIELD_PROPERTIES.filter((p) => p !== 'title').map((p) => [p, TEXT_PROPERTIES.has(p) ? TITLE : {}]),
  );
  const field = {
    type: 'object',
    required: ['key', 'type', 'title'],
    properties: { key: KEY, type: { type: 'string', enum: patchWidgetTypes() }, title: TITLE, ...others },
    additionalProperties: false,
  };
  const settable = { type: 'object', properties: { title: TITLE, ...others }, additionalProperties: false };
  const operation = (op: string, required: string[], properties: Record<string, unknown>) => ({
    type: 'object',
    required: ['op', ...required],
    properties: { op: { const: op }, ...properties },
    additionalProperties: false,
  });
  return {
    type: 'object',
    required: ['summary', 'operations'],
    properties: {
      summary: { ...TITLE, properties: { zh: { ...TEXT, maxLength: 200 }, en: { ...TEXT, maxLength: 200 } } },
      operations: {
        type: 'array',
        minItems: 1,
        maxItems: PATCH_LIMITS.operations,
        items: {
          type: 'object',
          required: ['op'],
          discriminator: { propertyName: 'op' },
          oneOf: [
            operation('add', ['field'], { field, after: KEY, before: KEY, into: KEY }),
            operation('update', ['key'], {
              key: KEY,
              set: settable,
              unset: { type: 'array', items: { enum: PATCH_FIELD_PROPERTIES.filter((p) => p !== 'title') } },
            }),
            operation('remove', ['key'], { key: KEY }),
            operation('move', ['key'], { key: KEY, after: KEY, before: KEY }),
          ],
        },
      },
    },
    additionalProperties: false,
  };
}

type Json = Record<string, unknown>;
const SLOTS = ['body', 'fields', 'children'] as const;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const slotOf = (json: Json) => SLOTS.find((slot) => Array.isArray(json[slot]));

interface Place {
  node: Json;
  siblings: unknown[];
}

/** Every keyed node of the schema with the array it sits in (document order). */
function placesOf(schema: Json): Place[] {
  const out: Place[] = [];
  const walk = (json: Json) => {
    const slot = slotOf(json);
    if (!slot) return;
    const items = json[slot] as unknown[];
    for (const item of items) {
      if (!isObject(item)) continue;
      if (typeof item.key === 'string') out.push({ node: item, siblings: items });
      walk(item);
    }
  };
  walk(schema);
  return out;
}

/** The one node with `key`; a problem when there is none or more than one (keys may repeat across forms). */
function find(schema: Json, key: string, pointer: string): Place | PatchProblem {
  const found = placesOf(schema).filter((place) => place.node.key === key);
  if (found.length === 1) return found[0];
  return {
    pointer,
    message: found.length ? `key "${key}" names ${found.length} nodes` : `no field or node has key "${key}"`,
  };
}

const isProblem = (value: Place | PatchProblem): value is PatchProblem => 'pointer' in value && !('node' in value);

/** Where a new or moved node goes: after / before a key, into a container (its end), else the first form's end. */
function target(schema: Json, op: { after?: string; before?: string; into?: string }, at: string) {
  if (op.after !== undefined || op.before !== undefined) {
    const anchorKey = (op.after ?? op.before)!;
    const anchor = find(schema, anchorKey, `${at}/${op.after !== undefined ? 'after' : 'before'}`);
    if (isProblem(anchor)) return anchor;
    const index = anchor.siblings.indexOf(anchor.node);
    return { siblings: anchor.siblings, index: op.after !== undefined ? index + 1 : index };
  }
  const container = op.into
    ? find(schema, op.into, `${at}/into`)
    : placesOf(schema).find((place) => Array.isArray(place.node.fields));
  if (!container) return { pointer: at, message: 'the page has no form or list to add a field to; name "into"' };
  if (isProblem(container)) return container;
  const slot = slotOf(container.node);
  if (!slot) return { pointer: `${at}/into`, message: `"${String(container.node.key)}" holds no fields` };
  const siblings = container.node[slot] as unknown[];
  return { siblings, index: siblings.length };
}

/** `json` with the listed properties in patch order after `id, key, type, title` (as the designer writes them). */
function newField(field: PatchField, id: string): Json {
  const { key, type, title, ...rest } = field;
  return { id, key, title, type, ...rest };
}

export type PatchResult = { ok: true; schema: Json } | { ok: false; problems: PatchProblem[] };

/**
 * The schema with the operations applied in order, on a copy (the input is never changed). A new
 * field gets a fresh id (`makeId`, default runtime/core's newFieldId). Problems stop at the first
 * operation that cannot apply: later ones may depend on it.
 */
export function applyChangePatch(
  schema: unknown,
  operations: readonly PatchOperation[],
  makeId: () => string = newFieldId,
): PatchResult {
  if (!isObject(schema)) return { ok: false, problems: [{ pointer: '', message: 'the schema is not an object' }] };
  const copy = structuredClone(schema);
  for (let i = 0; i < operations.length; i++) {
    const op = operations[i];
    const at = `/operations/${i}`;
    const fail = (problem: PatchProblem): PatchResult => ({ ok: false, problems: [problem] });
    if (op.op === 'add') {
      const clash = placesOf(copy).find((place) => place.node.key === op.field.key);
      if (clash) return fail({ pointer: `${at}/field/key`, message: `key "${op.field.key}" is already used` });
      const place = target(copy, op, at);
      if ('pointer' in place) return fail(place);
      place.siblings.splice(place.index, 0, newField(op.field, makeId()));
    } else {
      const found = find(copy, op.key, `${at}/key`);
      if (isProblem(found)) return fail(found);
      const index = found.siblings.indexOf(found.node);
      if (op.op === 'remove') found.siblings.splice(index, 1);
      else if (op.op === 'move') {
        found.siblings.splice(index, 1);
        const place = target(copy, op, at);
        if ('pointer' in place) return fail(place);
        place.siblings.splice(place.index, 0, found.node);
      } else {
        const next: Json = { ...found.node, ...(op.set ?? {}) };
        for (const name of op.unset ?? []) delete next[name];
        found.siblings[index] = next;
      }
    }
  }
  return { ok: true, schema: copy };
}
