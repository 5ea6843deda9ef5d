/**
 * The fields of an import (and of its template): from an import_template row (importTemplateId)
 * or a JSON list of descriptors [{ key, title, required, selectItems }] (building-blocks §2).
 * Every key must be a writable column of the table; the module schema adds what the checks need
 * (pattern, unique, options, dates, maxLength, auto-number).
 */
import type { FieldDefinition, Text } from '../../../protocol/page-schema';
import { textOf } from '../../../protocol/page-schema';
import type { ServerContext } from '../../context';
import { importTemplateTable } from '../../db/migrations/0005-import-template';
import { badRequest } from '../../errors';
import { fieldOptions, isMultiValued, loadModuleMeta, type Option } from '../../modules/field-defs';
import type { ColumnInfo } from '../../modules/table-info';
import type { Target } from '../access';
import { parseAutoNoRule } from '../../../runtime/core/auto-number/generate';
import { choiceFormat, formatFor, type ValueFormat } from '../../../runtime/core/format';
import { autoNumberFields, type AutoNumberField } from '../auto-number';
import { isConditional } from '../required-when';
import { isPlainObject, STRING_MAX } from '../values';

export const MAX_IMPORT_FIELDS = 200;
const MAX_FIELDS_JSON = 64 * 1024;

export interface ImportField {
  key: string;
  /** The title in the caller's language (error messages, template header). */
  title: string;
  /** Header texts accepted for this column: both languages' titles and the key. */
  headers: string[];
  required: boolean;
  unique: boolean;
  column: ColumnInfo;
  options?: Option[];
  multi: boolean;
  pattern?: RegExp;
  patternMessage?: string;
  /** The field as the module declares it (a bare one for a column without a field). */
  def: FieldDefinition;
  /** Parses a cell to the stored value: the field's widget format (runtime/core/format), as export writes it. */
  format: ValueFormat;
  /** Option labels by stored value, when the field has options. */
  labels?: ReadonlyMap<string, string>;
  /** Labels in the other language → stored value (a sheet exported in English imports in Chinese). */
  aliases?: ReadonlyMap<string, string>;
  maxLength?: number;
  autoNumber: boolean;
  /** A sample value from the template, shown as a note on the downloaded template's header. */
  sample?: string;
}

export interface ImportSpec {
  /** For file names: the template's name, else the module's title. */
  title: string;
  fields: ImportField[];
  /** Every auto-number field of the table (filled when empty, listed in the import or not). */
  autoNumbers: AutoNumberField[];
}

interface Descriptor {
  key: string;
  title?: Text;
  required?: boolean;
  selectItems?: unknown[];
  sample?: string;
}

function descriptors(value: unknown): Descriptor[] {
  let list = value;
  if (typeof list === 'string') {
    if (list.length > MAX_FIELDS_JSON) throw badRequest('data.import.fieldsInvalid', { key: 'fields' });
    try {
      list = JSON.parse(list);
    } catch {
      throw badRequest('data.import.fieldsInvalid', { key: 'fields' });
    }
  }
  if (!Array.isArray(list) || list.length === 0) throw badRequest('data.template.noFields');
  if (list.length > MAX_IMPORT_FIELDS) throw badRequest('server.tooMany', { key: 'fields', max: MAX_IMPORT_FIELDS });
  return list.map((entry) => {
    if (!isPlainObject(entry) || typeof entry.key !== 'string')
      throw badRequest('data.import.fieldsInvalid', { key: 'fields' });
    const title = entry.title;
    if (title !== undefined && typeof title !== 'string' && !isPlainObject(title)) {
      throw badRequest('data.import.fieldsInvalid', { key: entry.key.slice(0, 64) });
    }
    return {
      key: entry.key,
      title: title as Text | undefined,
      required: entry.required === true || entry.required === 1 || entry.required === 'true',
      selectItems: Array.isArray(entry.selectItems) ? entry.selectItems : undefined,
      sample: typeof entry.sample === 'string' && entry.sample !== '' ? entry.sample.slice(0, 255) : undefined,
    };
  });
}

function compile(pattern: unknown): RegExp | undefined {
  if (typeof pattern !== 'string' || pattern === '' || pattern.length > 500) return undefined;
  try {
    return new RegExp(pattern);
  } catch {
    // A broken pattern in a schema must not block every import; the form shows the same field unchecked.
    return undefined;
  }
}

function titleTexts(title: Text | undefined): string[] {
  if (title === undefined) return [];
  if (typeof title === 'string') return [title];
  return [title.zh, title.en].filter((t): t is string => typeof t === 'string' && t !== '');
}

