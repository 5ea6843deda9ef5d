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
  MAX_SEALED_AUTH_LENGTH,
  NONCE_BYTES,
  PARAMS_FIELD,
  SIGN_HEX_LENGTH,
  SM2_CIPHER_MODE,
  WRAPPED_KEY_HEX_LENGTH,
  requestSignParts,
  responseSignPrefix,
} from '../../protocol/envelope/constants';
import { Lru } from '../../protocol/envelope/lru';
import { MemoryReplayStore, type ReplayStore } from '../../protocol/envelope/replay-cache';
import { rememberBodyText } from './body-text';
import { ContentKey, Rejection, decrypt, hmacOfParts, reject, sealedBodyParams } from './envelope-crypto';
import { bodyValue, paramsOf, parseJson, queryValue } from './envelope-input';
import {
  MAX_APP_ID_LENGTH,
  MULTIPART,
  OpenedEnvelope,
  appToCheckForSeal,
  hasEnvelopeHeader,
  header,
  pathOf,
  sealToken,
} from './envelope-request';

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
  /** The request's x-sec-nonce (lower case): a sealed renewal is signed with it. */
  nonce: string;
  /** The SM4 content key. Non-enumerable so that serialising the request never prints it. */
  readonly key: Buffer;
  /**
   * The session token the request carried sealed in x-sec-auth (signed with the request, so bound
   * to its nonce), decrypted; undefined without one. Non-enumerable like the key.
   */
  readonly token?: string;
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
  /** x-sec-auth as sent (the sealed token), or undefined. */
  auth?: string;
}

const HEX = /^[0-9a-f]+$/i;
const REPLY_OPEN = `{"${PARAMS_FIELD}":"`;
const REPLY_SIGN = '","sign":"';
const TS = /^\d{1,15}$/;
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

