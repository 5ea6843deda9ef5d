/**
 * The settings panel's bridge to designer/core: which settings schema a node gets (its type's, from
 * the registry; a pane and the page have only their titles and key), the values to show, and
 * whether the form already shows them (so an undo refreshes it without re-mounting the field being
 * typed in). Pure.
 */
import { settingsFields, settingsValues, type TypeKind } from '../../runtime/core/palette';
import type { FieldDefinition } from '../../protocol/page-schema';
import type { JsonObject, NodeKind } from '../core';

export function typeKindOf(kind: NodeKind | undefined): TypeKind | undefined {
  return kind === 'field' ? 'widget' : kind === 'node' ? 'node' : undefined;
}

const TITLE_FIELDS: FieldDefinition[] = [
  {
    id: 'f_title__zh',
    key: 'title__zh',
    title: { zh: '标题（中文）', en: 'Title (Chinese)' },
    type: 'input',
    allowSpecialCharacter: true,
  },
  {
    id: 'f_title__en',
    key: 'title__en',
    title: { zh: '标题（英文）', en: 'Title (English)' },
    type: 'input',
    allowSpecialCharacter: true,
  },
];

/** The fields of the panel for a node of `kind` and `json`. */
export function panelFields(kind: NodeKind | undefined, json: JsonObject): FieldDefinition[] {
  const typeKind = typeKindOf(kind);
  if (typeKind) return settingsFields(typeKind, String(json.type));
  if (kind === 'pane')
    return [
      ...TITLE_FIELDS,
      {
        id: 'f_key',
        key: 'key',
        title: { zh: '页签标识', en: 'Pane key' },
        type: 'input',
        allowSpecialCharacter: true,
      },
    ];
  return TITLE_FIELDS;
}

/** The panel's values for the node (a plain-text title counts as its zh). */
export function panelValues(kind: NodeKind | undefined, json: JsonObject): Record<string, unknown> {
  const typeKind = typeKindOf(kind);
  if (typeKind) return settingsValues(typeKind, json);
  const title =
    typeof json.title === 'string' ? { zh: json.title } : ((json.title ?? {}) as { zh?: string; en?: string });
  const values: Record<string, unknown> = { title__zh: title.zh, title__en: title.en };
  if (kind === 'pane') values.key = json.key;
  return values;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';
/** Same value for the panel: '' and a missing property are both empty. */
export const sameValue = (a: unknown, b: unknown) =>
  (isEmpty(a) && isEmpty(b)) || JSON.stringify(a) === JSON.stringify(b);

/** The keys whose shown value differs from the node's (after an undo, a redo, a drop). */
export function staleKeys(shown: Record<string, unknown>, actual: Record<string, unknown>, keys: string[]): string[] {
  return keys.filter((key) => !sameValue(shown[key], actual[key]));
}

/**
 * A settings field's value as the node stores it: a switch gives the runtime's stored 1 / 0 (the
 * meta-schema wants a boolean), a JSON code editor gives text (the node wants the value). Answers
 * `{ error }` for JSON that does not parse: nothing is applied until it does.
 */
export function fromPanel(field: FieldDefinition | undefined, value: unknown): { value: unknown } | { error: true } {
  if (field?.type === 'switch') return { value: value === true || value === 1 || value === '1' ? true : undefined };
  if (field?.type === 'code-editor' && (field.props as { language?: string } | undefined)?.language === 'json') {
    if (typeof value !== 'string' || value.trim() === '') return { value: undefined };
    try {
      return { value: JSON.parse(value) };
    } catch {
      return { error: true };
    }
  }
  return { value };
}

/** The node's values as the panel's widgets show them (a JSON code editor shows text). */
export function toPanel(fields: FieldDefinition[], values: Record<string, unknown>): Record<string, unknown> {
  const out = { ...values };
  for (const field of fields) {
    const value = out[field.key];
    if (field.type === 'code-editor' && value !== undefined && typeof value !== 'string')
      out[field.key] = JSON.stringify(value, null, 2);
  }
  return out;
}