/** The import's fields from importTemplateId or a `fields` value (JSON text or array). */
export async function importSpec(
  ctx: Pick<ServerContext, 'db' | 'tables' | 'config'>,
  target: Target,
  source: { templateId?: unknown; fields?: unknown },
  lang: string,
): Promise<ImportSpec> {
  const appId = target.scope.appId;
  let list: Descriptor[];
  let templateName: string | undefined;
  if (source.templateId !== undefined && source.templateId !== null && source.templateId !== '') {
    if (typeof source.templateId !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(source.templateId)) {
      throw badRequest('data.import.templateMissing');
    }
    const row = await ctx.db.db
      .selectFrom(importTemplateTable(ctx.config.tablePrefix))
      .select(['name', 'table_name', 'fields'])
      .where('app_id', '=', appId)
      .where('id', '=', source.templateId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!row || row.table_name !== target.table.name) throw badRequest('data.import.templateMissing');
    templateName = String(row.name);
    list = descriptors(String(row.fields ?? ''));
  } else {
    list = descriptors(source.fields);
  }

  const meta = await loadModuleMeta(ctx.db.db, ctx.tables, appId, target.table);
  const seen = new Set<string>();
  const fields: ImportField[] = [];
  for (const d of list) {
    const column = target.table.columns.get(d.key);
    if (!column?.writable || seen.has(d.key))
      throw badRequest('data.import.fieldsInvalid', { key: d.key.slice(0, 64) });
    seen.add(d.key);
    const def: FieldDefinition | undefined = meta.fields.get(d.key);
    const own = d.selectItems
      ? await fieldOptions(
          ctx.db.db,
          ctx.tables,
          appId,
          { key: d.key, title: '', type: 'select', selectItems: d.selectItems as never },
          lang,
        )
      : await fieldOptions(ctx.db.db, ctx.tables, appId, def, lang);
    const title = textOf(d.title, lang) || textOf(def?.title ?? column.title, lang) || d.key;
    const pattern = compile(def?.rule_pattern ?? def?.pattern);
    const options = own && own.length ? own : undefined;
    const base = formatFor(def, column.type);
    // Options given for a text field (an import descriptor's selectItems) are still matched by label.
    const format = options && base.kind === 'text' ? choiceFormat({ multi: isMultiValued(def) }) : base;
    const limit = column.type === 'string' ? Math.min(column.maxLength ?? STRING_MAX, STRING_MAX) : column.maxLength;
    fields.push({
      key: d.key,
      title,
      headers: [
        ...new Set([title, ...titleTexts(d.title), ...titleTexts(def?.title), ...titleTexts(column.title), d.key]),
      ],
      // A field required only while shown is judged per row (requiredWhenErrors), not as a column.
      required: d.required === true || (column.required === true && !isConditional(column)),
      unique: column.unique === true,
      column,
      options,
      multi: isMultiValued(def),
      pattern,
      patternMessage: pattern ? textOf(def?.rule_message ?? def?.message, lang) || undefined : undefined,
      def: def ?? { key: d.key, title, type: '' },
      format,
      labels: options ? new Map(options.map((o) => [o.value, o.label])) : undefined,
      aliases: options ? aliasMap(options) : undefined,
      maxLength: column.type === 'string' || column.type === 'text' ? limit : undefined,
      autoNumber: parseAutoNoRule(def?.auto_no_rule).length > 0,
      sample: d.sample,
    });
  }
  const title = templateName ?? (textOf(meta.title, lang) || target.table.name);
  return { title, fields, autoNumbers: autoNumberFields(target.table, meta.fields) };
}

/**
 * The module's required, writable columns an import with this spec could never fill: not listed
 * and not numbered automatically. An import refuses such a spec (data.import.missingColumns) and a
 * template save refuses such a column list (data.importTemplate.missingRequired).
 */
export function unlistedRequired(target: Target, spec: ImportSpec) {
  const listed = new Set(spec.fields.map((f) => f.key));
  const automatic = new Set(spec.autoNumbers.map((f) => f.key));
  return [...target.table.columns.values()].filter(
    (c) => c.writable && c.required && !isConditional(c) && !listed.has(c.name) && !automatic.has(c.name),
  );
}

/** Each option's labels in other languages → its value; the first option to claim a label keeps it. */
function aliasMap(options: readonly Option[]): ReadonlyMap<string, string> | undefined {
  const map = new Map<string, string>();
  for (const o of options) for (const alias of o.aliases ?? []) if (!map.has(alias)) map.set(alias, o.value);
  return map.size ? map : undefined;
}
