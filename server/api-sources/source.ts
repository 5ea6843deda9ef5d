/**
 * A REST data source as stored and as shown. What a route schema cannot say about a body is
 * checked here: JSON texts are objects of plain values, header names are not ones the server sets,
 * auth has the name and secret its type needs, paths are dotted names. The browser's view
 * (`publicView`) carries the secret only as `auth_secret_set` and `auth_secret_mask`.
 */
import { badRequest } from '../errors';
import { maskSealed, type SecretBox } from '../secrets/secrets';

export const AUTH_TYPES = ['none', 'bearer', 'basic', 'apiKey'] as const;
export type AuthType = (typeof AUTH_TYPES)[number];
export const METHODS = ['GET', 'POST', 'PUT'] as const;
export const NAME_PATTERN = '^[A-Za-z][A-Za-z0-9_-]{0,63}$';
/** Dotted field names or indexes: data.list, result.items.0 (empty: the answer itself). */
export const PATH_PATTERN = '^([A-Za-z0-9_$-]{1,64}(\\.[A-Za-z0-9_$-]{1,64}){0,15})?$';
export const DEFAULT_TIMEOUT_MS = 10_000;

export interface SourceRow {
  id: string;
  app_id: string;
  name: string;
  title: string;
  base_url: string;
  method: string;
  headers: string | null;
  query_template: string | null;
  body_template: string | null;
  auth_type: string;
  auth_name: string | null;
  auth_in: string | null;
  auth_secret: string | null;
  rows_path: string | null;
  total_path: string | null;
  timeout_ms: number;
  shared: number;
  remark: string | null;
  create_at: number;
  update_at: number;
}

/** The fields a body may set (create: all that are required; update: any). */
export interface SourceInput {
  name?: string;
  title?: string;
  base_url?: string;
  method?: string;
  headers?: string | null;
  query_template?: string | null;
  body_template?: string | null;
  auth_type?: AuthType;
  auth_name?: string | null;
  auth_in?: string | null;
  /** Absent or empty on update: keep the stored secret. */
  auth_secret?: string | null;
  rows_path?: string | null;
  total_path?: string | null;
  timeout_ms?: number;
  shared?: number;
  remark?: string | null;
}

/** Headers the server decides (framing, routing, credentials go through auth). */
const RESERVED_HEADERS = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'proxy-authorization',
  'proxy-connection',
  'expect',
]);
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,128}$/;

export const secretContext = (id: string) => `api_source:${id}:auth_secret`;

/** A JSON text that must hold an object whose values are text, numbers or booleans. */
export function plainObject(field: string, text: string | null | undefined): Record<string, string | number | boolean> {
  if (text === null || text === undefined || text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('apiSource.jsonObject', { field });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw badRequest('apiSource.jsonObject', { field });
  for (const [key, item] of Object.entries(value)) {
    if (!['string', 'number', 'boolean'].includes(typeof item))
      throw badRequest('apiSource.templateValue', { field, key: key.slice(0, 64) });
  }
  return value as Record<string, string | number | boolean>;
}

/** A body template: any JSON (objects, lists, values); placeholders are filled at call time. */
function jsonText(field: string, text: string | null | undefined): void {
  if (text === null || text === undefined || text.trim() === '') return;
  try {
    JSON.parse(text);
  } catch {
    throw badRequest('apiSource.jsonObject', { field });
  }
}

export function checkHeaders(text: string | null | undefined): Record<string, string> {
  const headers = plainObject('headers', text);
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name) || RESERVED_HEADERS.has(name.toLowerCase()))
      throw badRequest('apiSource.headerInvalid', { name: name.slice(0, 64) });
    const line = String(value);
    if (/[\r\n\0]/.test(line)) throw badRequest('apiSource.headerValue', { name });
    out[name] = line;
  }
  return out;
}

/** Checks a merged (stored + changed) source; throws the first problem with its message key. */
export function checkSource(source: SourceInput & { auth_secret_stored?: boolean }): void {
  checkHeaders(source.headers);
  plainObject('query_template', source.query_template);
  jsonText('body_template', source.body_template);
  const type = source.auth_type ?? 'none';
  if ((type === 'basic' || type === 'apiKey') && !source.auth_name?.trim())
    throw badRequest('apiSource.authNameRequired', { type });
  if (type === 'apiKey' && !HEADER_NAME.test(source.auth_name!.trim()))
    throw badRequest('apiSource.headerInvalid', { name: source.auth_name!.slice(0, 64) });
  if (type !== 'none' && !source.auth_secret && !source.auth_secret_stored)
    throw badRequest('apiSource.secretRequired', { type });
}

/** The row as a browser may see it: the secret replaced by whether it is set and its mask. */
export function publicView(row: SourceRow, box: SecretBox): Record<string, unknown> {
  const { auth_secret: sealed, app_id: _app, ...rest } = row;
  const mask = maskSealed(box, sealed, secretContext(row.id));
  return {
    ...rest,
    timeout_ms: Number(row.timeout_ms),
    shared: Number(row.shared),
    create_at: Number(row.create_at),
    update_at: Number(row.update_at),
    // Empty in the edit form: leaving it empty keeps the stored secret.
    auth_secret: '',
    auth_secret_set: mask.set ? 1 : 0,
    auth_secret_mask: mask.mask,
  };
}
