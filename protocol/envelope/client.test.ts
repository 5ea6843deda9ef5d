// The client is checked against node:crypto, the server's implementation of the same algorithms:
// if sm-crypto-v2 and OpenSSL ever disagree on SM4-CBC or HMAC-SM3, these fail.
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sm2, sm3, sm4 } from 'sm-crypto-v2';
import { ClientEnvelope, decryptText, encryptText } from './client';
import { authSignInput, EnvelopeHeaders, requestSignInput, responseSignInput } from './constants';
import { EnvelopeError } from './errors';

const pair = sm2.generateKeyPairHex();

function nodeDecrypt(key: Uint8Array, params: string): string {
  const raw = Buffer.from(params, 'base64');
  const d = createDecipheriv('sm4-cbc', key, raw.subarray(0, 16));
  return Buffer.concat([d.update(raw.subarray(16)), d.final()]).toString('utf8');
}

function nodeSealResponse(key: Uint8Array, nonce: string, status: number, json: string) {
  const iv = randomBytes(16);
  const c = createCipheriv('sm4-cbc', key, iv);
  const params = Buffer.concat([iv, c.update(json, 'utf8'), c.final()]).toString('base64');
  const sign = createHmac('sm3', key)
    .update(responseSignInput(status, nonce, params))
    .digest('hex');
  return { params, sign };
}

