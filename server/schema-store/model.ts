/**
 * The model of a module, derived once from its schema: one entry per stored field with its
 * stable id, key, column, type and uniqueness. Columns bind to field ids, not keys: a field that
 * keeps its id keeps its column (renamed to the new key by the table sync), so renaming a field's
 * key or title in a designer keeps the data. Fields removed from the schema move to `retired`
 * with the column their data now lives in, so a rollback can restore them.
 *
 * A field without an `id` (schemas written before stable ids) gets `key:<key>`: it is then bound
 * by its key, as before.
 */
import type { ColumnType } from '../../runtime/core/registry';
import type { Text } from '../../protocol/page-schema';
import { moduleFields, listNodeOf, walkFields } from '../modules/columns';

export interface ModelField {
  id: string;
  key: string;
  /** The physical column (equal to the key once the sync has run). */
  column: string;
  type: ColumnType;
  unique: boolean;
  title?: Text;
}

export interface RetiredField {
  id: string;
  key: string;
  /** The retired column holding the field's data: `zr<version>_<key>`. */
  column: string;
  type: ColumnType;
}

export interface ModuleModel {
  fields: ModelField[];
  retired: RetiredField[];
}

export const fieldIdOf = (field: { id?: unknown; key: string }): string =>
  typeof field.id === 'string' && field.id.length > 0 ? field.id : `key:${field.key}`;

/** The id of every field node of the module's list (stored or not), by key. */
function idsByKey(schema: unknown, table: string): Map<string, string> {
  const out = new Map<string, string>();
  const list = listNodeOf(schema as { body?: never[] }, table);
  for (const field of walkFields(list.fields)) out.set(field.key, fieldIdOf(field as { id?: unknown; key: string }));
  return out;
}

/**
 * The model of `schema`. Columns are the keys: the plan (plan.ts) renames a kept field's column to
 * its new key. Retired fields carry over from `previous` unless the new schema brings them back.
 * Throws ModuleSchemaError for a field that cannot have a column (bad key, unknown widget, twice).
 */
export function deriveModel(schema: unknown, table: string, previous?: ModuleModel): ModuleModel {
  const { columns } = moduleFields(schema as { body?: never[] }, table);
  const ids = idsByKey(schema, table);
  const fields: ModelField[] = columns.map((c) => ({
    id: ids.get(c.name) ?? `key:${c.name}`,
    key: c.name,
    column: c.name,
    type: c.type,
    unique: c.unique,
    ...(c.title !== undefined ? { title: c.title } : {}),
  }));
  return withRetired({ fields, retired: [] }, previous);
}

/** `model` with the retired fields of `previous` that it does not bring back. */
export function withRetired(model: ModuleModel, previous?: ModuleModel): ModuleModel {
  const live = new Set(model.fields.map((f) => f.id));
  return { fields: model.fields, retired: (previous?.retired ?? []).filter((r) => !live.has(r.id)) };
}

/** The model stored with a version, or one derived from its schema for versions saved before models. */
export function modelOf(stored: unknown, schema: unknown, table: string): ModuleModel | undefined {
  if (typeof stored === 'string' && stored) {
    try {
      const parsed = JSON.parse(stored) as ModuleModel;
      if (Array.isArray(parsed.fields) && Array.isArray(parsed.retired)) return parsed;
    } catch {
      // fall through to deriving it
    }
  }
  if (schema === undefined) return undefined;
  try {
    return deriveModel(schema, table);
  } catch {
    return undefined;
  }
}

/**
 * The version's diff summary from the two models (cheap: no second walk of the schemas). A field
 * counts as changed when its key, type, uniqueness or title changed; added and removed by id.
 */
export function modelDiff(old: ModuleModel | undefined, next: ModuleModel, before: unknown, after: unknown) {
  const was = new Map((old?.fields ?? []).map((f) => [f.id, f]));
  const live = new Set(next.fields.map((f) => f.id));
  const title = (s: unknown) => JSON.stringify((s as { title?: unknown } | undefined)?.title ?? null);
  return {
    fieldsAdded: next.fields.filter((f) => !was.has(f.id)).map((f) => f.key),
    fieldsRemoved: (old?.fields ?? []).filter((f) => !live.has(f.id)).map((f) => f.key),
    fieldsChanged: next.fields
      .filter((f) => {
        const w = was.get(f.id);
        return (
          w &&
          (w.key !== f.key ||
            w.type !== f.type ||
            w.unique !== f.unique ||
            JSON.stringify(w.title) !== JSON.stringify(f.title))
        );
      })
      .map((f) => f.key),
    uniqueAdded: next.fields.filter((f) => f.unique && !was.get(f.id)?.unique).map((f) => f.key),
    titleChanged: before !== undefined && title(before) !== title(after),
  };
}
