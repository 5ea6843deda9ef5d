/**
 * A Node-side client for load generation: the same wire format as protocol/envelope/client.ts,
 * but SM4/HMAC-SM3 through node:crypto so the load generator stays cheap next to the server it
 * measures. The body ciphertext can be made once and reused with fresh nonce/ts/sign per request
 * (the server checks nonce uniqueness, not ciphertext uniqueness): that is the "pre-sealed" mode.
 */
import { createCipheriv, createHmac, randomBytes } from 'node:crypto';
import { sm2 } from 'sm-crypto-v2';
import { EnvelopeHeaders, requestSignInput, SM2_CIPHER_MODE } from '../../protocol/envelope/constants';
import type { SealContext } from '../../protocol/envelope/client';

export interface SealedHeaders {
  headers: Record<string, string>;
  ctx: SealContext;
}

export class NodeSealer {
  private key: Buffer;
  private wrapped: string;

  constructor(private readonly publicKeyHex: string) {
    this.key = randomBytes(16);
    this.wrapped = sm2.doEncrypt(this.key, publicKeyHex, SM2_CIPHER_MODE);
  }

  /** The SM4 content key (the envelope-cost benchmark runs the raw primitives under it). */
  get contentKey(): Buffer {
    return this.key;
  }

  /** Replace the content key (costs one SM2 encryption here and one decryption on the server). */
  rotate(): void {
    this.key = randomBytes(16);
    this.wrapped = sm2.doEncrypt(this.key, this.publicKeyHex, SM2_CIPHER_MODE);
  }

  encrypt(json: string): string {
    const iv = randomBytes(16);
    const cipher = createCipheriv('sm4-cbc', this.key, iv);
    return Buffer.concat([iv, cipher.update(json, 'utf8'), cipher.final()]).toString('base64');
  }

  /**
   * Fresh ts, nonce and signature for one request around already-encrypted params; `auth` is the
   * session token already sealed with encrypt() (x-sec-auth), or '' for none.
   */
  headers(method: string, path: string, bodyParams: string, queryParams = '', auth = ''): SealedHeaders {
    const ts = String(Date.now());
    const nonce = randomBytes(16).toString('hex');
    const sign = createHmac('sm3', this.key)
      .update(requestSignInput({ method, path, ts, nonce, queryParams, bodyParams, auth }))
      .digest('hex');
    return {
      headers: {
        [EnvelopeHeaders.KEY]: this.wrapped,
        [EnvelopeHeaders.TS]: ts,
        [EnvelopeHeaders.NONCE]: nonce,
        [EnvelopeHeaders.SIGN]: sign,
        ...(auth ? { [EnvelopeHeaders.AUTH]: auth } : {}),
      },
      ctx: { key: new Uint8Array(this.key), nonce },
    };
  }
}
