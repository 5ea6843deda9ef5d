/**
 * Headless parts of the list's export and import (building-blocks §5, §7): which columns can be
 * exported, the export body (the list query + exportFields in the chosen order + the selected ids
 * as an IN condition), the import field descriptors, and the file names.
 */
import type { Lang } from '../../../protocol/constants';
import type { ListQuery } from '../../../protocol/list-query';
import { textOf, type FieldDefinition } from '../../../protocol/page-schema';
import type { ExportArgs, ExportField, ImportField } from '../data/provider';
import { columnKeys } from './query';

/** Real columns, unless the schema says allowExport: false. */
export function exportableFields(fields: readonly FieldDefinition[], lang: Lang): ExportField[] {
  const columns = new Set(columnKeys(fields));
  return fields
    .filter((f) => columns.has(f.key) && f.allowExport !== false)
    .map((f) => ({ key: f.key, title: textOf(f.title, lang) }));
}

export function buildExportArgs(
  query: ListQuery,
  options: { exportFields: ExportField[]; ids?: readonly string[]; idKey?: string; extraData?: unknown },
): ExportArgs {
  const ids = options.ids ?? [];
  const querys = ids.length
    ? [...(query.querys ?? []), { key: options.idKey ?? 'id', value: [...ids], rule: 'IN' as const }]
    : query.querys;
  return {
    ...query,
    querys,
    exportFields: options.exportFields.map(({ key, title }) => ({ key, title })),
    ...(options.extraData === undefined ? {} : { extraData: options.extraData }),
  };
}

/** Field descriptors for the template and the import (building-blocks §3 "Import field descriptor"). */
export function importFields(fields: readonly FieldDefinition[], lang: Lang): ImportField[] {
  const columns = new Set(columnKeys(fields));
  return fields
    .filter((f) => columns.has(f.key))
    .map((f) => ({
      key: f.key,
      title: textOf(f.title, lang),
      ...(f.required ? { required: true } : {}),
      ...(f.selectItems?.length
        ? { selectItems: f.selectItems.map((i) => ({ value: i.value, label: textOf(i.label, lang) })) }
        : {}),
    }));
}

export const IMPORT_EXTENSIONS = ['.xlsx', '.xls'] as const;
export const isWorkbookName = (name: string) => /\.(xlsx|xls)$/i.test(name);

/** Moves one item of a list (drag to reorder, or the up / down buttons). */
export function move<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  if (from < 0 || from >= out.length || to < 0 || to >= out.length) return out;
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item);
  return out;
}
