/**
 * Server side of the crypto envelope (DESIGN §5, docs/envelope.md). Sealed requests are checked in
 * two steps: onRequest checks the headers, the timestamp and unwraps the content key (so a reply
 * made by any later hook is sealed too); preValidation checks the signature over the params,
 * refuses replays, decrypts and puts the plaintext in request.body / request.query before schema
 * validation. Every failure is the same 400 P4000 answer and the handler never runs.
 * SM4 and HMAC-SM3 use node:crypto (native, envelope-crypto.ts); only the SM2 unwrap uses
 * sm-crypto-v2, once per key. Sealed JSON bodies are read by a fast path of the JSON body parser
 * (the outer `{"params":"..."}` is not run through JSON.parse); every other body is parsed by
 * Fastify's own JSON parser with the server's prototype-poisoning settings, as before.
 */
import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { DoneFuncWithErrOrRes, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { sm2 } from 'sm-crypto-v2';
import { ResultCode } from '../../protocol/codes';
import { Headers as WireHeaders } from '../../protocol/http';
import { translate } from '../../protocol/messages/index';
import {
  CONTENT_KEY_BYTES,
  DEFAULT_CLOCK_SKEW_MS,
  DEFAULT_MAX_PARAMS_BYTES,
  EnvelopeHeaders,
  NONCE_BYTES,
  PARAMS_FIELD,
  SIGN_HEX_LENGTH,
  SM2_CIPHER_MODE,
  WRAPPED_KEY_HEX_LENGTH,
  requestSignInput,
  responseSignInput,
} from '../../protocol/envelope/constants';
import { Lru } from '../../protocol/envelope/lru';
import { MemoryReplayStore, type ReplayStore } from '../../protocol/envelope/replay-cache';
import { matchedRoute } from '../access/route';
import { rememberBodyText } from './body-text';
import { ContentKey, Rejection, decrypt, encrypt, hmac, reject, sealedBodyParams } from './envelope-crypto';

export interface AppKeys {
  /** SM2 private key, hex (sm2.generateKeyPairHex()). */
  privateKey: string;
  /** The app requires sealed requests (see docs/envelope.md, "Unsealed requests"). */
  encrypt: boolean;
}

export interface EnvelopeOptions {
  /** Keys of an app by id; undefined for an unknown app. Called per request: cache it. */
  getAppKeys(appId: string): Promise<AppKeys | undefined>;
  /** Largest params string accepted (body and query each), in base64 characters. */
  maxParamsBytes?: number;
  /** Accepted distance between x-sec-ts and the server clock. */
  clockSkewMs?: number;
  /** Unwrapped content keys kept (one per client key, ~150 bytes each). */
  keyCacheSize?: number;
  /** Nonce store; the default is per process (several instances need a shared one). */
  replayStore?: ReplayStore;
  /** Clock, for tests. */
  now?: () => number;
}

/** Set on a request whose envelope was verified and opened. */
export interface RequestEnvelope {
  appId: string;
  /** The SM4 content key. Non-enumerable so that serialising the request never prints it. */
  readonly key: Buffer;
}

/** Counters for metrics and tests: unwraps should stay near the number of client keys. */
export interface EnvelopeStats {
  /** SM2 decryptions run (cache misses). */
  keyUnwraps: number;
  /** Requests refused with the uniform 400. */
  rejected: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    envelope: RequestEnvelope | undefined;
  }
  interface FastifyInstance {
    envelopeStats: EnvelopeStats;
  }
  interface FastifyContextConfig {
    /** 'optional': the route accepts unsealed requests even for an app that requires sealing. */
    envelope?: 'optional';
  }
}

/** True when the request came sealed and was verified (its reply will be sealed). */
export function isSealed(request: FastifyRequest): boolean {
  return request.envelope !== undefined;
}

/** A request whose headers passed; verified once the params signature and nonce check out. */
interface Pending {
  appId: string;
  key: ContentKey;
  ts: number;
  nonce: string;
  sign: string;
}

