/**
 * Browser (and Node) side of the crypto envelope: SM2 wraps a random SM4 content key, SM4-CBC
 * seals the JSON, HMAC-SM3 signs it (docs/envelope.md). Everything goes through sm-crypto-v2 so this
 * file runs wherever the shell does; the server uses node:crypto for the same SM4/SM3 operations.
 */
import { sm2, sm3, sm4 } from 'sm-crypto-v2';
import { isSuccess } from '../codes';
import {
  bytesToBase64,
  bytesToHex,
  base64ToBytes,
  concatBytes,
  constantTimeEqual,
  randomBytes,
  utf8Decode,
  utf8Encode,
} from './codec';
import {
  CONTENT_KEY_BYTES,
  DEFAULT_KEY_TTL_MS,
  DEFAULT_MAX_KEY_USES,
  EnvelopeHeaders,
  IV_BYTES,
  NONCE_BYTES,
  SM2_CIPHER_MODE,
  authSignInput,
  requestSignInput,
  responseSignInput,
} from './constants';
import { EnvelopeError } from './errors';

export interface SealInput {
  method: string;
  /** URL path as it goes on the wire (percent-encoded), starting with '/', no query string. */
  path: string;
  /** JSON body; undefined for none. */
  body?: unknown;
  /** Query parameters; sealed into `?params=` when there is at least one defined value. */
  query?: Record<string, unknown>;
  /** The session token: sent sealed in x-sec-auth, never in `authorization`. */
  token?: string;
}

/** What the caller keeps between seal() and open(): the content key and the request nonce. */
export interface SealContext {
  readonly key: Uint8Array;
  readonly nonce: string;
}

export interface SealedRequest {
  /** The x-sec-* headers to add to the request (four, five with a token). */
  headers: Record<string, string>;
  /** The body to send as JSON instead of the plaintext one. */
  body?: { params: string };
  /** The query to send instead of the plaintext one. */
  query?: { params: string };
  ctx: SealContext;
}

export interface ClientEnvelopeOptions {
  /** Replace the content key after this long (ms). */
  keyTtlMs?: number;
  /** Replace the content key after this many requests. */
  maxKeyUses?: number;
  /** Clock, for tests. */
  now?: () => number;
}

/** Fetch Headers, or a plain record such as Node's IncomingHttpHeaders / inject() headers. */
export type HeadersLike = { get(name: string): string | null } | Record<string, unknown>;

interface ContentKey {
  key: Uint8Array;
  wrapped: string;
  createdAt: number;
  uses: number;
}

export class ClientEnvelope {
  readonly publicKeyHex: string;
  private readonly publicPoint: ReturnType<typeof sm2.precomputePublicKey>;
  private readonly keyTtlMs: number;
  private readonly maxKeyUses: number;
  private readonly now: () => number;
  private current: ContentKey | undefined;

  constructor(publicKeyHex: string, options: ClientEnvelopeOptions = {}) {
    if (!isPublicKey(publicKeyHex)) throw new TypeError('ClientEnvelope: not an SM2 public key');
    this.publicKeyHex = publicKeyHex;
    // Precomputing the point makes each SM2 encrypt (once per content key) several times cheaper.
    this.publicPoint = sm2.precomputePublicKey(publicKeyHex);
    this.keyTtlMs = options.keyTtlMs ?? DEFAULT_KEY_TTL_MS;
    this.maxKeyUses = options.maxKeyUses ?? DEFAULT_MAX_KEY_USES;
    this.now = options.now ?? Date.now;
  }

  /** Seals one request. Throws TypeError when body or query cannot be written as JSON. */
  seal(input: SealInput): SealedRequest {
    if (!input.path.startsWith('/')) throw new TypeError('ClientEnvelope.seal: path must start with /');
    const contentKey = this.contentKey();
    const { key } = contentKey;
    const nonce = bytesToHex(randomBytes(NONCE_BYTES));
    const ts = String(this.now());

    const queryValues = definedEntries(input.query);
    const query = queryValues ? { params: encryptText(key, toJson(queryValues)) } : undefined;
    const body = input.body === undefined ? undefined : { params: encryptText(key, toJson(input.body)) };
    // A fresh iv per request: the same token never looks the same twice on the wire.
    const auth = input.token ? encryptText(key, input.token) : undefined;
    const sign = hmacHex(
      key,
      requestSignInput({
        method: input.method,
        path: input.path,
        ts,
        nonce,
        queryParams: query?.params ?? '',
        bodyParams: body?.params ?? '',
        auth: auth ?? '',
      }),
    );
    return {
      headers: {
        [EnvelopeHeaders.KEY]: contentKey.wrapped,
        [EnvelopeHeaders.TS]: ts,
        [EnvelopeHeaders.NONCE]: nonce,
        [EnvelopeHeaders.SIGN]: sign,
        ...(auth ? { [EnvelopeHeaders.AUTH]: auth } : {}),
      },
      body,
      query,
      ctx: { key, nonce },
    };
  }

