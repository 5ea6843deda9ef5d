/**
 * The rule for a module's table name, shared by the browser (the create form checks as you type)
 * and the server (server/modules/admin.ts refuses the same names on create; the schema store's
 * own check, server/schema-store/prepare.ts, agrees). The physical table is m_{app}_{name}.
 *
 * - lower-case ASCII letters, digits and _, starting with a letter: MySQL folds table-name case on
 *   some systems and PostgreSQL folds unquoted names, so upper case and unicode are refused rather
 *   than silently meaning another table;
 * - at most 40 characters, leaving room for m_{app}_ within the 60 the server allows an identifier;
 * - not a word any of MySQL 8, PostgreSQL or SQLite reserves (protocol/sql-identifiers.ts).
 */
import { isSqlReservedWord } from './sql-identifiers';

export const MAX_MODULE_TABLE_LENGTH = 40;
export const MODULE_TABLE_PATTERN = /^[a-z][a-z0-9_]*$/;

export type ModuleTableProblem = { key: string; vars: Record<string, unknown> };

/** What is wrong with `name` as a new module table by its shape alone, or undefined when nothing. */
export function moduleTableProblem(name: string): ModuleTableProblem | undefined {
  if (!name.trim()) return { key: 'moduleAdmin.tableRequired', vars: {} };
  if (name.length > MAX_MODULE_TABLE_LENGTH)
    return { key: 'moduleAdmin.tableTooLong', vars: { max: MAX_MODULE_TABLE_LENGTH } };
  if (!MODULE_TABLE_PATTERN.test(name)) return { key: 'moduleAdmin.tableFormat', vars: {} };
  if (isSqlReservedWord(name)) return { key: 'moduleAdmin.tableReserved', vars: { table: name } };
  return undefined;
}
