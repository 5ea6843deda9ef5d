/**
 * A DataProvider over rows held in memory: fixtures for tests and demos, and the STATIC kind.
 * It behaves as the server's common API does (DESIGN §4): the server generates id and the audit
 * fields, unique columns answer P5003 "Duplicate entry", unknown ids answer P4004, a bad query
 * answers P4000 and a batch delete is all-or-nothing. It passes the same contract suite as the
 * HTTP provider (contract.ts), which is what lets UI tests run against it.
 */
import { ResultCode } from '../../../protocol/codes';
import type { ApiResult } from '../../../protocol/http';
import type { ListQuery, ListResult } from '../../../protocol/list-query';
import type { DataProvider, Row } from './provider';
import { applyListQuery, QueryError } from './query-engine';

export const AUDIT_KEYS = ['create_by', 'create_at', 'update_by', 'update_at'] as const;

export interface MemoryProviderOptions {
  rows?: readonly Row[];
  idKey?: string;
  /** Columns whose values must be unique among rows (the module's `unique` fields). */
  uniqueKeys?: readonly string[];
  /** Declared columns; when given, queries naming anything else are refused (as the server does). */
  columns?: readonly string[];
  /** Written to create_by / update_by. */
  userId?: string;
  now?: () => number;
  newId?: () => string;
  /** Table name used in duplicate messages, as MySQL names `table.column`. */
  table?: string;
}

export interface MemoryProvider extends DataProvider {
  /** A copy of every stored row, in insertion order. */
  snapshot(): Row[];
}

const ok = <T>(data: T): ApiResult<T> => ({ code: ResultCode.SUCCESS, message: 'success', data });
const fail = (code: string, message: string): ApiResult<any> => ({ code, message, data: null });
const clone = <T>(value: T): T => structuredClone(value);
/**
 * Deep copy of rows, cheap for the common case: rows are flat records of primitives, so each is
 * copied shallowly and only nested values (arrays, objects) go through structuredClone (a full
 * structuredClone of 10k rows was a visible cost).
 */
const cloneRow = (row: Row): Row => {
  const out: Row = {};
  for (const key in row) {
    const v = row[key];
    out[key] = v !== null && typeof v === 'object' ? structuredClone(v) : v;
  }
  return out;
};


export function createMemoryProvider(options: MemoryProviderOptions = {}): MemoryProvider {
  const idKey = options.idKey ?? 'id';
  const now = options.now ?? (() => Date.now());
  let seq = 0;
  const newId = options.newId ?? (() => `m${Date.now().toString(36)}${(++seq).toString(36).padStart(4, '0')}`);
  const columns = options.columns && [...new Set([idKey, ...AUDIT_KEYS, ...options.columns])];
  // Copy on first write: reads only ever hand out copies (the query's fresh rows, clone), so until
  // the provider changes its rows it can read the caller's; a STATIC list of 10k rows then costs no
  // copy before its first paint. The first write takes a private copy, so the caller's rows are
  // never changed.
  let rows: Row[] = (options.rows ?? []) as Row[];
  let ownsRows = !options.rows;
  const writableRows = (): Row[] => {
    if (!ownsRows) {
      rows = rows.map(cloneRow);
      ownsRows = true;
    }
    return rows;
  };
  // Keys the client may not write: the server owns identity and audit columns.
  const protectedKeys = new Set<string>([idKey, 'app_id', 'is_deleted', ...AUDIT_KEYS]);

  const indexOf = (id: string) => rows.findIndex((r) => String(r[idKey]) === String(id));

  function writable(values: Row): Row | string {
    const out: Row = {};
    for (const [k, v] of Object.entries(values ?? {})) {
      if (protectedKeys.has(k) || k === 'copyId') continue;
      if (columns && !columns.includes(k)) return k;
      out[k] = clone(v);
    }
    return out;
  }

  function duplicate(candidate: Row, selfIndex: number): ApiResult<any> | undefined {
    for (const key of options.uniqueKeys ?? []) {
      const value = candidate[key];
      if (value === undefined || value === null || value === '') continue;
      if (rows.some((r, i) => i !== selfIndex && String(r[key]) === String(value))) {
        const name = options.table ? `${options.table}.${key}` : key;
        return fail(ResultCode.DATA_ERROR, `Duplicate entry '${String(value)}' for key '${name}'`);
      }
    }
    return undefined;
  }

  function listNow(query: ListQuery & { extraParams?: Record<string, unknown> }): ApiResult<ListResult> {
    try {
      // applyListQuery hands back fresh rows with their own nested values: nothing more to copy.
      return ok(applyListQuery(rows, query ?? {}, { idKey, columns }));
    } catch (error) {
      if (error instanceof QueryError) return fail(ResultCode.BAD_REQUEST, error.message);
      throw error;
    }
  }

  return {
    listNow,
    async list(query) {
      return listNow(query);
    },
    async get(id) {
      const i = indexOf(id);
      return i < 0 ? fail(ResultCode.NOT_FOUND, 'Not found') : ok(clone(rows[i]));
    },
    async create(values) {
      const data = writable(values);
      if (typeof data === 'string') return fail(ResultCode.BAD_REQUEST, `Unknown column ${data}`);
      const at = now();
      const row: Row = { ...data, [idKey]: newId(), create_at: at, update_at: at };
      if (options.userId) Object.assign(row, { create_by: options.userId, update_by: options.userId });
      const dup = duplicate(row, -1);
      if (dup) return dup;
      writableRows().push(row);
      return ok(clone(row));
    },
    async update(id, values) {
      const i = indexOf(id);
      if (i < 0) return fail(ResultCode.NOT_FOUND, 'Not found');
      // The updated row keeps the old one's nested values: take them from the provider's own copy.
      writableRows();
      const data = writable(values);
      if (typeof data === 'string') return fail(ResultCode.BAD_REQUEST, `Unknown column ${data}`);
      const row: Row = { ...rows[i], ...data, update_at: Math.max(now(), Number(rows[i].update_at ?? 0) + 1) };
      if (options.userId) row.update_by = options.userId;
      const dup = duplicate(row, i);
      if (dup) return dup;
      writableRows()[i] = row;
      return ok(clone(row));
    },
    async remove(id) {
      const i = indexOf(id);
      if (i < 0) return fail(ResultCode.NOT_FOUND, 'Not found');
      writableRows().splice(i, 1);
      return ok(null);
    },
    async removeMany(ids) {
      if (!Array.isArray(ids) || ids.length === 0) return fail(ResultCode.BAD_REQUEST, 'ids must be a non-empty array');
      // All or nothing (DESIGN §6): check every id before deleting any.
      if (ids.some((id) => indexOf(id) < 0)) return fail(ResultCode.NOT_FOUND, 'Not found');
      const doomed = new Set(ids.map(String));
      const own = writableRows();
      for (let i = own.length - 1; i >= 0; i--) if (doomed.has(String(own[i][idKey]))) own.splice(i, 1);
      return ok(null);
    },
    snapshot: () => rows.map((r) => clone(r)),
  };
}
