/**
 * guardedFetch: every HTTP call the server makes on a user's behalf (REST data sources now; AI
 * providers and scheduled tasks later) goes through here, so that a configured URL cannot reach
 * the server's own network (SSRF). For each hop:
 *   1. only http: and https: URLs;
 *   2. the host is resolved (all its addresses) and every address is checked (addresses.ts) —
 *      one private address among public ones refuses the call;
 *   3. the connection is made to the address that was checked: undici's Agent gets a `lookup`
 *      that answers only that address, so a second DNS answer (rebinding) is never asked for;
 *      TLS still verifies the certificate against the host name;
 *   4. redirects are followed by hand (at most `maxRedirects`), each new URL checked from step 1;
 *      credentials (authorization, cookie, the caller's credentialHeaders) are dropped when a
 *      redirect leaves the origin.
 * One deadline (`timeoutMs`, default 10 s) covers all hops and the body; the body is read up to
 * `maxBytes` (default 5 MB) and the call fails past it rather than buffering more.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, request } from 'undici';
import { catalog } from '../../protocol/messages';
import { ResultCode } from '../../protocol/codes';
import { ApiError } from '../errors';
import {
  addressAllowed,
  EMPTY_ALLOW_LIST,
  hostAllowed,
  parseAllowList,
  refusedRange,
  type AllowList,
} from './addresses';

export const OUTBOUND_DEFAULTS = { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 5 } as const;

export interface ResolvedAddress {
  address: string;
  family: number;
}

export interface OutboundPolicy {
  /** Intranet exceptions (OUTBOUND_ALLOW_LIST); empty refuses every non-public address. */
  allow?: AllowList;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Resolves a host name to all its addresses; tests inject one (default: dns.lookup all). */
  lookup?: (host: string) => Promise<ResolvedAddress[]>;
}

export interface OutboundOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /**
   * Headers that carry a credential besides authorization and cookie (an API key header): dropped,
   * like those, when a redirect leaves the origin.
   */
  credentialHeaders?: readonly string[];
}

export interface OutboundResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** The URL that answered (after redirects). */
  url: string;
  redirects: number;
}

/** Why a call was refused or failed; `reason` lets callers branch without reading the message. */
export type OutboundReason = 'url' | 'scheme' | 'address' | 'dns' | 'redirects' | 'timeout' | 'tooLarge' | 'failed';

export class OutboundError extends ApiError {
  constructor(
    readonly reason: OutboundReason,
    key: string,
    vars: Record<string, unknown> = {},
  ) {
    super(ResultCode.BAD_REQUEST, key, vars);
    this.name = 'OutboundError';
  }
}

/** The server's policy: its allow-list (OUTBOUND_ALLOW_LIST) and the default limits. */
export function policyFromConfig(config: { outboundAllowList?: string }): OutboundPolicy {
  return { allow: parseAllowList(config.outboundAllowList) };
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

async function systemLookup(host: string): Promise<ResolvedAddress[]> {
  return dnsLookup(host, { all: true, verbatim: true });
}

function humanBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}

export function parseUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutboundError('url', 'net.urlInvalid', { url: text.slice(0, 200) });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundError('scheme', 'net.schemeRefused', { scheme: url.protocol.replace(/:$/, '').slice(0, 20) });
  return url;
}

/** Resolves and checks the URL's host; answers the one address the connection must use. */
export async function checkedAddress(url: URL, policy: OutboundPolicy): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const allow = policy.allow ?? EMPTY_ALLOW_LIST;
  let addresses: ResolvedAddress[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await (policy.lookup ?? systemLookup)(host);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) throw new OutboundError('dns', 'net.dnsFailed', { host });
  }
  const hostOk = !isIP(host) && hostAllowed(allow, host);
  for (const { address } of addresses) {
    const range = refusedRange(address);
    if (range && !hostOk && !addressAllowed(allow, address))
      throw new OutboundError('address', isIP(host) ? 'net.addressRefusedIp' : 'net.addressRefused', {
        host,
        address,
        range: catalog[`net.range.${range}`],
      });
  }
  return addresses[0]!;
}

