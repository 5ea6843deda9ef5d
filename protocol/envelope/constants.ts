/**
 * Wire names, sizes and signing strings of the crypto envelope (DESIGN §5, docs/envelope.md).
 * Browser and server build the signed strings with these same functions, so the two sides cannot
 * drift apart on a separator or a field order.
 */
export const EnvelopeHeaders = {
  /** SM2 (C1C3C2) of the SM4 content key, hex, as sm-crypto-v2 writes it (no 04 prefix). */
  KEY: 'x-sec-key',
  /** Client clock, ms since the epoch. */
  TS: 'x-sec-ts',
  /** 16 random bytes, hex: makes every request unique for the replay check. */
  NONCE: 'x-sec-nonce',
  /** HMAC-SM3 of requestSignInput, hex. */
  SIGN: 'x-sec-sign',
  /** Set to "1" on a sealed response. */
  ENCRYPTED: 'x-sec-encrypted',
  /**
   * The session token, sealed (docs/envelope.md, "Session token"). On a request: encryptText(K,
   * token), covered by the request signature. On a reply (a renewal): `<sealed>.<hex HMAC-SM3(K,
   * authSignInput(nonce, sealed))>`. With the envelope the token never travels in `authorization`.
   */
  AUTH: 'x-sec-auth',
} as const;

/** The one field a sealed body or query carries. */
export const PARAMS_FIELD = 'params';

export const CONTENT_KEY_BYTES = 16;
export const NONCE_BYTES = 16;
export const IV_BYTES = 16;
/** C1 (64 bytes) + C3 (32) + C2 (16 for a 16-byte key), hex. */
export const WRAPPED_KEY_HEX_LENGTH = 2 * (64 + 32 + CONTENT_KEY_BYTES);
export const SIGN_HEX_LENGTH = 64;
/** sm-crypto-v2 cipher mode 1 = C1C3C2 (GM/T 0003-2012 order). */
export const SM2_CIPHER_MODE = 1;

/** How far a request's timestamp may be from the server clock. */
export const DEFAULT_CLOCK_SKEW_MS = 5 * 60_000;
/** Largest params string (base64 characters) accepted, body and query each. */
export const DEFAULT_MAX_PARAMS_BYTES = 1024 * 1024;
/** A client content key is replaced after this long or this many requests, whichever first. */
export const DEFAULT_KEY_TTL_MS = 10 * 60_000;
export const DEFAULT_MAX_KEY_USES = 5_000;

export interface RequestSignFields {
  method: string;
  /** URL path as sent on the wire (percent-encoded), without the query string. */
  path: string;
  ts: string;
  nonce: string;
  /** Sealed query params, or '' when the request has none. */
  queryParams: string;
  /** Sealed body params, or '' when the request has none. */
  bodyParams: string;
  /** The sealed session token (x-sec-auth), or ''/undefined when the request carries none. */
  auth?: string;
}

/** Longest x-sec-auth accepted on a request (a token of at most 128 characters, sealed). */
export const MAX_SEALED_AUTH_LENGTH = 256;

/**
 * Both params fields and the sealed token are signed (empty when absent) so that none can be
 * added, dropped, moved between query and body, or lifted into another request without the
 * signature failing.
 */
export function requestSignInput(f: RequestSignFields): string {
  return requestSignParts(f).join('');
}

/**
 * requestSignInput in three pieces around the body params, whose concatenation is that string: a
 * signer can feed them to its hash one after another instead of first copying a large body into one
 * string (the server does, server/plugins/envelope.ts).
 */
export function requestSignParts(f: RequestSignFields): [head: string, bodyParams: string, tail: string] {
  return [
    `${f.method.toUpperCase()}\n${f.path}\n${f.ts}\n${f.nonce}\n${f.queryParams}\n`,
    f.bodyParams,
    `\n${f.auth ?? ''}`,
  ];
}

/**
 * Signature input of a sealed renewal token in a reply. Its own prefix keeps it from ever matching
 * a reply (`status\n...`) or event (`event\n...`) signature; the nonce ties it to its request.
 */
export function authSignInput(requestNonce: string, sealedToken: string): string {
  return `auth\n${requestNonce}\n${sealedToken}`;
}

/**
 * The request nonce binds a response to its request, and the status to its body, so a recorded
 * response cannot be replayed as the answer to another call.
 */
export function responseSignInput(status: number, requestNonce: string, params: string): string {
  return responseSignPrefix(status, requestNonce) + params;
}

/** What responseSignInput puts before the params (a signer may hash the params after it, uncopied). */
export function responseSignPrefix(status: number, requestNonce: string): string {
  return `${status}\n${requestNonce}\n`;
}
