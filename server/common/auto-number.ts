/**
 * Auto-numbers on the server (building-blocks §4): the server is the authority, so a create or an
 * import fills every empty auto-number field from its `auto_no_rule` (text / random / date parts,
 * runtime/core/auto-number). For a unique field a generated number that is already taken — by a
 * live row of the app or by another row of the same batch — is generated again, a few times; the
 * live-unique index still guards the race between this check and the insert (P5003).
 */
import type { Kysely } from 'kysely';
import type { FieldDefinition } from '../../protocol/page-schema';
import { generateAutoNo, parseAutoNoRule, type AutoNoOptions } from '../../runtime/core/auto-number/generate';
import type { ServerContext } from '../context';
import { loadModuleMeta } from '../modules/field-defs';
import type { TableInfo } from '../modules/table-info';
import type { Target } from './access';
import { isPlainObject, type Row } from './values';

export const AUTO_NUMBER_ATTEMPTS = 8;

export interface AutoNumberField {
  key: string;
  rule: unknown;
  unique: boolean;
}

/** The writable fields of a table that have a usable auto-number rule. */
export function autoNumberFields(table: TableInfo, fields: Map<string, FieldDefinition>): AutoNumberField[] {
  const out: AutoNumberField[] = [];
  for (const field of fields.values()) {
    const column = table.columns.get(field.key);
    if (!column?.writable || parseAutoNoRule(field.auto_no_rule).length === 0) continue;
    out.push({ key: field.key, rule: field.auto_no_rule, unique: column.unique === true });
  }
  return out;
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/**
 * Fills the empty auto-number values of `rows` in place. `taken` answers which of some values
 * already exist (live rows of the app); tests and callers without a database pass none.
 */
export async function fillAutoNumbers(
  rows: Row[],
  fields: AutoNumberField[],
  taken: (key: string, values: string[]) => Promise<Set<string>>,
  options: AutoNoOptions = {},
): Promise<void> {
  for (const field of fields) {
    const pending = rows.filter((row) => isEmpty(row[field.key]));
    if (pending.length === 0) continue;
    // Values the batch already holds (typed in the file, or generated for an earlier row).
    const used = new Set(rows.filter((row) => !isEmpty(row[field.key])).map((row) => String(row[field.key])));
    let todo = pending;
    for (let attempt = 0; attempt < AUTO_NUMBER_ATTEMPTS && todo.length > 0; attempt++) {
      const fresh = todo.map((row) => ({ row, value: generateAutoNo(field.rule, options) }));
      const inDb = field.unique ? await taken(field.key, [...new Set(fresh.map((f) => f.value))]) : new Set<string>();
      const retry: Row[] = [];
      for (const { row, value } of fresh) {
        if (field.unique && (used.has(value) || inDb.has(value))) {
          retry.push(row);
          continue;
        }
        row[field.key] = value;
        used.add(value);
      }
      todo = retry;
    }
    // Still colliding (a rule without random digits, say): keep the last try; the unique index decides.
    for (const row of todo) row[field.key] = generateAutoNo(field.rule, options);
  }
}

/** `taken` over a table: which of `values` live rows of the app already hold in `key`. */
export function takenIn(db: Kysely<any>, table: TableInfo, appId: string) {
  return async (key: string, values: string[]): Promise<Set<string>> => {
    const found = new Set<string>();
    for (let i = 0; i < values.length; i += 500) {
      const rows = await db
        .selectFrom(table.physical)
        .select(key)
        .where('app_id', '=', appId)
        .where('is_deleted', '=', 0)
        .where(key, 'in', values.slice(i, i + 500))
        .execute();
      for (const row of rows) found.add(String(row[key]));
    }
    return found;
  };
}

/**
 * A create body with its empty auto-number fields filled (a copy; the body itself is untouched).
 * Anything that is not a plain object is returned as it is, for writableValues to refuse.
 */
export async function withAutoNumbers(
  ctx: Pick<ServerContext, 'db' | 'tables' | 'now'>,
  target: Target,
  body: unknown,
): Promise<unknown> {
  if (!isPlainObject(body) || target.table.kind !== 'module') return body;
  const meta = await loadModuleMeta(ctx.db.db, ctx.tables, target.scope.appId, target.table);
  const fields = autoNumberFields(target.table, meta.fields);
  if (fields.length === 0) return body;
  const row: Row = { ...body };
  await fillAutoNumbers([row], fields, takenIn(ctx.db.db, target.table, target.scope.appId), { now: ctx.now });
  return row;
}
