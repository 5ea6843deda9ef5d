/**
 * ky hooks that put requests in the crypto envelope and take replies out of it (docs/envelope.md).
 * beforeRequest rebuilds the Request with the sealed query/body and the x-sec-* headers;
 * afterResponse verifies and decrypts a JSON reply and hands on a plain Response, so the rest of
 * the client never sees ciphertext. A reply that fails the check rejects with EnvelopeError.
 * The session token never leaves in clear: the `authorization` header the client sets is moved
 * into the sealed x-sec-auth header (uploads too: their body goes as it is, their headers sealed),
 * and a renewed token in a reply's x-sec-auth is verified and handed on as `authorization`.
 */
import type { AfterResponseHook, BeforeRequestHook, Hooks } from 'ky';
import { ClientEnvelope, type SealContext } from '../../protocol/envelope/client';
import { EnvelopeHeaders, PARAMS_FIELD } from '../../protocol/envelope/constants';
import { EnvelopeError } from '../../protocol/envelope/errors';
import { Headers as WireHeaders } from '../../protocol/http';

interface Sealed {
  envelope: ClientEnvelope;
  ctx: SealContext;
}

/**
 * Contexts of requests in flight, by nonce. A Map rather than a WeakMap on the Request: ky clones
 * the Request before fetching, and the nonce header survives the clone. Kept after the reply, since
 * a ky retry hands the sealed request back to beforeRequest; bounded, so old ones fall out.
 */
const MAX_IN_FLIGHT = 1_000;

/** `getEnvelope` answers undefined when the app does not encrypt: requests then pass untouched. */
export function createEnvelopeHooks(getEnvelope: (request: Request) => ClientEnvelope | undefined): Hooks {
  const inFlight = new Map<string, Sealed>();

  const remember = (sealed: Sealed): void => {
    inFlight.set(sealed.ctx.nonce, sealed);
    if (inFlight.size > MAX_IN_FLIGHT) inFlight.delete(inFlight.keys().next().value as string);
  };

  const beforeRequest: BeforeRequestHook = async (request) => {
    const previousNonce = request.headers.get(EnvelopeHeaders.NONCE);
    const previous = previousNonce ? inFlight.get(previousNonce) : undefined;
    if (previousNonce && !previous) return undefined; // sealed by someone else: leave it alone
    const envelope = previous?.envelope ?? getEnvelope(request);
    if (!envelope) return undefined;
    // Only JSON bodies are sealed; uploads (FormData, Blob) keep their body and get sealed headers
    // (the token). The body is read with text() rather than checked through request.body, which
    // some browsers (Firefox) do not expose.
    const type = request.headers.get('content-type');
    const bodyless = request.method === 'GET' || request.method === 'HEAD';
    const text = bodyless || (type && !JSON_TYPE.test(type)) ? '' : await request.clone().text();
    const raw = !bodyless && ((type !== null && !JSON_TYPE.test(type)) || (text !== '' && !type));
    const token = request.headers.get(WireHeaders.AUTHORIZATION) ?? undefined;

    const url = new URL(request.url);
    let query: Record<string, unknown> | undefined;
    let body: unknown;
    if (previous) {
      // A retry of a request sealed here: recover the plaintext and seal it again with a fresh
      // nonce and timestamp, since the server refuses a nonce it has already seen.
      const sealedQuery = url.searchParams.get(PARAMS_FIELD);
      query = sealedQuery ? (envelope.unsealParams(sealedQuery, previous.ctx) as Record<string, unknown>) : undefined;
      body = text && !raw ? envelope.unsealParams(sealedBodyParams(text), previous.ctx) : undefined;
    } else {
      query = queryObject(url.searchParams);
      body = text && !raw ? JSON.parse(text) : undefined;
    }

    const sealed = envelope.seal({ method: request.method, path: url.pathname, body, query, token });
    url.search = sealed.query ? `?${new URLSearchParams(sealed.query).toString()}` : '';
    const headers = new Headers(request.headers);
    headers.delete(WireHeaders.AUTHORIZATION);
    for (const [name, value] of Object.entries(sealed.headers)) headers.set(name, value);
    if (sealed.body) headers.set('content-type', 'application/json');
    else if (!raw) headers.delete('content-type');
    remember({ envelope, ctx: sealed.ctx });
    return new Request(url, {
      method: request.method,
      headers,
      body: raw ? await request.arrayBuffer() : sealed.body ? JSON.stringify(sealed.body) : undefined,
      signal: request.signal,
      credentials: request.credentials,
      cache: request.cache,
      redirect: request.redirect,
      referrerPolicy: request.referrerPolicy,
      integrity: request.integrity,
      keepalive: request.keepalive,
    });
  };

  const afterResponse: AfterResponseHook = async (request, _options, response) => {
    const nonce = request.headers.get(EnvelopeHeaders.NONCE);
    const sealed = nonce ? inFlight.get(nonce) : undefined;
    if (!sealed) return undefined;
    const renewed = sealed.envelope.openToken(response.headers, sealed.ctx);
    if (!mustVerify(response)) {
      if (renewed === undefined) return undefined;
      return new Response(response.body, {
        status: response.status,
        statusText: response.statusText,
        headers: withToken(response.headers, renewed),
      });
    }
    let outer: unknown;
    try {
      outer = JSON.parse(await response.text());
    } catch {
      throw new EnvelopeError('error.hashCheck', 'response body is not JSON');
    }
    const plain = sealed.envelope.openText(response.headers, outer, sealed.ctx, response.status);
    const headers = withToken(response.headers, renewed);
    for (const name of [EnvelopeHeaders.ENCRYPTED, 'content-length', 'content-encoding']) headers.delete(name);
    headers.set('content-type', 'application/json; charset=utf-8');
    return new Response(plain, { status: response.status, statusText: response.statusText, headers });
  };

  return { beforeRequest: [beforeRequest], afterResponse: [afterResponse] };
}

/** The reply's headers with a verified renewal as the plain `authorization` the client reads. */
function withToken(original: Headers, renewed: string | undefined): Headers {
  const headers = new Headers(original);
  headers.delete(EnvelopeHeaders.AUTH);
  if (renewed !== undefined) headers.set(WireHeaders.AUTHORIZATION, renewed);
  return headers;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * Which replies to a sealed request must be sealed: JSON, text and untyped ones. Binary answers
 * (downloads) pass as they are; their integrity is not covered (docs/envelope.md).
 */
function mustVerify(response: Response): boolean {
  if (response.status === 204 || response.status === 205 || response.status === 304) return false;
  const type = response.headers.get('content-type');
  return !type || /json/i.test(type) || /^text\/plain/i.test(type);
}

/** The query string as JSON: a repeated name becomes an array, like the server's parser does. */
function queryObject(params: URLSearchParams): Record<string, unknown> | undefined {
  // No prototype: a parameter named __proto__ must stay a plain key.
  const out = Object.create(null) as Record<string, string | string[]>;
  let count = 0;
  for (const [name, value] of params) {
    const existing = out[name];
    if (existing === undefined) out[name] = value;
    else out[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
    count++;
  }
  return count > 0 ? out : undefined;
}

function sealedBodyParams(text: string): string {
  const parsed = JSON.parse(text) as Record<string, unknown>;
  const params = parsed[PARAMS_FIELD];
  if (typeof params !== 'string') throw new EnvelopeError('error.badEnvelope', 'sealed body has no params');
  return params;
}
