/**
 * Small pieces shared by the HTTP providers: URL joining, and reading a list answer in either of
 * the two shapes the spec allows (building-blocks §7: data is {list, total}, or an array with
 * total at the top level).
 */
import type { ApiResult, RequestOptions } from '../../../protocol/http';
import type { ListResult } from '../../../protocol/list-query';
import type { Row } from './provider';

/** `common/customer` + `42` → `common/customer/42`; the API base has no trailing slash to double. */
export function joinUrl(base: string, ...parts: (string | number)[]): string {
  const head = base.replace(/^\/+/, '').replace(/\/+$/, '');
  // Ids come from rows (data): encode so an id can never add path segments or a query string.
  return [head, ...parts.map((p) => encodeURIComponent(String(p)))].join('/');
}

export function normalizeList(result: ApiResult<unknown>): ApiResult<ListResult> {
  const data = result.data as unknown;
  let list: Row[] = [];
  let total = 0;
  if (Array.isArray(data)) {
    list = data as Row[];
    total = typeof result.total === 'number' ? result.total : list.length;
  } else if (data && typeof data === 'object' && Array.isArray((data as ListResult).list)) {
    list = (data as ListResult).list;
    const t = Number((data as ListResult).total);
    total = Number.isFinite(t) ? t : list.length;
  }
  return { code: result.code, message: result.message, data: { list, total } };
}

type QueryValue = NonNullable<RequestOptions['query']>[string];

/** Flattens values for a query string: arrays become comma lists (the stored multi-value form). */
export function toQueryValue(value: unknown): QueryValue {
  if (value === null || value === undefined || value === '') return undefined;
  if (Array.isArray(value)) return value.length ? value.map(String).join(',') : undefined;
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return String(value);
}

export function toQuery(values: Record<string, unknown> | undefined): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = {};
  for (const [k, v] of Object.entries(values ?? {})) {
    const q = toQueryValue(v);
    if (q !== undefined) out[k] = q;
  }
  return out;
}
