/**
 * Driver errors → P5003 with one wording on every database, so the client can tell a duplicate
 * (message "Duplicate entry '<value>' for key '<field>'", field being the field key it maps to a
 * title) or a missing table ("Table '<name>' doesn't exist") from anything else.
 */
import { ResultCode } from '../../protocol/codes';
import type { Db } from '../db/create-db';
import { isDatabaseUnavailable, isStatementTimeout } from '../db/unavailable';
import { ApiError } from '../errors';
import type { TableInfo } from '../modules/table-info';
import type { Row } from './values';

/** 503 P5030: the database cannot be reached now; the cause is logged by the error handler. */
export function databaseUnavailable(cause: unknown): ApiError {
  const error = new ApiError(ResultCode.UNAVAILABLE, 'error.unavailable', {}, 503);
  error.cause = cause;
  return error;
}

/** 503 P5030: the statement ran past DB_STATEMENT_TIMEOUT_MS (a blocked or overloaded database). */
export function databaseBusy(cause: unknown): ApiError {
  const error = new ApiError(ResultCode.UNAVAILABLE, 'error.databaseBusy', {}, 503);
  error.cause = cause;
  return error;
}

export const tableMissing = (name: string) => new ApiError(ResultCode.DATA_ERROR, 'server.tableMissing', { name });

export function toDataError(error: unknown, db: Db, table: TableInfo, row?: Row): unknown {
  if (error instanceof ApiError) return error;
  if (isDatabaseUnavailable(error)) return databaseUnavailable(error);
  if (isStatementTimeout(error)) return databaseBusy(error);
  const failure = db.spec.classifyError(error);
  if (failure?.kind === 'missingTable') return tableMissing(table.name);
  if (failure?.kind === 'duplicate') {
    const fromIndex = failure.index ? table.uniqueIndexes.get(failure.index) : undefined;
    const fromColumns = failure.columns?.filter((c) => c !== 'app_id').pop();
    const field = fromIndex ?? fromColumns ?? failure.index ?? 'PRIMARY';
    const value = row && Object.hasOwn(row, field) ? row[field] : failure.value;
    return new ApiError(ResultCode.DATA_ERROR, 'server.duplicateEntry', { value: String(value ?? ''), field });
  }
  // Anything else: the generic data error; the cause is logged by the error handler, not shown.
  const wrapped = new ApiError(ResultCode.DATA_ERROR, 'error.dataOperation');
  wrapped.cause = error;
  return wrapped;
}

/** Runs a data operation, turning driver errors into the API's P5003 answers. */
export async function withDataErrors<T>(db: Db, table: TableInfo, run: () => Promise<T>, row?: Row): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toDataError(error, db, table, row);
  }
}
