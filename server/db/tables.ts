/**
 * Names of the system tables. Physical names carry the configured prefix (TABLE_PREFIX, default
 * tessera_sys_) so they never collide with module tables (m_<app>_<table>) or a shared schema.
 */
import { createHash } from 'node:crypto';

export const SYSTEM_TABLES = [
  'app',
  'user',
  'role',
  'menu',
  'dept',
  'dict',
  'dict_type',
  'module',
  'module_version',
  'dashboard',
  'session',
  'captcha',
  'login_attempt',
  'audit_log',
  'signin_log',
] as const;
export type SystemTable = (typeof SYSTEM_TABLES)[number];

export type TableNames = Record<SystemTable, string>;

export function tableNames(prefix: string): TableNames {
  return Object.fromEntries(SYSTEM_TABLES.map((name) => [name, `${prefix}${name}`])) as TableNames;
}

/** Columns every record table has; never taken from a request body. */
export const STANDARD_COLUMNS = [
  'id',
  'app_id',
  'create_by',
  'create_at',
  'update_by',
  'update_at',
  'is_deleted',
] as const;

/**
 * Name of the live-rows unique index of `table.field`. The hash keeps it unique per database
 * (PostgreSQL and SQLite index names are not per table) and short (identifier limit 63).
 */
export function uniqueIndexName(table: string, field: string): string {
  const hash = createHash('sha1').update(`${table}.${field}`).digest('hex').slice(0, 8);
  return `uq_${hash}_${field.slice(0, 40)}`;
}

/** Audit values of a new row. */
export function insertAudit(userId: string | null, now: number) {
  return { create_by: userId, create_at: now, update_by: userId, update_at: now, is_deleted: 0 };
}
