/**
 * QR payloads (ai-and-widgets §9: "data is encrypted before encoding"). The platform encrypts what it
 * writes into a QR code with SM4 (CBC, PKCS#7, random IV) under the app's QR key, appends an
 * HMAC-SM3 tag (encrypt-then-MAC: without it a wrong key passes the padding check about once in 256
 * tries and decodes to garbage) and prefixes a version tag, so its own scanner (decodeQrPayload) can tell its codes apart and read them back,
 * while a stranger's phone sees only ciphertext. Key: 32 hex characters (128 bits) handed over by
 * the shell from the app settings via configureQrKey(); never put it in a page schema. Without a
 * key the raw text is encoded (a dev / demo setup), flagged by encrypted=false.
 */
import { sm3, sm4 } from 'sm-crypto-v2';
import { QR_MAX_TEXT_BYTES } from './limits';

export { QR_MAX_TEXT_BYTES };
export const QR_PREFIX = 'TQ2:';
/** Hex characters of the truncated HMAC-SM3 tag (128 bits). */
const TAG_HEX = 32;

const KEY = /^[0-9a-fA-F]{32}$/;
let appKey: string | undefined;

/** Called by the shell once the app info is known (undefined clears it, e.g. on logout). */
export function configureQrKey(key: string | undefined): void {
  if (key !== undefined && !KEY.test(key)) throw new Error('QR key must be 32 hex characters (SM4, 128 bits)');
  appKey = key?.toLowerCase();
}

export const qrKeyConfigured = () => appKey !== undefined;

function randomIv(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export type QrContent =
  { state: 'empty' } | { state: 'unsupported' } | { state: 'ok'; raw: string; payload: string; encrypted: boolean };

/** What to draw for a field value: 'empty data', 'format not supported', or the payload. */
export function qrContent(value: unknown, key: string | undefined = appKey): QrContent {
  if (value === null || value === undefined || value === '') return { state: 'empty' };
  if (typeof value !== 'string' && typeof value !== 'number') return { state: 'unsupported' };
  const raw = String(value);
  if (new TextEncoder().encode(raw).length > QR_MAX_TEXT_BYTES) return { state: 'unsupported' };
  if (!key) return { state: 'ok', raw, payload: raw, encrypted: false };
  return { state: 'ok', raw, payload: encryptQrText(raw, key), encrypted: true };
}

/** The MAC key is derived from the QR key, so one key never serves both the cipher and the MAC. */
function tagOf(body: string, key: string): string {
  const macKey = sm3('tessera-qr-mac', { key });
  return sm3(`${QR_PREFIX}${body}`, { key: macKey }).slice(0, TAG_HEX);
}

export function encryptQrText(text: string, key: string): string {
  const iv = randomIv();
  const body = `${iv}${sm4.encrypt(text, key, { mode: 'cbc', iv })}`;
  return `${QR_PREFIX}${body}${tagOf(body, key)}`;
}

/** The platform's decoder: text for a payload it wrote with this key, undefined otherwise. */
export function decodeQrPayload(payload: string, key: string | undefined = appKey): string | undefined {
  if (!key || !payload.startsWith(QR_PREFIX)) return undefined;
  const sealed = payload.slice(QR_PREFIX.length).toLowerCase();
  if (!/^[0-9a-f]{96,}$/.test(sealed) || sealed.length % 32 !== 0) return undefined;
  const body = sealed.slice(0, -TAG_HEX);
  // Written with another key (or altered): the tag says so before any decryption is tried.
  if (tagOf(body, key) !== sealed.slice(-TAG_HEX)) return undefined;
  try {
    const text = sm4.decrypt(body.slice(32), key, { mode: 'cbc', iv: body.slice(0, 32) });
    return typeof text === 'string' && text !== '' ? text : undefined;
  } catch {
    return undefined;
  }
}