const HEX = /^[0-9a-f]+$/i;
const TS = /^\d{1,15}$/;
const MAX_APP_ID_LENGTH = 128;
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

const envelopePlugin: FastifyPluginAsync<EnvelopeOptions> = async (fastify, options) => {
  const maxParams = options.maxParamsBytes ?? DEFAULT_MAX_PARAMS_BYTES;
  const skew = options.clockSkewMs ?? DEFAULT_CLOCK_SKEW_MS;
  const now = options.now ?? Date.now;
  const replay = options.replayStore ?? new MemoryReplayStore({ windowMs: skew });
  // Keyed by app and wrapped key; the entry remembers the private key it was unwrapped with, so a
  // rotated app key never reuses old entries. ~0.5 KB per entry, ~2 KB once its key has decrypted
  // a message (the cached SM4-ECB context, envelope-crypto.ts).
  const keys = new Lru<string, { privateKey: string; key: ContentKey }>(options.keyCacheSize ?? 10_000);
  // Failed unwraps are remembered apart, so junk keys cannot push good ones out of `keys`.
  const badKeys = new Lru<string, string>(1_000);
  const pending = new WeakMap<FastifyRequest, Pending>();
  const stats: EnvelopeStats = { keyUnwraps: 0, rejected: 0 };

  function unwrap(appId: string, privateKey: string, wrapped: string): ContentKey | undefined {
    const id = `${appId}\0${wrapped}`;
    const hit = keys.get(id);
    if (hit?.privateKey === privateKey) return hit.key;
    if (badKeys.get(id) === privateKey) return undefined;
    let key: ContentKey | undefined;
    stats.keyUnwraps++;
    try {
      const out = sm2.doDecrypt(wrapped, privateKey, SM2_CIPHER_MODE, { output: 'array' });
      if (out.length === CONTENT_KEY_BYTES) key = new ContentKey(Buffer.from(out));
    } catch {
      key = undefined; // not a curve point, bad C3 hash, ...: same answer as any other failure
    }
    if (key) keys.set(id, { privateKey, key });
    else badKeys.set(id, privateKey);
    return key;
  }

  function fail(request: FastifyRequest, reply: FastifyReply, reason: string): FastifyReply {
    pending.delete(request);
    request.envelope = undefined;
    stats.rejected++;
    // The reason helps operators; keys, headers and params are never logged.
    request.log.info({ envelopeRejected: reason }, 'envelope rejected');
    const lang = request.headers[WireHeaders.LANG] === 'en' ? 'en' : 'zh';
    return reply
      .code(400)
      .type('application/json; charset=utf-8')
      .send({ code: ResultCode.BAD_REQUEST, message: translate(lang, 'error.badEnvelope'), data: null });
  }

  async function onRequest(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    const wrapped = header(request, EnvelopeHeaders.KEY);
    const ts = header(request, EnvelopeHeaders.TS);
    const nonce = header(request, EnvelopeHeaders.NONCE);
    const sign = header(request, EnvelopeHeaders.SIGN);
    const given = [wrapped, ts, nonce, sign].filter((v) => v !== undefined).length;
    try {
      if (given === 0) {
        await requireSealIfConfigured(request);
        return undefined;
      }
      if (given < 4 || wrapped === undefined || ts === undefined || nonce === undefined || sign === undefined) {
        return reject('missing header');
      }
      if (wrapped.length !== WRAPPED_KEY_HEX_LENGTH || !HEX.test(wrapped)) reject('key format');
      if (nonce.length !== 2 * NONCE_BYTES || !HEX.test(nonce)) reject('nonce format');
      if (sign.length !== SIGN_HEX_LENGTH || !HEX.test(sign)) reject('sign format');
      if (!TS.test(ts) || Math.abs(now() - Number(ts)) > skew) reject('stale timestamp');
      const appId = header(request, WireHeaders.APP_ID);
      if (!appId || appId.length > MAX_APP_ID_LENGTH) return reject('no app id');
      const app = await options.getAppKeys(appId);
      if (!app) return reject('unknown app');
      const key = unwrap(appId, app.privateKey, wrapped.toLowerCase());
      if (!key) return reject('key does not unwrap');
      pending.set(request, { appId, key, ts: Number(ts), nonce: nonce.toLowerCase(), sign: sign.toLowerCase() });
      return undefined;
    } catch (error) {
      if (error instanceof Rejection) return fail(request, reply, error.message);
      throw error;
    }
  }

  /** An app with encrypt on refuses unsealed data (JSON bodies, query strings) unless the route opts out. */
  async function requireSealIfConfigured(request: FastifyRequest): Promise<void> {
    const appId = appToCheckForSeal(request);
    if (appId === undefined) return;
    const app = await options.getAppKeys(appId);
    if (app?.encrypt) reject('app requires sealed requests');
  }

  /*
   * The hooks as Fastify calls them. Most requests are plain (no envelope header) and most
   * replies are not sealed: those pass synchronously through `done`, without the promise and the
   * extra turn an async hook costs on every request; the rest return the async check's promise.
   */
  function onRequestHook(request: FastifyRequest, reply: FastifyReply, done: DoneFuncWithErrOrRes) {
    if (!hasEnvelopeHeader(request) && appToCheckForSeal(request) === undefined) return done();
    return onRequest(request, reply);
  }

  function preValidationHook(request: FastifyRequest, reply: FastifyReply, done: DoneFuncWithErrOrRes) {
    if (!pending.has(request) || request.envelope) return done();
    return preValidation(request, reply);
  }

  function onSendHook(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: Error | null, payload?: unknown) => void,
  ): void {
    done(null, seal(request, reply, payload));
  }

  async function preValidation(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    const p = pending.get(request);
    if (!p || request.envelope) return undefined;
    try {
      const queryParams = paramsOf(request.query, 'query');
      const bodyParams = paramsOf(request.body, 'body');
      if (bodyParams && !JSON_TYPE.test(String(request.headers['content-type'] ?? ''))) reject('body type');
      if ((queryParams?.length ?? 0) > maxParams || (bodyParams?.length ?? 0) > maxParams) reject('params too large');
      const expected = hmac(
        p.key.key,
        requestSignInput({
          method: request.method,
          path: pathOf(request.url),
          ts: String(p.ts),
          nonce: p.nonce,
          queryParams: queryParams ?? '',
          bodyParams: bodyParams ?? '',
        }),
      );
      // Encrypt-then-MAC: nothing is decrypted before the signature is known to be good.
      if (!timingSafeEqual(expected, Buffer.from(p.sign, 'hex'))) reject('bad signature');
      if (!(await replay.checkAndRemember(p.nonce, p.ts, now()))) reject('replayed nonce');
      const query = queryParams ? queryValue(parseJson(decrypt(p.key, queryParams))) : {};
      const plaintext = bodyParams ? decrypt(p.key, bodyParams) : undefined;
      const body = plaintext === undefined ? undefined : bodyValue(parseJson(plaintext));
      request.query = query;
      request.body = body;
      if (plaintext !== undefined) rememberBodyText(request, plaintext, body);
      const envelope = { appId: p.appId } as RequestEnvelope;
      Object.defineProperty(envelope, 'key', { value: p.key.key, enumerable: false });
      request.envelope = envelope;
      return undefined;
    } catch (error) {
      if (error instanceof Rejection) return fail(request, reply, error.message);
      throw error;
    }
  }

  /** The reply of a sealed request, sealed; any other reply as it is. */
  function seal(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
    const p = pending.get(request);
    if (!p) return payload;
    // Files and streams pass unsealed: the client only verifies JSON (docs/envelope.md).
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (!JSON_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const params = encrypt(p.key.key, payload);
    const sign = hmac(p.key.key, responseSignInput(reply.statusCode, p.nonce, params)).toString('hex');
    reply.header(EnvelopeHeaders.ENCRYPTED, '1');
    // base64 and hex need no JSON escaping: the same text as JSON.stringify({ params, sign }).
    return `{"${PARAMS_FIELD}":"${params}","sign":"${sign}"}`;
  }

  // Sealed bodies skip JSON.parse of the outer object (100 KB of base64 for a 100 KB body); the
  // route's parsing of everything else is Fastify's own parser with the server's settings.
  const { onProtoPoisoning, onConstructorPoisoning } = fastify.initialConfig;
  const jsonParser = fastify.getDefaultJsonParser(onProtoPoisoning ?? 'error', onConstructorPoisoning ?? 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body); // parseAs 'string': always a string already
    const params = pending.has(request) ? sealedBodyParams(text) : undefined;
    if (params === undefined) {
      return jsonParser(request, text, (error, parsed) => {
        if (!error) rememberBodyText(request, text, parsed);
        done(error, parsed);
      });
    }
    done(null, { [PARAMS_FIELD]: params });
  });

  fastify.decorate('envelopeStats', stats);
  fastify.decorateRequest('envelope', undefined);
  fastify.addHook('onRequest', onRequestHook);
  fastify.addHook('preValidation', preValidationHook);
  fastify.addHook('onSend', onSendHook);
};

