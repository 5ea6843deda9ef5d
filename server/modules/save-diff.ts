/** What a module save changed, stored with its version as a small JSON summary. */
import { moduleFields, walkFields, listNodeOf } from './columns';

export interface SchemaDiff {
  /** The table was created by this save. */
  tableCreated: boolean;
  /** Columns this save added to the table. */
  columnsAdded: string[];
  /** Field keys new in the schema, gone from it (their columns stay), or changed. */
  fieldsAdded: string[];
  fieldsRemoved: string[];
  fieldsChanged: string[];
  /** Unique fields that were not unique before (their index is new). */
  uniqueAdded: string[];
  titleChanged: boolean;
  /** The version this save restored (a rollback). */
  rollbackOf?: string;
}

function fieldMap(schema: unknown, table: string): Map<string, string> {
  const out = new Map<string, string>();
  if (schema === undefined) return out;
  try {
    const list = listNodeOf(schema as { body?: never[] }, table);
    for (const field of walkFields(list.fields)) out.set(field.key, JSON.stringify(field));
  } catch {
    // A previous schema without a list for this table: every field counts as new.
  }
  return out;
}

function uniqueKeys(schema: unknown, table: string): Set<string> {
  try {
    return new Set(
      moduleFields(schema as { body?: never[] }, table)
        .columns.filter((c) => c.unique)
        .map((c) => c.name),
    );
  } catch {
    return new Set();
  }
}

export function schemaDiff(
  before: unknown,
  after: unknown,
  table: string,
): Omit<SchemaDiff, 'tableCreated' | 'columnsAdded'> {
  const old = fieldMap(before, table);
  const now = fieldMap(after, table);
  const oldUnique = uniqueKeys(before, table);
  const title = (s: unknown) => JSON.stringify((s as { title?: unknown } | undefined)?.title ?? null);
  return {
    fieldsAdded: [...now.keys()].filter((k) => !old.has(k)),
    fieldsRemoved: [...old.keys()].filter((k) => !now.has(k)),
    fieldsChanged: [...now.keys()].filter((k) => old.has(k) && old.get(k) !== now.get(k)),
    uniqueAdded: [...uniqueKeys(after, table)].filter((k) => !oldUnique.has(k)),
    titleChanged: before !== undefined && title(before) !== title(after),
  };
}