const envelopePlugin: FastifyPluginAsync<EnvelopeOptions> = async (fastify, options) => {
  const maxParams = options.maxParamsBytes ?? DEFAULT_MAX_PARAMS_BYTES;
  const skew = options.clockSkewMs ?? DEFAULT_CLOCK_SKEW_MS;
  const now = options.now ?? Date.now;
  const replay = options.replayStore ?? new MemoryReplayStore({ windowMs: skew });
  // Keyed by app and wrapped key; the entry remembers the private key it was unwrapped with, so a
  // rotated app key never reuses old entries. ~1 KB per entry, ~3 KB once its key has opened and
  // sealed a message (its kept SM4-ECB and SM4-CBC contexts, envelope-crypto.ts; measured RSS).
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
      const auth = request.headers[EnvelopeHeaders.AUTH];
      if (auth !== undefined && (typeof auth !== 'string' || auth.length > MAX_SEALED_AUTH_LENGTH)) {
        reject('auth format');
      }
      const appId = header(request, WireHeaders.APP_ID);
      if (!appId || appId.length > MAX_APP_ID_LENGTH) return reject('no app id');
      const app = await options.getAppKeys(appId);
      if (!app) return reject('unknown app');
      const key = unwrap(appId, app.privateKey, wrapped.toLowerCase());
      if (!key) return reject('key does not unwrap');
      pending.set(request, {
        appId,
        key,
        ts: Number(ts),
        nonce: nonce.toLowerCase(),
        sign: sign.toLowerCase(),
        auth: typeof auth === 'string' ? auth : undefined,
      });
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
    const p = pending.get(request);
    if (!p || request.envelope) return done();
    // Synchronous unless the replay store answers with a promise (the database and Redis stores):
    // the in-memory store then costs no promise and no extra turn.
    try {
      const queryParams = paramsOf(request.query, 'query');
      // An upload's body is never sealed (its headers are, to carry the token): left as it is.
      const upload = MULTIPART.test(String(request.headers['content-type'] ?? ''));
      const bodyParams = upload ? undefined : paramsOf(request.body, 'body');
      if (bodyParams && !JSON_TYPE.test(String(request.headers['content-type'] ?? ''))) reject('body type');
      if ((queryParams?.length ?? 0) > maxParams || (bodyParams?.length ?? 0) > maxParams) reject('params too large');
      const expected = hmacOfParts(
        p.key.key,
        requestSignParts({
          method: request.method,
          path: pathOf(request.url),
          ts: String(p.ts),
          nonce: p.nonce,
          queryParams: queryParams ?? '',
          bodyParams: bodyParams ?? '',
          auth: p.auth ?? '',
        }),
      );
      // Encrypt-then-MAC: nothing is decrypted before the signature is known to be good.
      if (!timingSafeEqual(expected, Buffer.from(p.sign, 'hex'))) reject('bad signature');
      const fresh = replay.checkAndRemember(p.nonce, p.ts, now());
      if (typeof fresh === 'boolean') {
        open(request, p, fresh, queryParams, bodyParams, upload);
        return done();
      }
      return fresh.then((isNew) => {
        try {
          open(request, p, isNew, queryParams, bodyParams, upload);
          return undefined;
        } catch (error) {
          if (error instanceof Rejection) return fail(request, reply, error.message);
          throw error;
        }
      });
    } catch (error) {
      if (error instanceof Rejection) return Promise.resolve(fail(request, reply, error.message));
      throw error;
    }
  }

  function onSendHook(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: Error | null, payload?: unknown) => void,
  ): void {
    done(null, seal(request, reply, payload));
  }

  /** After signature and replay checks: decrypt, parse and put the plaintext on the request. */
  function open(
    request: FastifyRequest,
    p: Pending,
    fresh: boolean,
    queryParams: string | undefined,
    bodyParams: string | undefined,
    upload: boolean,
  ): void {
    if (!fresh) reject('replayed nonce');
    const query = queryParams ? queryValue(parseJson(decrypt(p.key, queryParams))) : {};
    const plaintext = bodyParams ? decrypt(p.key, bodyParams) : undefined;
    const body = plaintext === undefined ? undefined : bodyValue(parseJson(plaintext));
    const token = p.auth ? decrypt(p.key, p.auth) : undefined;
    request.query = query;
    if (!upload) request.body = body;
    if (plaintext !== undefined) rememberBodyText(request, plaintext, body);
    request.envelope = new OpenedEnvelope(p.appId, p.nonce, p.key.key, token);
  }

  /** The reply of a sealed request, sealed; any other reply as it is. */
  function seal(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
    const p = pending.get(request);
    if (!p) return payload;
    sealRenewedToken(reply, p);
    // Files and streams pass unsealed: the client only verifies JSON (docs/envelope.md).
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (!JSON_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const { head, tail } = p.key.encryptParts(payload);
    const sign = hmacOfParts(p.key.key, [responseSignPrefix(reply.statusCode, p.nonce), head, tail]).toString('hex');
    reply.header(EnvelopeHeaders.ENCRYPTED, '1');
    // base64 and hex need no JSON escaping: the same text as JSON.stringify({ params, sign }). A
    // string, as every reply payload has been so far (later onSend hooks may read it as one).
    return `${REPLY_OPEN}${head}${tail}${REPLY_SIGN}${sign}"}`;
  }

  /**
   * A reply to a sealed request never carries the token in clear, whatever its type (JSON, a
   * download, an error): an `authorization` header set by a later hook moves into x-sec-auth. The
   * session hook seals its renewals itself (sealTokenHeader), which also covers hijacked replies
   * (the event stream) that never reach onSend; this is the net under everything else.
   */
  function sealRenewedToken(reply: FastifyReply, p: Pending): void {
    const token = reply.getHeader(WireHeaders.AUTHORIZATION);
    if (token === undefined) return;
    reply.removeHeader(WireHeaders.AUTHORIZATION);
    if (typeof token === 'string') reply.header(EnvelopeHeaders.AUTH, sealToken(p.key.key, p.nonce, token));
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

/** The x-sec-auth value that hands `token` (a renewal) to the client of this sealed request. */
export function sealTokenHeader(envelope: RequestEnvelope, token: string): string {
  return sealToken(envelope.key, envelope.nonce, token);
}

export default fp(envelopePlugin, { name: 'tessera-envelope', fastify: '5.x' });
