/**
 * What a storage failure means to the user. A full disk (ENOSPC, or EDQUOT for a quota) answers
 * HTTP 507 P5070 "storage full"; an unreachable or refusing bucket answers HTTP 503 P5030 "file
 * storage unavailable". Both in the caller's language; the cause (never a secret) goes to the log.
 */
import { ResultCode } from '../../protocol/codes';
import { ApiError } from '../errors';

/** A bucket could not be reached or refused the request; the message names no key or secret. */
export class StorageUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StorageUnavailableError';
  }
}

const FULL = new Set(['ENOSPC', 'EDQUOT']);

export function isStorageFull(error: unknown): boolean {
  return typeof error === 'object' && error !== null && FULL.has(String((error as { code?: unknown }).code));
}

/** The answer for a failed put/get, or undefined when the error is not the storage's (rethrow it). */
export function storageFailure(error: unknown): ApiError | undefined {
  if (isStorageFull(error)) return new ApiError(ResultCode.STORAGE_FULL, 'upload.storageFull', {}, 507);
  if (error instanceof StorageUnavailableError) {
    return new ApiError(ResultCode.UNAVAILABLE, 'upload.storageUnavailable', {}, 503);
  }
  return undefined;
}
