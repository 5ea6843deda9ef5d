/**
 * The envelope's SM4 / HMAC-SM3 work on the server (node:crypto, OpenSSL), kept apart from the
 * Fastify hooks in envelope.ts. Written for the per-request cost (docs/benchmarks.md, "Crypto
 * envelope"): OpenSSL context set-up is a large part of a small request, so decryption reuses one
 * SM4-ECB context per content key and does the CBC chaining itself (CBC decryption is ECB
 * decryption of every block XOR the previous ciphertext block, so the blocks need no sequencing);
 * strict base64 is checked by arithmetic instead of a re-encoding. Encryption keeps a fresh
 * SM4-CBC context per reply: CBC encryption is sequential, and feeding a cached ECB context one
 * block at a time measured slower than a new context.
 */
import { createCipheriv, createDecipheriv, createHmac, randomFillSync, type Decipher } from 'node:crypto';
import { isUtf8 } from 'node:buffer';
import { IV_BYTES } from '../../protocol/envelope/constants';

/** A reason to refuse the request; envelope.ts turns it into the uniform 400. */
export class Rejection extends Error {}
export const reject = (reason: string): never => {
  throw new Rejection(reason);
};

/** An unwrapped content key and the OpenSSL state kept with it while it is cached. */
export class ContentKey {
  private ecb?: Decipher;

  constructor(readonly key: Buffer) {}

  /**
   * SM4-ECB decryption of whole blocks. Without padding and with block-multiple input, update()
   * never keeps a partial block, so one context serves every message of this key.
   */
  decryptBlocks(blocks: Buffer): Buffer {
    if (!this.ecb) {
      this.ecb = createDecipheriv('sm4-ecb', this.key, null);
      this.ecb.setAutoPadding(false);
    }
    return this.ecb.update(blocks);
  }
}

export function hmac(key: Buffer, text: string): Buffer {
  return createHmac('sm3', key).update(text, 'utf8').digest();
}

/**
 * IVs come from a pooled CSPRNG buffer: randomBytes(16) per reply costs more than the SM4
 * encryption of a small body. Each IV is copied out (Buffer.concat) before the pool is refilled.
 */
const ivPool = Buffer.alloc(IV_BYTES * 256);
let ivOffset = ivPool.length;
function nextIv(): Buffer {
  if (ivOffset >= ivPool.length) {
    randomFillSync(ivPool);
    ivOffset = 0;
  }
  ivOffset += IV_BYTES;
  return ivPool.subarray(ivOffset - IV_BYTES, ivOffset);
}

/** base64(iv ‖ SM4-CBC-PKCS7(key, iv, plain)). */
export function encrypt(key: Buffer, plain: string | Buffer): string {
  const iv = nextIv();
  const cipher = createCipheriv('sm4-cbc', key, iv);
  const body: Buffer = typeof plain === 'string' ? cipher.update(plain, 'utf8') : cipher.update(plain);
  return Buffer.concat([iv, body, cipher.final()]).toString('base64');
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Strict base64 without re-encoding: Buffer's decoder skips characters outside the alphabet and
 * stops at '=', so a text of whole quads decodes to exactly 3/4 of its length (less the padding)
 * only if every character was used. The short regex runs on the tail only (the padding position).
 */
function strictBase64(params: string): Buffer {
  if (params.length % 4 !== 0 || !BASE64.test(params.slice(-4))) return reject('params not base64');
  const raw = Buffer.from(params, 'base64');
  const padding = params.endsWith('==') ? 2 : params.endsWith('=') ? 1 : 0;
  if (raw.length !== (params.length / 4) * 3 - padding) reject('params not base64');
  return raw;
}

/** XOR `a` with `b` in place, word-wise when both are 4-byte aligned (Buffers from Node's pool are). */
export function xorInto(a: Buffer, b: Buffer, length: number): void {
  if (a.byteOffset % 4 === 0 && b.byteOffset % 4 === 0) {
    const a32 = new Int32Array(a.buffer, a.byteOffset, length >> 2);
    const b32 = new Int32Array(b.buffer, b.byteOffset, length >> 2);
    for (let i = 0; i < a32.length; i++) a32[i]! ^= b32[i]!;
    return;
  }
  for (let i = 0; i < length; i++) a[i]! ^= b[i]!;
}

/**
 * Opens params made by encrypt() (or the browser's seal) into UTF-8 text. Only called after the
 * signature over `params` checked out (encrypt-then-MAC), so a padding error reveals nothing.
 */
export function decrypt(key: ContentKey, params: string): string {
  const raw = strictBase64(params);
  if (raw.length < 2 * IV_BYTES || raw.length % IV_BYTES !== 0) reject('params length');
  const plain = key.decryptBlocks(raw.subarray(IV_BYTES));
  if (plain.length !== raw.length - IV_BYTES) reject('params length');
  // CBC: block i of the plaintext is D(c_i) XOR c_(i-1), with c_(-1) the IV: raw is iv ‖ c, so
  // the previous block of each plaintext block sits at the same offset in raw.
  xorInto(plain, raw, plain.length);
  const pad = plain[plain.length - 1]!;
  if (pad < 1 || pad > IV_BYTES) reject('bad padding');
  for (let i = plain.length - pad; i < plain.length; i++) if (plain[i] !== pad) reject('bad padding');
  const text = plain.subarray(0, plain.length - pad);
  // isUtf8 (simdutf) then toString: several times faster than a fatal TextDecoder on CJK text.
  if (!isUtf8(text)) reject('plaintext not UTF-8');
  return text.toString('utf8');
}

/**
 * The sealed body `{"params":"<base64>"}` exactly as the clients write it, read without parsing
 * 100 KB of JSON: no quote or backslash inside means the JSON string is the text itself. Anything
 * else returns undefined and goes through the ordinary JSON parser.
 */
export function sealedBodyParams(body: string): string | undefined {
  const prefix = '{"params":"';
  if (body.length <= prefix.length + 2 || !body.startsWith(prefix) || !body.endsWith('"}')) return undefined;
  const inner = body.slice(prefix.length, -2);
  return inner.includes('"') || inner.includes('\\') ? undefined : inner;
}