/** Whether any of the four envelope headers came (all four are needed; onRequest says which is missing). */
function hasEnvelopeHeader(request: FastifyRequest): boolean {
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
function appToCheckForSeal(request: FastifyRequest): string | undefined {
  const appId = header(request, WireHeaders.APP_ID);
  if (!appId || appId.length > MAX_APP_ID_LENGTH || matchedRoute(request).config?.envelope === 'optional') {
    return undefined;
  }
  const contentType = request.headers['content-type'];
  const q = request.url.indexOf('?');
  const hasQuery = q >= 0 && q < request.url.length - 1;
  const hasData = contentType !== undefined && !/^multipart\/form-data/i.test(contentType);
  return hasQuery || hasData ? appId : undefined;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

/** The sealed params of a query or body: absent, or exactly `{ params: string }` and nothing else. */
function paramsOf(value: unknown, where: 'query' | 'body'): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) return reject(`${where} is not sealed`);
  const names = Object.keys(value);
  if (names.length === 0 && where === 'query') return undefined;
  if (names.length !== 1 || names[0] !== PARAMS_FIELD) return reject(`${where} is not sealed`);
  const params = (value as Record<string, unknown>)[PARAMS_FIELD];
  if (typeof params !== 'string' || params.length === 0) return reject(`${where} params not a string`);
  return params;
}

/**
 * JSON.parse, refusing __proto__ and constructor.prototype keys as Fastify's own body parser does
 * (prototype poisoning); the slower reviver only runs when such a word occurs at all.
 */
function parseJson(text: string): unknown {
  try {
    if (!/__proto__|constructor/.test(text)) return JSON.parse(text);
    return JSON.parse(text, (name, value: unknown) => {
      if (name === '__proto__') throw new SyntaxError('__proto__');
      if (name === 'constructor' && typeof value === 'object' && value !== null && 'prototype' in value) {
        throw new SyntaxError('constructor.prototype');
      }
      return value;
    });
  } catch {
    return reject('plaintext not JSON');
  }
}

/** A sealed query has the shape of a parsed query string: scalars or arrays of scalars. */
function queryValue(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return reject('query not an object');
  for (const item of Object.values(value)) {
    const list = Array.isArray(item) ? item : [item];
    if (!list.every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v))) {
      reject('query value not scalar');
    }
  }
  return value as Record<string, unknown>;
}

function bodyValue(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return reject('body not an object or array');
  return value;
}

export default fp(envelopePlugin, { name: 'tessera-envelope', fastify: '5.x' });
