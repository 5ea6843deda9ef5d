/**
 * Whether a failure means the database cannot be reached right now (refused, reset, timed out,
 * shutting down) rather than that the statement was wrong. Such a request answers 503 with P5030
 * ("temporarily unavailable") instead of a data error, and the pool reconnects on the next query
 * once the database is back — no process restart (tests/faults/database-outage.test.ts).
 *
 * Read from the error's code and its cause chain: Node's socket codes, PostgreSQL's SQLSTATE
 * classes 08 (connection exception) and 57P (operator intervention: shutdown, crash, starting up),
 * mysql2's protocol codes, and the two pg messages that carry no code.
 */
const NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
]);
const MYSQL_CODES = new Set([
  // Ours (dialects/mysql.ts): no pooled connection came free within DB_ACQUIRE_TIMEOUT_MS.
  'POOL_ACQUIRE_TIMEOUT',
  'PROTOCOL_CONNECTION_LOST',
  'ER_SERVER_SHUTDOWN',
  'ER_CON_COUNT_ERROR',
  'PROTOCOL_SEQUENCE_TIMEOUT',
]);
const PG_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (NODE_CODES.has(code) || MYSQL_CODES.has(code)) return true;
      if (/^(08...|57P0[1-3])$/.test(code)) return true;
    }
    if (typeof message === 'string' && PG_MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Whether a statement was stopped by the server for running longer than DB_STATEMENT_TIMEOUT_MS
 * (PostgreSQL query_canceled, MariaDB ER_STATEMENT_TIMEOUT, MySQL ER_QUERY_TIMEOUT): the database
 * is too busy or blocked; the request answers 503 P5030 error.databaseBusy.
 */
export function isStatementTimeout(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, errno } = current as { code?: unknown; errno?: unknown };
    if (code === '57014' || errno === 1969 || errno === 3024) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
