import { afterEach, describe, expect, it } from 'vitest';
import { configureQrKey, decodeQrPayload, encryptQrText, QR_PREFIX, qrContent, qrKeyConfigured } from './index';

const key = '0123456789abcdeffedcba9876543210';
const other = 'ffffffffffffffffffffffffffffffff';

afterEach(() => configureQrKey(undefined));

describe('QR payload encryption (SM4-CBC under the app key)', () => {
  it.each(['ORDER-2024-0001', '订单 🚀 第1号', '12345'])('round-trips %j, never showing the text', (text) => {
    const payload = encryptQrText(text, key);
    expect(payload.startsWith(QR_PREFIX)).toBe(true);
    expect(payload).not.toContain(text);
    expect(decodeQrPayload(payload, key)).toBe(text);
  });

  it('uses a fresh IV: the same text encrypts differently each time', () => {
    expect(encryptQrText('same', key)).not.toBe(encryptQrText('same', key));
  });

  it('refuses payloads from another key, foreign codes and tampered ones', () => {
    const payload = encryptQrText('secret', key);
    expect(decodeQrPayload(payload, other)).not.toBe('secret');
    expect(decodeQrPayload('https://example.com', key)).toBeUndefined();
    expect(decodeQrPayload(`${QR_PREFIX}zz`, key)).toBeUndefined();
    expect(decodeQrPayload(payload.slice(0, -2), key)).toBeUndefined();
    expect(decodeQrPayload(payload, undefined)).toBeUndefined();
  });

  it('takes the key configured by the shell, and rejects a malformed key', () => {
    expect(() => configureQrKey('short')).toThrow('32 hex');
    expect(qrKeyConfigured()).toBe(false);
    configureQrKey(key.toUpperCase());
    const content = qrContent('A-1');
    expect(content).toMatchObject({ state: 'ok', raw: 'A-1', encrypted: true });
    expect(decodeQrPayload((content as { payload: string }).payload)).toBe('A-1');
  });
});

describe('qrContent states', () => {
  it('empty data, format not supported, plain without a key', () => {
    expect(qrContent('')).toEqual({ state: 'empty' });
    expect(qrContent(null)).toEqual({ state: 'empty' });
    expect(qrContent({ a: 1 })).toEqual({ state: 'unsupported' });
    expect(qrContent('码'.repeat(400))).toEqual({ state: 'unsupported' });
    expect(qrContent(42)).toEqual({ state: 'ok', raw: '42', payload: '42', encrypted: false });
  });
});

describe('decodeQrPayload refuses what this key did not write', () => {
  const mine = '0123456789abcdeffedcba9876543210';
  const theirs = 'fedcba98765432100123456789abcdef';

  it('never decodes another key’s payload (CBC padding alone let 1 in 256 through as garbage)', () => {
    for (let i = 0; i < 600; i++) {
      expect(decodeQrPayload(encryptQrText(`ticket ${i} 工单 🚀`, theirs), mine)).toBeUndefined();
    }
  });

  it('refuses a payload with one character changed, in the ciphertext or in the tag', () => {
    const payload = encryptQrText('A-1', mine);
    const flip = (at: number) => payload.slice(0, at) + (payload[at] === '0' ? '1' : '0') + payload.slice(at + 1);
    expect(decodeQrPayload(payload, mine)).toBe('A-1');
    expect(decodeQrPayload(flip(QR_PREFIX.length + 40), mine)).toBeUndefined();
    expect(decodeQrPayload(flip(payload.length - 1), mine)).toBeUndefined();
    expect(decodeQrPayload(payload.slice(0, -32), mine)).toBeUndefined();
  });
});
