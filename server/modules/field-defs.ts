/**
 * The page-schema field definitions of a module table, for the features that need more than the
 * registry's column types: export (dictionary labels, date formats), import (patterns, options,
 * auto-numbers) and the template. Read from the stored schema on each call: these are rare,
 * heavy requests, and reading keeps them consistent with the latest save without a second cache.
 */
import type { Kysely } from 'kysely';
import '../../runtime/definitions';
import { multiCodec } from '../../runtime/core/codecs/multi';
import { getWidget } from '../../runtime/core/registry';
import type { FieldDefinition, Text } from '../../protocol/page-schema';
import { textOf } from '../../protocol/page-schema';
import type { TableNames } from '../db/tables';
import { listNodeOf, walkFields } from './columns';
import { readStoredSchema } from '../schema-store/prepare';
import type { TableInfo } from './table-info';

export interface ModuleMeta {
  /** The module's title (the list's, else the module row's), for file names. */
  title?: Text;
  fields: Map<string, FieldDefinition>;
}

export interface Option {
  value: string;
  /** In the reader's language (export writes it). */
  label: string;
  /** The label in the other languages: an import matches these too. */
  aliases?: string[];
}

/** The labels of an option other than the one shown, without blanks or repeats. */
function aliasesOf(label: string, texts: unknown[]): string[] | undefined {
  const others = [
    ...new Set(texts.filter((t): t is string => typeof t === 'string' && t.trim() !== '' && t !== label)),
  ];
  return others.length ? others : undefined;
}

/** Whether the field stores several option values joined by commas. */
export function isMultiValued(field: FieldDefinition | undefined): boolean {
  if (!field) return false;
  const mode = (field as { props?: { mode?: unknown } }).props?.mode;
  // The widget registry says which widgets store comma-joined option values (their codec), so a new
  // multi-valued widget gets labels in export and import without a list here to keep in step.
  return getWidget(field.type)?.codec === multiCodec || mode === 'multiple' || mode === 'tags';
}

export async function loadModuleMeta(
  db: Kysely<any>,
  tables: TableNames,
  appId: string,
  table: TableInfo,
): Promise<ModuleMeta> {
  const fields = new Map<string, FieldDefinition>();
  if (table.kind !== 'module') return { fields };
  const row = await db
    .selectFrom(tables.module)
    .select(['title', 'schema'])
    .where('app_id', '=', appId)
    .where('table_name', '=', table.name)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!row) return { fields };
  // The registry already parsed this schema successfully; a failure here means a concurrent bad write.
  const schema = (readStoredSchema(String(row.schema)) ?? {}) as { body?: never[] };
  const list = listNodeOf(schema, table.name);
  for (const field of walkFields(list.fields)) fields.set(field.key, field);
  const title = (list.title as Text | undefined) ?? (row.title ? String(row.title) : undefined);
  return { title, fields };
}

/** `dict/<code>` (with or without a leading `/api/`): a dictionary of this server. */
export function dictCodeOf(field: FieldDefinition): string | undefined {
  if (typeof field.dict === 'string' && /^[A-Za-z0-9_:.-]{1,64}$/.test(field.dict)) return field.dict;
  const url = field.dictApi && typeof field.dictApi === 'object' ? (field.dictApi as { url?: unknown }).url : undefined;
  if (typeof url !== 'string') return undefined;
  return /^(?:\/?api\/)?\/?dict\/([A-Za-z0-9_:.-]{1,64})$/.exec(url)?.[1];
}

function flattenItems(items: unknown, valueKey: string, labelKey: string, lang: string, out: Option[]): void {
  if (!Array.isArray(items)) return;
  for (const item of items) {
    if (typeof item !== 'object' || item === null) continue;
    const record = item as Record<string, unknown>;
    const value = record[valueKey];
    if (value !== undefined && value !== null) {
      const text = record[labelKey];
      const label = textOf(text as Text | undefined, lang) || String(value);
      const aliases = text && typeof text === 'object' ? aliasesOf(label, Object.values(text)) : undefined;
      out.push({ value: String(value), label, ...(aliases ? { aliases } : {}) });
    }
    flattenItems(record.children, valueKey, labelKey, lang, out);
  }
}

/**
 * The options of a field: its selectItems, else its dictionary of this app. undefined when the
 * field has none the server can know (an external dictApi): its values are then taken as they are.
 */
export async function fieldOptions(
  db: Kysely<any>,
  tables: TableNames,
  appId: string,
  field: FieldDefinition | undefined,
  lang: string,
): Promise<Option[] | undefined> {
  if (!field) return undefined;
  if (Array.isArray(field.selectItems) && field.selectItems.length > 0) {
    const out: Option[] = [];
    const keys = field.replaceFields ?? {};
    flattenItems(field.selectItems, keys.value ?? 'value', keys.label ?? 'label', lang, out);
    return out;
  }
  const code = dictCodeOf(field);
  if (!code) return undefined;
  const rows = await db
    .selectFrom(tables.dict)
    .select(['value', 'label', 'label_en'])
    .where('app_id', '=', appId)
    .where('dict_code', '=', code)
    .where('is_deleted', '=', 0)
    .orderBy('sort', 'asc')
    .execute();
  // label is Chinese, label_en English when set (migration 0011): shown in the reader's language,
  // matched in either.
  return rows.map((r) => {
    const english = typeof r.label_en === 'string' && r.label_en.trim() ? r.label_en : undefined;
    const label = String((lang === 'en' && english) || (r.label ?? r.value));
    const aliases = aliasesOf(label, [r.label, english]);
    return { value: String(r.value), label, ...(aliases ? { aliases } : {}) };
  });
}
