/**
 * What the common API knows about a table it may touch. Only names found here ever reach SQL:
 * the logical name from the URL and every key of a body or query are looked up, never copied.
 */
import type { ColumnType } from '../../runtime/core/registry';
import type { Text } from '../../protocol/page-schema';
import { STANDARD_COLUMNS, uniqueIndexName } from '../db/tables';

export interface ColumnInfo {
  name: string;
  type: ColumnType;
  title?: Text;
  /** Body values for it are accepted (standard columns and read-only columns are not). */
  writable: boolean;
  required?: boolean;
  unique?: boolean;
  maxLength?: number;
  /** Required while this expression holds over the record (a module field's `requiredFn`). */
  requiredFn?: string;
  /** Hidden while this holds: the form drops the field, so it is never required then. */
  hiddenFn?: string;
}

export interface TableInfo {
  /** The name the client uses: `customer`, or `tessera_sys_menu` for a system table. */
  name: string;
  physical: string;
  kind: 'module' | 'system';
  /** Readable columns; secret columns (password_hash, private_key, ...) are simply absent. */
  columns: Map<string, ColumnInfo>;
  /** Keys a body may carry that are not stored (copyId, not_sql_field fields, standard columns). */
  ignoredKeys: Set<string>;
  /** Live-unique index name → column, to name the field of a duplicate-key error. */
  uniqueIndexes: Map<string, string>;
  /** Who may write through the common API. */
  write: 'user' | 'admin' | 'none';
  /** Non-admins see only their own row (the user table). */
  ownRowOnly?: boolean;
  /** A table of stored schemas: writes go through the schema store, never the common API. */
  schemaStore?: boolean;
}

export interface ColumnSpec {
  name: string;
  type: ColumnType;
  title?: Text;
  writable?: boolean;
  required?: boolean;
  unique?: boolean;
  maxLength?: number;
  /** Required while this expression holds over the record (a module field's `requiredFn`). */
  requiredFn?: string;
  /** Hidden while this holds: the form drops the field, so it is never required then. */
  hiddenFn?: string;
}

const STANDARD_TYPES: Record<(typeof STANDARD_COLUMNS)[number], ColumnType> = {
  id: 'string',
  app_id: 'string',
  create_by: 'string',
  create_at: 'long',
  update_by: 'string',
  update_at: 'long',
  is_deleted: 'integer',
};

/** Keys the client may send back with a record that the server sets itself. */
const CLIENT_KEYS = ['copyId'];

export function makeTableInfo(options: {
  name: string;
  physical: string;
  kind: TableInfo['kind'];
  columns: ColumnSpec[];
  virtualKeys?: string[];
  write: TableInfo['write'];
  ownRowOnly?: boolean;
  schemaStore?: boolean;
}): TableInfo {
  const columns = new Map<string, ColumnInfo>();
  for (const name of STANDARD_COLUMNS) columns.set(name, { name, type: STANDARD_TYPES[name], writable: false });
  const uniqueIndexes = new Map<string, string>();
  for (const spec of options.columns) {
    columns.set(spec.name, { ...spec, writable: spec.writable ?? true });
    if (spec.unique) uniqueIndexes.set(uniqueIndexName(options.physical, spec.name), spec.name);
  }
  return {
    name: options.name,
    physical: options.physical,
    kind: options.kind,
    columns,
    ignoredKeys: new Set([...STANDARD_COLUMNS, ...CLIENT_KEYS, ...(options.virtualKeys ?? [])]),
    uniqueIndexes,
    write: options.write,
    ownRowOnly: options.ownRowOnly,
    ...(options.schemaStore ? { schemaStore: true } : {}),
  };
}
