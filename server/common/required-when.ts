/**
 * The designer's conditions on a write (issue 14): a field that is required while its `requiredFn`
 * holds, and a field that is hidden while its `hiddenFn` holds. The browser enforces both through
 * Formily reactions (runtime/core/compiler/field.ts); a client that skips the form must meet the
 * same rules here. Each condition runs through the SAME safe evaluator the browser's reactions use
 * (runtime/core/expression), with the record's values as the fallback scope and as `$values`, so
 * `kind === 'refund'` reads the same on both sides.
 *
 * A field hidden by its condition is never required (the form drops it: Formily does not validate
 * a display:none field), whether it is required always or by condition.
 */
import { evaluate } from '../../runtime/core/expression/evaluate';
import { badRequest } from '../errors';
import type { ColumnInfo, TableInfo } from '../modules/table-info';
import type { Row } from './values';

/**
 * A condition's answer. An expression that fails to evaluate counts as false: the browser's
 * compiler returns undefined for it and Formily then takes the reaction's `otherwise` branch.
 */
function holds(expression: string, record: Row): boolean {
  try {
    return Boolean(evaluate(expression, { $values: record }, { fallback: record }));
  } catch {
    return false;
  }
}

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** Columns whose "required" depends on the record: the ones values.ts leaves to this module. */
export const isConditional = (column: ColumnInfo): boolean =>
  column.writable && (Boolean(column.requiredFn) || (column.required === true && Boolean(column.hiddenFn)));

/** Whether the field must hold a value in this record. */
export function requiredIn(column: ColumnInfo, record: Row): boolean {
  if (column.hiddenFn && holds(column.hiddenFn, record)) return false;
  return column.required === true || (column.requiredFn !== undefined && holds(column.requiredFn, record));
}

/**
 * The conditional columns this record leaves empty while they are required in it. `record` is the
 * whole record as the client sees it (decodeRow): the body on create, the stored row with the body
 * over it on update, a spreadsheet row's values on import.
 */
export function missingRequired(table: TableInfo, record: Row): ColumnInfo[] {
  return [...table.columns.values()].filter(
    (column) => isConditional(column) && requiredIn(column, record) && isEmpty(record[column.name]),
  );
}

/** Refuses (P4000, the first such field named, in the caller's language) a record missingRequired finds. */
export function assertRequiredWhen(table: TableInfo, record: Row): void {
  const [column] = missingRequired(table, record);
  if (column) throw badRequest('server.fieldRequired', { title: column.title ?? column.name });
}
