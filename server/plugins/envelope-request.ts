/**
 * The request side of the envelope plugin (envelope.ts): reading its headers, deciding whether an
 * unsealed request must have been sealed, and the opened envelope a verified request carries.
 */
import type { FastifyRequest } from 'fastify';
import { EnvelopeHeaders, authSignInput } from '../../protocol/envelope/constants';
import { Headers as WireHeaders } from '../../protocol/http';
import { encrypt, hmac } from './envelope-crypto';
import { matchedRoute } from './route';

export const MAX_APP_ID_LENGTH = 128;
export const MULTIPART = /^multipart\/form-data/i;

/**
 * request.envelope of a verified request. The key and the token live in private fields behind
 * prototype getters: own enumerable properties are only appId and nonce, so serialising or
 * spreading the request never prints them (and no Object.defineProperty per request).
 */
export class OpenedEnvelope {
  readonly #key: Buffer;
  readonly #token: string | undefined;

  constructor(
    readonly appId: string,
    readonly nonce: string,
    key: Buffer,
    token: string | undefined,
  ) {
    this.#key = key;
    this.#token = token;
  }

  get key(): Buffer {
    return this.#key;
  }

  get token(): string | undefined {
    return this.#token;
  }
}

/** `<encrypt(K, token)>.<hex HMAC-SM3(K, "auth\n" nonce "\n" sealed)>`: a token for a reply's x-sec-auth. */
export function sealToken(key: Buffer, nonce: string, token: string): string {
  const sealed = encrypt(key, token);
  return `${sealed}.${hmac(key, authSignInput(nonce, sealed)).toString('hex')}`;
}

/** Whether any of the four envelope headers came (all four are needed; onRequest says which is missing). */
export function hasEnvelopeHeader(request: FastifyRequest): boolean {
  const headers = request.headers;
  return (
    headers[EnvelopeHeaders.KEY] !== undefined ||
    headers[EnvelopeHeaders.TS] !== undefined ||
    headers[EnvelopeHeaders.NONCE] !== undefined ||
    headers[EnvelopeHeaders.SIGN] !== undefined
  );
}

/**
 * The app whose encrypt flag decides an unsealed request: the one named by x-sec-identity-id when
 * the request carries data (a JSON body or a query string) on a route that does not opt out;
 * undefined when there is nothing to check.
 */
export function appToCheckForSeal(request: FastifyRequest): string | undefined {
  const appId = header(request, WireHeaders.APP_ID);
  if (!appId || appId.length > MAX_APP_ID_LENGTH || matchedRoute(request).config?.envelope === 'optional') {
    return undefined;
  }
  const contentType = request.headers['content-type'];
  const q = request.url.indexOf('?');
  const hasQuery = q >= 0 && q < request.url.length - 1;
  const hasData = contentType !== undefined && !MULTIPART.test(contentType);
  return hasQuery || hasData ? appId : undefined;
}

export function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}