function errorOf(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('sm-crypto-v2 interoperates with node:crypto', () => {
  it('SM4-CBC (PKCS#7) ciphertexts are identical for every padding length', () => {
    const key = randomBytes(16);
    const iv = randomBytes(16);
    for (let length = 0; length <= 33; length++) {
      const plain = randomBytes(length);
      const c = createCipheriv('sm4-cbc', key, iv);
      const expected = Buffer.concat([c.update(plain), c.final()]);
      const actual = sm4.encrypt(new Uint8Array(plain), new Uint8Array(key), {
        mode: 'cbc',
        iv: new Uint8Array(iv),
        output: 'array',
      });
      expect(Buffer.from(actual).toString('hex')).toBe(expected.toString('hex'));
    }
  });

  it('HMAC-SM3 digests are identical', () => {
    const key = randomBytes(16);
    for (const text of ['', 'POST\n/api/x\n1\nab\n\n', '中文😀'.repeat(50)]) {
      const expected = createHmac('sm3', key).update(text, 'utf8').digest('hex');
      expect(sm3(new TextEncoder().encode(text), { key: new Uint8Array(key), mode: 'hmac' })).toBe(expected);
    }
  });

  it('encryptText / decryptText agree with node:crypto both ways', () => {
    const key = new Uint8Array(randomBytes(16));
    const text = JSON.stringify({ name: '张三 🧧', n: 1 });
    expect(nodeDecrypt(key, encryptText(key, text))).toBe(text);
    expect(decryptText(key, nodeSealResponse(key, 'n', 200, text).params)).toBe(text);
    expect(decryptText(key, 'not base64!')).toBeUndefined();
    expect(decryptText(new Uint8Array(randomBytes(16)), encryptText(key, text))).not.toBe(text);
  });
});

describe('ClientEnvelope.seal', () => {
  it('wraps the key with SM2 C1C3C2, signs every field and encrypts body and query', () => {
    const env = new ClientEnvelope(pair.publicKey, { now: () => 1_700_000_000_000 });
    const body = { name: '客户', tags: ['a'] };
    const sealed = env.seal({ method: 'post', path: '/api/common/customer', body, query: { a: 1, skip: undefined } });
    const key = sm2.doDecrypt(sealed.headers[EnvelopeHeaders.KEY], pair.privateKey, 1, { output: 'array' });
    expect(Buffer.from(key).equals(Buffer.from(sealed.ctx.key))).toBe(true);
    expect(sealed.headers[EnvelopeHeaders.TS]).toBe('1700000000000');
    expect(sealed.headers[EnvelopeHeaders.NONCE]).toMatch(/^[0-9a-f]{32}$/);
    expect(nodeDecrypt(key, sealed.body!.params)).toBe(JSON.stringify(body));
    expect(nodeDecrypt(key, sealed.query!.params)).toBe('{"a":1}');
    const input = requestSignInput({
      method: 'POST',
      path: '/api/common/customer',
      ts: '1700000000000',
      nonce: sealed.ctx.nonce,
      queryParams: sealed.query!.params,
      bodyParams: sealed.body!.params,
    });
    expect(sealed.headers[EnvelopeHeaders.SIGN]).toBe(createHmac('sm3', key).update(input).digest('hex'));
  });

  it('omits body and query when there are none, and every request gets a new nonce', () => {
    const env = new ClientEnvelope(pair.publicKey);
    const a = env.seal({ method: 'GET', path: '/api/auth/userInfo', query: { x: undefined } });
    const b = env.seal({ method: 'GET', path: '/api/auth/userInfo' });
    expect(a.body).toBeUndefined();
    expect(a.query).toBeUndefined();
    expect(a.ctx.nonce).not.toBe(b.ctx.nonce);
  });

  it('reuses one content key until its time or use count runs out', () => {
    let now = 0;
    const env = new ClientEnvelope(pair.publicKey, { now: () => now, keyTtlMs: 1000, maxKeyUses: 3 });
    const keyOf = () => env.seal({ method: 'GET', path: '/a' }).headers[EnvelopeHeaders.KEY];
    const first = keyOf();
    expect(keyOf()).toBe(first);
    expect(keyOf()).toBe(first);
    const second = keyOf(); // fourth use
    expect(second).not.toBe(first);
    now = 1000;
    expect(keyOf()).not.toBe(second);
  });

  it('refuses a malformed public key and a relative path', () => {
    expect(() => new ClientEnvelope('04abcd')).toThrow(TypeError);
    expect(() => new ClientEnvelope(pair.publicKey).seal({ method: 'GET', path: 'api/x' })).toThrow(TypeError);
  });
});

describe('ClientEnvelope.open', () => {
  const env = new ClientEnvelope(pair.publicKey);
  const sealed = env.seal({ method: 'GET', path: '/api/x' });
  const json = JSON.stringify({ code: '200', message: '成功', data: { emoji: '👍🏽' } });
  const headers = { [EnvelopeHeaders.ENCRYPTED]: '1' };

  it('verifies and decrypts a reply sealed by node:crypto', () => {
    const body = nodeSealResponse(sealed.ctx.key, sealed.ctx.nonce, 200, json);
    expect(env.openText(headers, body, sealed.ctx, 200)).toBe(json);
    expect(env.open(new Headers(headers), body, sealed.ctx, 200)).toEqual(JSON.parse(json));
  });

  it('rejects a changed status, another request nonce, a changed sign or params', () => {
    const body = nodeSealResponse(sealed.ctx.key, sealed.ctx.nonce, 200, json);
    const other = env.seal({ method: 'GET', path: '/api/x' });
    const flipped = body.params.slice(0, 30) + (body.params[30] === 'A' ? 'B' : 'A') + body.params.slice(31);
    const cases: [unknown, number, typeof sealed.ctx][] = [
      [body, 500, sealed.ctx],
      [body, 200, other.ctx],
      [{ ...body, sign: body.sign.replace(/^./, (c) => (c === '0' ? '1' : '0')) }, 200, sealed.ctx],
      [{ ...body, params: flipped }, 200, sealed.ctx],
      [{ params: body.params }, 200, sealed.ctx],
    ];
    for (const [b, status, ctx] of cases) {
      const error = errorOf(() => env.open(headers, b, ctx, status));
      expect(error).toBeInstanceOf(EnvelopeError);
      expect((error as EnvelopeError).key).toBe('error.hashCheck');
    }
  });

  it('accepts unsealed error answers without data; rejects unsealed success or data', () => {
    const rejection = { code: 'P4000', message: '请求数据校验失败', data: null };
    expect(env.open({}, rejection, sealed.ctx, 400)).toEqual(rejection);
    expect(env.open({}, { code: 'P4029', message: 'slow down' }, sealed.ctx, 429)).toEqual({
      code: 'P4029',
      message: 'slow down',
    });
    for (const forged of [
      { code: '200', message: '', data: null },
      { code: 200, message: '', data: 1 },
      { code: 'P4003', message: '', data: { leaked: true } },
      { message: 'no code', data: null },
      ['not', 'an', 'object'],
    ]) {
      expect(() => env.open({}, forged, sealed.ctx, 200)).toThrow(EnvelopeError);
    }
  });

  it('rejects a correctly signed reply whose plaintext is not JSON', () => {
    const body = nodeSealResponse(sealed.ctx.key, sealed.ctx.nonce, 200, 'not json');
    expect(env.openText(headers, body, sealed.ctx, 200)).toBe('not json');
    expect(() => env.open(headers, body, sealed.ctx, 200)).toThrow(EnvelopeError);
  });
});

describe('the session token (x-sec-auth)', () => {
  const token = 'a'.repeat(20) + 'Token_-0123456789';

  it('goes sealed under the content key, a fresh iv each time, and is signed with the request', () => {
    const env = new ClientEnvelope(pair.publicKey, { now: () => 1_700_000_000_000 });
    const a = env.seal({ method: 'GET', path: '/api/auth/userInfo', token });
    const b = env.seal({ method: 'GET', path: '/api/auth/userInfo', token });
    const auth = a.headers[EnvelopeHeaders.AUTH]!;
    expect(auth).not.toContain(token);
    expect(auth).not.toBe(b.headers[EnvelopeHeaders.AUTH]);
    expect(nodeDecrypt(a.ctx.key, auth)).toBe(token);
    const input = requestSignInput({
      method: 'GET',
      path: '/api/auth/userInfo',
      ts: '1700000000000',
      nonce: a.ctx.nonce,
      queryParams: '',
      bodyParams: '',
      auth,
    });
    expect(a.headers[EnvelopeHeaders.SIGN]).toBe(createHmac('sm3', a.ctx.key).update(input).digest('hex'));
    expect(env.seal({ method: 'GET', path: '/x' }).headers[EnvelopeHeaders.AUTH]).toBeUndefined();
  });

  it('a renewal made by node:crypto opens only with its own request’s key and nonce', () => {
    const env = new ClientEnvelope(pair.publicKey);
    const { ctx } = env.seal({ method: 'GET', path: '/api/x' });
    const iv = randomBytes(16);
    const c = createCipheriv('sm4-cbc', ctx.key, iv);
    const sealed = Buffer.concat([iv, c.update(token, 'utf8'), c.final()]).toString('base64');
    const sign = createHmac('sm3', ctx.key).update(authSignInput(ctx.nonce, sealed)).digest('hex');
    const headers = { [EnvelopeHeaders.AUTH]: `${sealed}.${sign}` };
    expect(env.openToken(headers, ctx)).toBe(token);
    expect(env.openToken({}, ctx)).toBeUndefined();
    const other = env.seal({ method: 'GET', path: '/api/x' }).ctx;
    expect(() => env.openToken(headers, other)).toThrow(EnvelopeError);
    expect(() => env.openToken({ [EnvelopeHeaders.AUTH]: sealed }, ctx)).toThrow(EnvelopeError);
  });
});
