/**
 * Errors a handler throws to answer with a result code. The message is a catalog key, translated
 * into the caller's language by the error handler (app.ts), so handlers never build user text.
 */
import { ResultCode, type ResultCodeValue } from '../protocol/codes';

export class ApiError extends Error {
  /** Sent as the answer's `data` (e.g. every issue of a refused schema); null when absent. */
  data?: unknown;
  constructor(
    readonly code: ResultCodeValue,
    readonly key: string,
    readonly vars: Record<string, unknown> = {},
    /** HTTP status: 200 for business errors (architecture.md, "The wire"). */
    readonly status = 200,
  ) {
    super(key);
    this.name = 'ApiError';
  }
}

export const badRequest = (key: string, vars: Record<string, unknown> = {}) =>
  new ApiError(ResultCode.BAD_REQUEST, key, vars);

export const notFound = () => new ApiError(ResultCode.NOT_FOUND, 'error.notFound');

export const forbidden = () => new ApiError(ResultCode.FORBIDDEN, 'error.forbidden');

/** A module schema the server cannot turn into a table (bad key, unknown widget, ...). */
export class ModuleSchemaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ModuleSchemaError';
  }
}
