/**
 * Result codes shared by browser and server. The spec fixes 200, P4007, P4015 and P5003; the
 * rest are ours, chosen so a client can branch on a code instead of parsing a message.
 */
export const ResultCode = {
  SUCCESS: '200',
  /** Bad input: a body, query or envelope the server cannot accept. */
  BAD_REQUEST: 'P4000',
  /** A session is required (no token, or an expired / revoked one): the client signs out. */
  LOGOUT: 'P4007',
  /** Signed in, but this user may not do this. */
  FORBIDDEN: 'P4003',
  /** The record or route does not exist (for this app). */
  NOT_FOUND: 'P4004',
  /** Wrong account or password, wrong or expired picture / SMS code. */
  AUTH_FAILED: 'P4010',
  /**
   * The user signed in with an admin-given password and must change it first: only changePwd,
   * userInfo and logout answer until then (server/auth/password-gate.ts). The shell opens its
   * change-password page on this code.
   */
  MUST_CHANGE_PASSWORD: 'P4011',
  /** Too many attempts; try later. */
  RATE_LIMITED: 'P4029',
  /** Unknown app identifier. */
  APP_NOT_FOUND: 'P4015',
  /** Trial accounts may only read the protected areas. */
  TRIAL_FORBIDDEN: 'P4016',
  /** The caller's address is not on the app's IP allow list: the shell shows the ipBlocked page. */
  IP_BLOCKED: 'P4018',
  /** Data operation failed: duplicates, missing tables and other database errors. */
  DATA_ERROR: 'P5003',
  /** Someone saved the same schema since the version this save was based on: nothing was written. */
  CONFLICT: 'P4009',
  /** Anything unexpected. */
  SERVER_ERROR: 'P5000',
  /** Not ready to serve: the database or Redis cannot be reached, or migrations have not run (HTTP 503). */
  UNAVAILABLE: 'P5030',
  /** The server's file storage is full (ENOSPC): the upload was not kept (HTTP 507). */
  STORAGE_FULL: 'P5070',
} as const;

export type ResultCodeValue = (typeof ResultCode)[keyof typeof ResultCode];

/** The spec allows 200 as a string or a number. */
export function isSuccess(code: unknown): boolean {
  return code === 200 || code === ResultCode.SUCCESS;
}
