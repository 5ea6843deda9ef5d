/**
 * The envelope's SM4 / HMAC-SM3 work on the server (node:crypto, OpenSSL), kept apart from the
 * Fastify hooks in envelope.ts. Written for the per-request cost (docs/envelope.md "Performance",
 * bench/envelope-cost.bench.ts): OpenSSL context set-up is a large part of a small request, so each
 * cached content key keeps two SM4 contexts for all its messages. Decryption uses an SM4-ECB
 * context and does the CBC chaining itself (CBC decryption is ECB decryption of every block XOR
 * the previous ciphertext block). Encryption continues one SM4-CBC context from message to message,
 * steering its chaining state to each message's fresh IV (see ContentKey.encryptParts). Strict
 * base64 is checked by arithmetic instead of a re-encoding, and large texts are not copied into
 * one string before hashing or sending.
 */
import { createCipheriv, createDecipheriv, createHmac, randomFillSync, type Cipher, type Decipher } from 'node:crypto';
import { isUtf8 } from 'node:buffer';
import { IV_BYTES } from '../../protocol/envelope/constants';

/** A reason to refuse the request; envelope.ts turns it into the uniform 400. */
export class Rejection extends Error {}
export const reject = (reason: string): never => {
  throw new Rejection(reason);
};

/**
 * base64(iv ‖ SM4-CBC(plain)) as two strings whose concatenation is that text: `head` encodes the
 * IV and the first two ciphertext bytes (18 bytes, a whole number of base64 quads, so the pieces join
 * without re-encoding), `tail` the rest. Kept apart, a large ciphertext is never copied into an
 * `iv ‖ ciphertext` buffer nor its base64 into one string (the reply writes both into its buffer).
 */
export interface SealedParts {
  head: string;
  tail: string;
}

/** Longest reply text encoded in one pass into a worst-case buffer (3 bytes a unit: 12 MB at most). */
const MAX_ONE_PASS_CHARS = 4 * 1024 * 1024;

/** Bytes of iv ‖ ciphertext that `head` encodes: the IV and 2 bytes make 18, 24 base64 characters. */
const HEAD_BYTES = IV_BYTES + 2;

/** An unwrapped content key and the OpenSSL state kept with it while it is cached. */
export class ContentKey {
  private ecb?: Decipher;
  private cbc?: Cipher;
  /** The last ciphertext block `cbc` wrote: its chaining state (zero before the first message). */
  private readonly chain = Buffer.alloc(IV_BYTES);

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

  /**
   * SM4-CBC-PKCS7 under a fresh random IV, on one SM4-CBC context kept for this key. Node cannot
   * give a Cipher a new IV, but CBC feeds each block XOR the previous ciphertext block to the block
   * cipher, and the context carries on from the last block it wrote (`chain`). Encrypting
   * `p1 ^ chain ^ iv` as the first block therefore yields E(p1 ^ iv): exactly the first block a
   * new context with that IV would write, and every later block follows as usual. The output is
   * byte for byte standard CBC with a fresh IV (envelope-crypto.test.ts checks it against new
   * contexts). Padding is added here (auto padding off: update() then returns every block at
   * once). node:crypto is synchronous, so no other message can run on the context in between.
   */
  encryptParts(plain: string | Buffer): SealedParts {
    const iv = nextIv();
    let blocks: Buffer;
    let length: number;
    if (typeof plain !== 'string') {
      length = plain.length;
      blocks = Buffer.allocUnsafe(length + IV_BYTES);
      plain.copy(blocks);
    } else if (plain.length <= MAX_ONE_PASS_CHARS) {
      // One pass: room for the longest UTF-8 (3 bytes per UTF-16 unit) instead of measuring the
      // text first (Buffer.byteLength is a second full pass: ~0.1 ms for a 100 KB reply).
      blocks = Buffer.allocUnsafe(plain.length * 3 + IV_BYTES);
      length = blocks.write(plain, 0, 'utf8');
    } else {
      length = Buffer.byteLength(plain, 'utf8');
      blocks = Buffer.allocUnsafe(length + IV_BYTES);
      blocks.write(plain, 0, 'utf8');
    }
    const pad = IV_BYTES - (length % IV_BYTES);
    blocks.fill(pad, length, length + pad);
    blocks = blocks.subarray(0, length + pad);
    if (!this.cbc) {
      this.cbc = createCipheriv('sm4-cbc', this.key, this.chain);
      this.cbc.setAutoPadding(false);
    }
    for (let i = 0; i < IV_BYTES; i++) blocks[i]! ^= iv[i]! ^ this.chain[i]!;
    const body = this.cbc.update(blocks);
    body.copy(this.chain, 0, body.length - IV_BYTES);
    const head = Buffer.allocUnsafe(HEAD_BYTES);
    iv.copy(head);
    head[IV_BYTES] = body[0]!;
    head[IV_BYTES + 1] = body[1]!;
    return { head: head.toString('base64'), tail: body.toString('base64', 2) };
  }
}

export function hmac(key: Buffer, text: string): Buffer {
  return createHmac('sm3', key).update(text, 'utf8').digest();
}

/** HMAC-SM3 of the concatenation of `parts`, fed one by one (no copy of a large part into one string). */
export function hmacOfParts(key: Buffer, parts: readonly (string | Buffer)[]): Buffer {
  const mac = createHmac('sm3', key);
  for (const part of parts) if (part.length > 0) mac.update(part);
  return mac.digest();
}

/**
 * IVs come from a pooled CSPRNG buffer: randomBytes(16) per reply costs more than the SM4
 * encryption of a small body. Each IV is a view into the pool, used (copied into the output)
 * before the next call can refill it.
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

/**
 * base64(iv ‖ SM4-CBC-PKCS7(key, iv, plain)). With a cached ContentKey its kept context is used;
 * with a bare key (the event stream, a renewal token) a new context.
 */
export function encrypt(key: Buffer | ContentKey, plain: string | Buffer): string {
  if (key instanceof ContentKey) {
    const { head, tail } = key.encryptParts(plain);
    return head + tail;
  }
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
