/**
 * Secrets at rest (API keys, bearer tokens, passwords of upstream services; SMS and AI keys
 * later): AES-256-GCM under one server key, so a database dump alone reveals none of them.
 *
 * - The key is TESSERA_SECRET_KEY (32 bytes, hex or base64). Unset — the embedded single-instance
 *   default — a random key is made once in DATA_DIR/secret.key (mode 0600) and read from there
 *   afterwards. Several instances must share one key: set TESSERA_SECRET_KEY on each.
 * - A sealed value is `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url). The key id (8 hex digits of
 *   the key's SHA-256) tells "sealed under another key" apart from "tampered with".
 * - `context` is bound as additional data: a value sealed for one row and field cannot be copied
 *   into another row and opened there.
 * - Browsers only ever see `maskSecret`: whether one is set and its last four characters.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface SecretBox {
  /** Encrypts a secret; `context` (e.g. `api_source:<id>:auth`) must be given again to open it. */
  seal(plain: string, context: string): string;
  /** Decrypts; throws SecretError when the key differs or the value was altered. */
  open(sealed: string, context: string): string;
}

export class SecretError extends Error {
  constructor(readonly reason: 'format' | 'otherKey' | 'tampered') {
    super(`Secret cannot be opened (${reason})`);
    this.name = 'SecretError';
  }
}

export const SECRET_KEY_FILE = 'secret.key';
const VERSION = 'v1';

/** A 32-byte key from 64 hex digits or base64 (the forms TESSERA_SECRET_KEY accepts). */
export function parseSecretKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('A secret key must be 32 bytes (64 hex digits or base64)');
  return key;
}

/** Reads DATA_DIR/secret.key, or creates it (exclusive create: two first starts agree on one key). */
export function keyFromDataDir(dataDir: string): Buffer {
  const path = join(dataDir, SECRET_KEY_FILE);
  try {
    return parseSecretKey(readFileSync(path, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(path, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return parseSecretKey(readFileSync(path, 'utf8'));
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('A secret key must be 32 bytes');
  const keyId = createHash('sha256').update(key).digest('hex').slice(0, 8);
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
      return [VERSION, keyId, ...parts].join('.');
    },
    open(sealed, context) {
      const parts = sealed.split('.');
      if (parts.length !== 5 || parts[0] !== VERSION) throw new SecretError('format');
      if (parts[1] !== keyId) throw new SecretError('otherKey');
      const [iv, tag, body] = parts.slice(2).map((p) => Buffer.from(p, 'base64url')) as [Buffer, Buffer, Buffer];
      if (iv.length !== 12 || tag.length !== 16) throw new SecretError('format');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretError('tampered');
      }
    },
  };
}

/**
 * The server's box, from the settings: TESSERA_SECRET_KEY, else the data directory's key file.
 * The key is read on first use, so a server that stores no secret never writes a key file.
 */
export function secretBoxFor(config: { secretKey?: string; dataDir: string }): SecretBox {
  let box: SecretBox | undefined;
  const get = () =>
    (box ??= createSecretBox(config.secretKey ? parseSecretKey(config.secretKey) : keyFromDataDir(config.dataDir)));
  return {
    seal: (plain, context) => get().seal(plain, context),
    open: (sealed, context) => get().open(sealed, context),
  };
}

export interface SecretMask {
  /** Whether a secret is stored. */
  set: boolean;
  /** `••••` and the last four characters (fewer for a short secret); empty when none is set. */
  mask: string;
}

/** What a browser may see of a secret. Secrets of 8 characters or fewer show no characters at all. */
export function maskSecret(plain: string | null | undefined): SecretMask {
  if (!plain) return { set: false, mask: '' };
  return { set: true, mask: plain.length > 8 ? `••••${plain.slice(-4)}` : '••••' };
}

/**
 * The mask of a stored, sealed secret. One sealed under another key (the key file replaced) cannot
 * be opened: it still shows as set, without characters, until an admin enters it again — a config
 * page must keep listing, and must never answer the sealed text.
 */
export function maskSealed(box: SecretBox, sealed: string | null | undefined, context: string): SecretMask {
  if (!sealed) return maskSecret(null);
  try {
    return maskSecret(box.open(sealed, context));
  } catch {
    return { set: true, mask: '••••' };
  }
}