/**
 * Checks a URL as a call to it would (scheme, every address of its host) without calling it: a
 * form can refuse a configured address on save instead of on first use.
 */
export async function checkTarget(target: string, policy: OutboundPolicy = {}): Promise<URL> {
  const url = parseUrl(target);
  await checkedAddress(url, policy);
  return url;
}

/** A lookup that answers only the checked address, whatever name the socket asks for. */
export function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  }) as unknown as LookupFunction;
}

async function readCapped(body: AsyncIterable<Buffer>, maxBytes: number, abort: () => void): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) {
      abort();
      throw new OutboundError('tooLarge', 'net.tooLarge', { max: humanBytes(maxBytes) });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function headersOf(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) if (value !== undefined) out[key] = [value].flat().join(', ');
  return out;
}

export async function guardedFetch(
  target: string,
  options: OutboundOptions = {},
  policy: OutboundPolicy = {},
): Promise<OutboundResponse> {
  const timeoutMs = policy.timeoutMs ?? OUTBOUND_DEFAULTS.timeoutMs;
  const maxBytes = policy.maxBytes ?? OUTBOUND_DEFAULTS.maxBytes;
  const maxRedirects = policy.maxRedirects ?? OUTBOUND_DEFAULTS.maxRedirects;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let url = parseUrl(target);
  let method = (options.method ?? 'GET').toUpperCase();
  let body = options.body;
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(options.headers ?? {})) headers[key.toLowerCase()] = value;
  try {
    for (let hop = 0; ; hop += 1) {
      const pinned = await checkedAddress(url, policy);
      if (controller.signal.aborted) throw new OutboundError('timeout', 'net.timeout', { ms: timeoutMs });
      const agent = new Agent({ connect: { lookup: pinnedLookup(pinned) }, pipelining: 0 });
      try {
        const answer = await request(url, {
          method: method as 'GET',
          headers,
          body: body ?? null,
          dispatcher: agent,
          signal: controller.signal,
        });
        const location = answer.headers.location;
        if (REDIRECTS.has(answer.statusCode) && location !== undefined) {
          await answer.body.dump().catch(() => undefined);
          if (hop >= maxRedirects) throw new OutboundError('redirects', 'net.tooManyRedirects', { max: maxRedirects });
          let next: URL;
          try {
            next = new URL([location].flat()[0]!, url);
          } catch {
            throw new OutboundError('url', 'net.redirectInvalid');
          }
          next = parseUrl(next.href);
          if (next.origin !== url.origin)
            for (const name of [...CREDENTIAL_HEADERS, ...(options.credentialHeaders ?? [])])
              delete headers[name.toLowerCase()];
          // 303, and 301/302 after a POST (what browsers do): the next request is a body-less GET.
          if (
            answer.statusCode === 303 ||
            ((answer.statusCode === 301 || answer.statusCode === 302) && method === 'POST')
          ) {
            method = 'GET';
            body = undefined;
            delete headers['content-type'];
            delete headers['content-length'];
          }
          url = next;
          continue;
        }
        const declared = Number(answer.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes) {
          answer.body.destroy();
          throw new OutboundError('tooLarge', 'net.tooLarge', { max: humanBytes(maxBytes) });
        }
        const bytes = await readCapped(answer.body, maxBytes, () => answer.body.destroy());
        return {
          status: answer.statusCode,
          headers: headersOf(answer.headers),
          body: bytes,
          url: url.href,
          redirects: hop,
        };
      } finally {
        void agent.destroy().catch(() => undefined);
      }
    }
  } catch (error) {
    if (error instanceof OutboundError) throw error;
    if (controller.signal.aborted) throw new OutboundError('timeout', 'net.timeout', { ms: timeoutMs });
    const reason = (error as { code?: string; message?: string }).code ?? (error as Error).message ?? 'error';
    throw new OutboundError('failed', 'net.failed', { reason: String(reason).slice(0, 120) });
  } finally {
    clearTimeout(timer);
  }
}
