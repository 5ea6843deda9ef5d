/**
 * The envelope's server crypto against OpenSSL's own SM4-CBC, and the JSON body fast path against
 * Fastify's parser: same plaintexts, same refusals.
 */
import { createCipheriv, createHmac, randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { sm2 } from 'sm-crypto-v2';
import { describe, expect, it } from 'vitest';
import { ClientEnvelope } from '../../protocol/envelope/client';
import envelope from './envelope';
import {
  requestSignInput,
  requestSignParts,
  responseSignInput,
  responseSignPrefix,
} from '../../protocol/envelope/constants';
import { ContentKey, Rejection, decrypt, encrypt, hmacOfParts, sealedBodyParams, xorInto } from './envelope-crypto';

function cbc(key: Buffer, plain: Buffer, iv = randomBytes(16)): string {
  const cipher = createCipheriv('sm4-cbc', key, iv);
  return Buffer.concat([iv, cipher.update(plain), cipher.final()]).toString('base64');
}

/** iv ‖ SM4-CBC without padding: lets a test choose the last block (the padding) itself. */
function rawCbc(key: Buffer, blocks: Buffer): string {
  const iv = randomBytes(16);
  const cipher = createCipheriv('sm4-cbc', key, iv).setAutoPadding(false);
  return Buffer.concat([iv, cipher.update(blocks), cipher.final()]).toString('base64');
}

const refused = (f: () => unknown) => expect(f).toThrow(Rejection);

describe('decrypt (cached SM4-ECB context, CBC chaining in JS)', () => {
  it('opens what OpenSSL SM4-CBC sealed, for every padding length and many messages per key', () => {
    const key = new ContentKey(randomBytes(16));
    for (let length = 0; length <= 70; length++) {
      const text = '客'.repeat(Math.floor(length / 3)) + 'x'.repeat(length % 3);
      expect(decrypt(key, cbc(key.key, Buffer.from(text)))).toBe(text);
    }
    const big = JSON.stringify({ rows: Array.from({ length: 3000 }, (_, i) => ({ i, name: `客户${i} 🚀` })) });
    expect(decrypt(key, cbc(key.key, Buffer.from(big)))).toBe(big);
    expect(decrypt(key, encrypt(key.key, big))).toBe(big);
  });

  it('XORs the same word-wise (aligned) and byte-wise (unaligned)', () => {
    const a = randomBytes(64);
    const b = randomBytes(64);
    const expected = Buffer.from(a.map((x, i) => x ^ b[i]!));
    const aligned = Buffer.from(a);
    xorInto(aligned, b, 64);
    expect(aligned).toEqual(expected);
    const unaligned = Buffer.alloc(65).subarray(1);
    a.copy(unaligned);
    xorInto(unaligned, b, 64);
    expect(unaligned).toEqual(expected);
  });

  it('refuses bad padding, a wrong key, short or ragged ciphertexts and non-strict base64', () => {
    const key = new ContentKey(randomBytes(16));
    const block = (fill: number, last: number) => Buffer.concat([Buffer.alloc(15, fill), Buffer.from([last])]);
    refused(() => decrypt(key, rawCbc(key.key, block(0x41, 0)))); // pad 0
    refused(() => decrypt(key, rawCbc(key.key, block(0x41, 17)))); // pad > block
    refused(() => decrypt(key, rawCbc(key.key, block(0x41, 3)))); // pad bytes disagree
    expect(decrypt(key, rawCbc(key.key, block(0x01, 1)))).toBe('\x01'.repeat(15));
    refused(() => decrypt(new ContentKey(randomBytes(16)), cbc(key.key, Buffer.from('{"a":1}'))));
    refused(() => decrypt(key, randomBytes(16).toString('base64'))); // IV only
    refused(() => decrypt(key, randomBytes(40).toString('base64'))); // not whole blocks
    const good = cbc(key.key, Buffer.from('{"a":1}'));
    refused(() => decrypt(key, good.replace(/=+$/, '')));
    refused(() => decrypt(key, `${good.slice(0, 8)}*${good.slice(9)}`));
    refused(() => decrypt(key, `${good.slice(0, 8)}\n${good.slice(9)}`));
    refused(() => decrypt(key, `${good.slice(0, 8)}=${good.slice(9)}`));
    refused(() => decrypt(key, cbc(key.key, Buffer.from([0xff, 0xfe]))));
  });
});

describe('encryption on the key’s kept SM4-CBC context', () => {
  /** What a new OpenSSL SM4-CBC context with the same IV writes, as base64(iv ‖ ciphertext). */
  const fresh = (key: Buffer, sealed: string, plain: Buffer) =>
    cbc(key, plain, Buffer.from(sealed, 'base64').subarray(0, 16));

  it('is byte for byte a new CBC context with the message’s own random IV, message after message', () => {
    const key = new ContentKey(randomBytes(16));
    const other = new ContentKey(randomBytes(16));
    const ivs = new Set<string>();
    for (let length = 0; length <= 70; length++) {
      const text = '客'.repeat(Math.floor(length / 3)) + 'x'.repeat(length % 3);
      const sealed = encrypt(key, text);
      expect(sealed).toBe(fresh(key.key, sealed, Buffer.from(text)));
      expect(decrypt(key, sealed)).toBe(text);
      ivs.add(sealed.slice(0, 22));
      // Another key's context in between changes nothing for this one.
      const otherSealed = encrypt(other, Buffer.from(text));
      expect(otherSealed).toBe(fresh(other.key, otherSealed, Buffer.from(text)));
    }
    expect(ivs.size).toBe(71);
    const big = JSON.stringify({ rows: Array.from({ length: 3000 }, (_, i) => ({ i, name: `客户${i} 🚀` })) });
    const sealed = encrypt(key, big);
    expect(sealed).toBe(fresh(key.key, sealed, Buffer.from(big)));
  });

  it('gives the params in two pieces that are the base64 text when joined', () => {
    const key = new ContentKey(randomBytes(16));
    for (const text of ['', '{"a":1}', 'x'.repeat(4096)]) {
      const { head, tail } = key.encryptParts(text);
      expect(head).toHaveLength(24);
      expect(head.endsWith('=')).toBe(false);
      expect(decrypt(key, head + tail)).toBe(text);
    }
  });

  it('the same key as a bare Buffer (a new context each time) still seals the same way', () => {
    const key = randomBytes(16);
    const sealed = encrypt(key, '{"a":1}');
    expect(decrypt(new ContentKey(key), sealed)).toBe('{"a":1}');
    expect(sealed).toBe(fresh(key, sealed, Buffer.from('{"a":1}')));
  });
});

describe('HMAC over pieces', () => {
  it('equals the HMAC of the signing strings the browser builds', () => {
    const key = randomBytes(16);
    const fields = {
      method: 'post',
      path: '/api/x',
      ts: '1',
      nonce: 'ab',
      queryParams: 'Q',
      bodyParams: 'B'.repeat(5000),
      auth: 'T',
    };
    expect(requestSignParts(fields).join('')).toBe(requestSignInput(fields));
    expect(requestSignParts({ ...fields, auth: undefined, bodyParams: '' }).join('')).toBe(
      requestSignInput({ ...fields, auth: undefined, bodyParams: '' }),
    );
    expect(hmacOfParts(key, requestSignParts(fields))).toEqual(
      createHmac('sm3', key).update(requestSignInput(fields)).digest(),
    );
    expect(hmacOfParts(key, [responseSignPrefix(200, 'ab'), 'P1', 'P2'])).toEqual(
      createHmac('sm3', key)
        .update(responseSignInput(200, 'ab', 'P1P2'))
        .digest(),
    );
  });
});

describe('sealed body fast path', () => {
  it('reads exactly {"params":"..."} and leaves anything else to JSON.parse', () => {
    expect(sealedBodyParams('{"params":"QUJD"}')).toBe('QUJD');
    for (const body of ['{ "params": "QUJD" }', '{"params":"a\\"b"}', '{"params":""}', '{"params":"x","y":1}', '[]']) {
      expect(sealedBodyParams(body), body).toBeUndefined();
    }
  });

  it('a sealed request in another JSON layout still opens; unsealed JSON keeps Fastify’s parser', async () => {
    const pair = sm2.generateKeyPairHex();
    const app = Fastify();
    await app.register(envelope, {
      getAppKeys: async (id) => (id === 'demo' ? { privateKey: pair.privateKey, encrypt: false } : undefined),
    });
    app.post('/api/echo', async (req) => ({ code: '200', message: 'ok', data: req.body }));
    try {
      const client = new ClientEnvelope(pair.publicKey);
      const sealed = client.seal({ method: 'POST', path: '/api/echo', body: { name: '客户 ✓' } });
      const reply = await app.inject({
        method: 'POST',
        url: '/api/echo',
        headers: { 'x-sec-identity-id': 'demo', 'content-type': 'application/json', ...sealed.headers },
        payload: JSON.stringify(sealed.body, null, 2),
      });
      expect(client.open(reply.headers, reply.json(), sealed.ctx, reply.statusCode)).toEqual({
        code: '200',
        message: 'ok',
        data: { name: '客户 ✓' },
      });
      const plain = await app.inject({ method: 'POST', url: '/api/echo', payload: { a: [1, '二'] } });
      expect(plain.json().data).toEqual({ a: [1, '二'] });
      const poisoned = await app.inject({
        method: 'POST',
        url: '/api/echo',
        headers: { 'content-type': 'application/json' },
        payload: '{"__proto__":{"admin":true}}',
      });
      expect(poisoned.statusCode).toBe(400);
      const broken = await app.inject({
        method: 'POST',
        url: '/api/echo',
        headers: { 'content-type': 'application/json' },
        payload: '{"a":',
      });
      expect(broken.statusCode).toBe(400);
    } finally {
      await app.close();
    }
  });
});
