/**
 * A RequestFn served from memory providers with the real wire shapes of the common API
 * (platform-shell §7): POST common/{table}/list, GET|PUT|DELETE common/{table}/{id},
 * POST common/{table}, DELETE common/{table} {ids}, and GET {dict url} for dictionaries.
 * Bodies and answers go through JSON, as over HTTP, so nothing passes by reference. It records
 * every call, which is how UI tests assert the requests sent. Offline demos can use it too.
 */
import { ResultCode } from '../../../protocol/codes';
import type { ApiResult, RequestFn, RequestOptions } from '../../../protocol/http';
import type { DataProvider, Row } from './provider';

export interface MemoryRequestOptions {
  /** Table name → provider (usually createMemoryProvider). */
  tables: Record<string, DataProvider>;
  /** Dictionary url (without leading slash) → items. */
  dicts?: Record<string, Row[]>;
  /** Per-user preferences (GET/PUT prefs/{key}); pass a Map to share it between renders (a "new browser"). */
  prefs?: Map<string, unknown>;
  /** Called before each call is answered; a returned result replaces the answer (to inject errors). */
  intercept?: (call: RequestOptions) => ApiResult | undefined | Promise<ApiResult | undefined>;
}

export interface MemoryRequest {
  request: RequestFn;
  /** Every call, bodies as sent over the wire (after JSON). */
  calls: RequestOptions[];
}

const binary = (v: unknown) =>
  (typeof Blob !== 'undefined' && v instanceof Blob) || (typeof FormData !== 'undefined' && v instanceof FormData);
/** Through JSON as over HTTP; files and form uploads pass as they are (they are bytes on the wire). */
const wire = <T>(value: T): T => {
  if (value === undefined || binary(value)) return value;
  const v = value as { body?: unknown; data?: unknown };
  if (binary(v.body)) return { ...wire({ ...v, body: undefined }), body: v.body } as T;
  if (binary(v.data)) return { ...wire({ ...v, data: undefined }), data: v.data } as T;
  return JSON.parse(JSON.stringify(value));
};
const notFound = (): ApiResult => ({ code: ResultCode.NOT_FOUND, message: 'Not found', data: null });

async function route(options: MemoryRequestOptions, call: RequestOptions): Promise<ApiResult> {
  const url = call.url.replace(/^\/+/, '').split('?')[0];
  const dict = options.dicts?.[url];
  if (dict && call.method === 'GET') return { code: ResultCode.SUCCESS, message: 'success', data: dict };
  const pref = /^prefs\/([^/]+)$/.exec(url);
  if (pref && options.prefs) {
    const key = decodeURIComponent(pref[1]);
    if (call.method === 'PUT') options.prefs.set(key, (call.body as { value?: unknown })?.value);
    return { code: ResultCode.SUCCESS, message: 'success', data: options.prefs.get(key) ?? null };
  }
  const match = /^common\/([^/]+)(?:\/([^/]+))?$/.exec(url);
  const provider = match && Object.prototype.hasOwnProperty.call(options.tables, match[1]) ? options.tables[match[1]] : undefined;
  if (!match || !provider) return notFound();
  const tail = match[2] === undefined ? undefined : decodeURIComponent(match[2]);
  const body = call.body as any;
  if (tail === 'list' && call.method === 'POST') return provider.list(body ?? {});
  if (tail === undefined && call.method === 'POST') return provider.create(body ?? {});
  if (tail === undefined && call.method === 'DELETE') return provider.removeMany(body?.ids);
  if (tail !== undefined && call.method === 'GET') return provider.get(tail);
  if (tail !== undefined && call.method === 'PUT') return provider.update(tail, body ?? {});
  if (tail !== undefined && call.method === 'DELETE') return provider.remove(tail);
  return notFound();
}

export function createMemoryRequest(options: MemoryRequestOptions): MemoryRequest {
  const calls: RequestOptions[] = [];
  const request = (async (raw: RequestOptions) => {
    const call = wire(raw);
    calls.push(call);
    const injected = await options.intercept?.(call);
    return wire(injected ?? (await route(options, call)));
  }) as RequestFn;
  return { request, calls };
}