  /**
   * Verifies and decrypts the JSON reply to a sealed request; returns the plaintext JSON text
   * exactly as the server wrote it. Anything unsealed, mis-signed or undecryptable throws
   * EnvelopeError('error.hashCheck'), with one exception: an unsealed error answer that carries no
   * data (`code` not success, `data` null or absent). The server's own envelope rejection is one
   * (it could not read the key, so it cannot seal), and so are answers from layers in front of the
   * envelope (a rate limiter, a proxy). Accepting them lets no unverified data in; a forged one
   * can only make a call fail, which whoever can forge it could do anyway by dropping it.
   */
  openText(headers: HeadersLike, body: unknown, ctx: SealContext, status: number): string {
    if (headerOf(headers, EnvelopeHeaders.ENCRYPTED) !== '1') {
      if (isDatalessError(body)) return JSON.stringify(body);
      throw new EnvelopeError('error.hashCheck', `unsealed ${status} response`);
    }
    if (!isRecord(body) || typeof body.params !== 'string' || typeof body.sign !== 'string') {
      throw new EnvelopeError('error.hashCheck', 'sealed response has no params/sign');
    }
    const expected = hmacHex(ctx.key, responseSignInput(status, ctx.nonce, body.params));
    if (!constantTimeEqual(expected, body.sign.toLowerCase())) {
      throw new EnvelopeError('error.hashCheck', 'response signature mismatch');
    }
    const text = decryptText(ctx.key, body.params);
    if (text === undefined) throw new EnvelopeError('error.hashCheck', 'response does not decrypt');
    return text;
  }

  /**
   * The renewed session token of a reply to a sealed request (x-sec-auth), verified and decrypted;
   * undefined when the reply carries none. Throws EnvelopeError('error.hashCheck') when it does not
   * check out (another request's, altered, or not sealed with this request's key).
   */
  openToken(headers: HeadersLike, ctx: SealContext): string | undefined {
    const value = headerOf(headers, EnvelopeHeaders.AUTH);
    if (value === undefined) return undefined;
    const dot = value.indexOf('.');
    const sealed = value.slice(0, dot);
    const sign = value.slice(dot + 1).toLowerCase();
    if (dot < 0 || !constantTimeEqual(hmacHex(ctx.key, authSignInput(ctx.nonce, sealed)), sign)) {
      throw new EnvelopeError('error.hashCheck', 'renewed token signature mismatch');
    }
    const token = decryptText(ctx.key, sealed);
    if (!token) throw new EnvelopeError('error.hashCheck', 'renewed token does not decrypt');
    return token;
  }

  /** openText, parsed. */
  open(headers: HeadersLike, body: unknown, ctx: SealContext, status: number): unknown {
    const text = this.openText(headers, body, ctx, status);
    try {
      return JSON.parse(text);
    } catch {
      throw new EnvelopeError('error.hashCheck', 'response plaintext is not JSON');
    }
  }

  /**
   * Decrypts a params string this client sealed (used to re-seal a retried request with a fresh
   * nonce, since the server rejects a nonce it has seen). Throws EnvelopeError if it does not open.
   */
  unsealParams(params: string, ctx: SealContext): unknown {
    const text = decryptText(ctx.key, params);
    if (text === undefined) throw new EnvelopeError('error.badEnvelope', 'params do not decrypt');
    return JSON.parse(text);
  }

  private contentKey(): ContentKey {
    const now = this.now();
    const current = this.current;
    if (current && current.uses < this.maxKeyUses && now - current.createdAt < this.keyTtlMs) {
      current.uses++;
      return current;
    }
    const key = randomBytes(CONTENT_KEY_BYTES);
    const wrapped = sm2.doEncrypt(key, this.publicPoint, SM2_CIPHER_MODE);
    this.current = { key, wrapped, createdAt: now, uses: 1 };
    return this.current;
  }
}

function isPublicKey(hex: unknown): hex is string {
  if (typeof hex !== 'string' || !/^(?:0[23][0-9a-f]{64}|04[0-9a-f]{128})$/i.test(hex)) return false;
  try {
    return sm2.verifyPublicKey(hex);
  } catch {
    return false;
  }
}

function toJson(value: unknown): string {
  const text = JSON.stringify(value);
  if (typeof text !== 'string') throw new TypeError('ClientEnvelope.seal: value is not JSON');
  return text;
}

function definedEntries(query: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!query) return undefined;
  const out = Object.create(null) as Record<string, unknown>;
  let count = 0;
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    out[name] = value;
    count++;
  }
  return count > 0 ? out : undefined;
}

function hmacHex(key: Uint8Array, text: string): string {
  return sm3(utf8Encode(text), { key, mode: 'hmac' });
}

/** base64(iv || SM4-CBC-PKCS7(key, iv, utf8(text))). */
export function encryptText(key: Uint8Array, text: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = sm4.encrypt(utf8Encode(text), key, { mode: 'cbc', iv, output: 'array' });
  return bytesToBase64(concatBytes(iv, cipher));
}

/** Inverse of encryptText; undefined when the params are malformed, mis-padded or not UTF-8. */
export function decryptText(key: Uint8Array, params: string): string | undefined {
  const raw = base64ToBytes(params);
  if (!raw || raw.length < 2 * IV_BYTES || raw.length % IV_BYTES !== 0) return undefined;
  try {
    const plain = sm4.decrypt(raw.subarray(IV_BYTES), key, {
      mode: 'cbc',
      iv: raw.subarray(0, IV_BYTES),
      output: 'array',
    });
    return utf8Decode(plain);
  } catch {
    return undefined;
  }
}

function headerOf(headers: HeadersLike, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === 'function') {
    return (headers as { get(n: string): string | null }).get(name) ?? undefined;
  }
  const value = (headers as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

function isDatalessError(body: unknown): boolean {
  return isRecord(body) && 'code' in body && !isSuccess(body.code) && (body.data === null || body.data === undefined);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
