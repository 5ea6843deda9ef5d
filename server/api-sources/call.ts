/**
 * One call of a REST data source: the templates filled with the caller's values, the secret added
 * for its auth type, the request made through the SSRF guard (server/net), the answer read as JSON
 * and mapped to rows and a total. Templates are JSON whose string values may hold `{{name}}`
 * placeholders: a string that is exactly one placeholder takes the value as it is (a number stays a
 * number), a longer string has the value's text put in; values are never parsed as JSON, so a
 * value cannot add keys or change the request's shape.
 */
import { guardedFetch, OUTBOUND_DEFAULTS, type OutboundPolicy, type OutboundResponse } from '../net/outbound';
import { badRequest } from '../errors';
import { checkHeaders, plainObject, type SourceRow } from './source';

export type Vars = Record<string, string | number | boolean>;

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]{1,64})\s*\}\}/g;
const WHOLE = /^\{\{\s*([A-Za-z0-9_]{1,64})\s*\}\}$/;

function fillValue(value: unknown, vars: Vars): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value);
    if (whole) return vars[whole[1]!];
    return value.replace(PLACEHOLDER, (_, name: string) => String(vars[name] ?? ''));
  }
  if (Array.isArray(value)) return value.map((item) => fillValue(item, vars));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillValue(v, vars)]));
  return value;
}

/** The query: the template filled (keys whose placeholder has no value are left out), or, with no
 * template, the caller's values as they are. */
export function queryOf(source: Pick<SourceRow, 'query_template'>, vars: Vars): Record<string, string> {
  const template = plainObject('query_template', source.query_template);
  const out: Record<string, string> = {};
  if (Object.keys(template).length === 0) {
    for (const [key, value] of Object.entries(vars)) out[key] = String(value);
    return out;
  }
  for (const [key, raw] of Object.entries(template)) {
    const value = fillValue(raw, vars);
    if (value !== undefined && value !== '') out[key] = String(value);
  }
  return out;
}

export interface PreparedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** Texts that must never be shown: the secret and what carries it. */
  secrets: string[];
  /** The API key's header, dropped with authorization when a redirect leaves the origin. */
  credentialHeaders: string[];
}

export function prepareCall(source: SourceRow, secret: string | null, vars: Vars): PreparedCall {
  const url = new URL(source.base_url);
  for (const [key, value] of Object.entries(queryOf(source, vars))) url.searchParams.set(key, value);
  const headers: Record<string, string> = { accept: 'application/json', ...checkHeaders(source.headers) };
  const secrets: string[] = [];
  const credentialHeaders: string[] = [];
  if (secret) {
    secrets.push(secret, encodeURIComponent(secret));
    if (source.auth_type === 'bearer') headers.authorization = `Bearer ${secret}`;
    else if (source.auth_type === 'basic') {
      const token = Buffer.from(`${source.auth_name ?? ''}:${secret}`).toString('base64');
      secrets.push(token);
      headers.authorization = `Basic ${token}`;
    } else if (source.auth_type === 'apiKey') {
      if (source.auth_in === 'query') url.searchParams.set(source.auth_name!, secret);
      else {
        headers[source.auth_name!] = secret;
        credentialHeaders.push(source.auth_name!);
      }
    }
  }
  let body: string | undefined;
  if (source.method !== 'GET') {
    const text = source.body_template?.trim();
    body = JSON.stringify(text ? fillValue(JSON.parse(text), vars) : vars);
    headers['content-type'] = 'application/json';
  }
  return { url: url.href, method: source.method, headers, body, secrets, credentialHeaders };
}

/** Replaces every secret-bearing text with •••• (a test call shows the URL and an answer sample). */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 3) out = out.split(secret).join('••••');
  return out;
}

/** The value at a dotted path (`data.list`, `items.0`); the whole value for an empty path. */
export function pick(value: unknown, path: string | null | undefined): unknown {
  if (!path) return value;
  let current: unknown = value;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, part)) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

export interface Mapped {
  rows: Record<string, unknown>[];
  /** The upstream's total, when the source maps one. */
  total?: number;
}

export function mapAnswer(source: Pick<SourceRow, 'rows_path' | 'total_path'>, json: unknown): Mapped {
  const rows = pick(json, source.rows_path);
  if (!Array.isArray(rows)) throw badRequest('apiSource.rowsNotList', { path: source.rows_path || '(root)' });
  const objects = rows.map((row) => (row && typeof row === 'object' && !Array.isArray(row) ? row : { value: row }));
  if (!source.total_path) return { rows: objects as Record<string, unknown>[] };
  const total = Number(pick(json, source.total_path));
  if (!Number.isFinite(total)) throw badRequest('apiSource.totalNotNumber', { path: source.total_path });
  return { rows: objects as Record<string, unknown>[], total };
}

export interface CallResult {
  response: OutboundResponse;
  ms: number;
  prepared: PreparedCall;
}

export async function callSource(
  source: SourceRow,
  secret: string | null,
  vars: Vars,
  policy: OutboundPolicy,
  now: () => number = Date.now,
): Promise<CallResult> {
  const prepared = prepareCall(source, secret, vars);
  const started = now();
  const response = await guardedFetch(
    prepared.url,
    {
      method: prepared.method,
      headers: prepared.headers,
      body: prepared.body,
      credentialHeaders: prepared.credentialHeaders,
    },
    { ...policy, timeoutMs: Number(source.timeout_ms) || OUTBOUND_DEFAULTS.timeoutMs },
  );
  return { response, ms: Math.max(0, now() - started), prepared };
}

/** The answer as JSON, or a clear refusal naming the status. */
export function jsonOf(response: OutboundResponse): unknown {
  try {
    return JSON.parse(response.body.toString('utf8'));
  } catch {
    throw badRequest('apiSource.notJson', { status: response.status });
  }
}
