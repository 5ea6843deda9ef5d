// Secrets at rest: round trip, binding to a context, wrong key and tampering refused, the key file
// made once under the data directory, and the mask a browser sees.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createSecretBox,
  keyFromDataDir,
  maskSealed,
  maskSecret,
  parseSecretKey,
  SECRET_KEY_FILE,
  secretBoxFor,
  SecretError,
} from './secrets';

const KEY = Buffer.alloc(32, 7);
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function reason(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof SecretError) return error.reason;
    throw error;
  }
  throw new Error('expected a SecretError');
}

describe('secret box', () => {
  it('seals to text that does not contain the secret, and opens it again', () => {
    const box = createSecretBox(KEY);
    const sealed = box.seal('sk-live-4f9a8b7c6d5e', 'api_source:1:auth');
    expect(sealed).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(sealed).not.toContain('sk-live');
    expect(box.seal('sk-live-4f9a8b7c6d5e', 'api_source:1:auth')).not.toBe(sealed);
    expect(box.open(sealed, 'api_source:1:auth')).toBe('sk-live-4f9a8b7c6d5e');
  });

  it('refuses another context, another key and an altered value', () => {
    const box = createSecretBox(KEY);
    const sealed = box.seal('token', 'api_source:1:auth');
    expect(reason(() => box.open(sealed, 'api_source:2:auth'))).toBe('tampered');
    expect(reason(() => createSecretBox(Buffer.alloc(32, 8)).open(sealed, 'api_source:1:auth'))).toBe('otherKey');
    const parts = sealed.split('.');
    parts[4] = Buffer.from('tokeX').toString('base64url');
    expect(reason(() => box.open(parts.join('.'), 'api_source:1:auth'))).toBe('tampered');
    expect(reason(() => box.open('plain text', 'api_source:1:auth'))).toBe('format');
  });

  it('reads TESSERA_SECRET_KEY as hex or base64 and refuses another length', () => {
    expect(parseSecretKey('07'.repeat(32))).toEqual(KEY);
    expect(parseSecretKey(KEY.toString('base64'))).toEqual(KEY);
    expect(() => parseSecretKey('abcd')).toThrow('32 bytes');
    const a = secretBoxFor({ secretKey: '07'.repeat(32), dataDir: '/nonexistent' });
    expect(createSecretBox(KEY).open(a.seal('x', 'c'), 'c')).toBe('x');
  });

  it('without a key setting, makes one key file in the data directory on first use and keeps it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-secret-'));
    dirs.push(dir);
    const dataDir = join(dir, 'data');
    const box = secretBoxFor({ dataDir });
    const sealed = box.seal('hunter2', 'c');
    const file = join(dataDir, SECRET_KEY_FILE);
    expect(readFileSync(file, 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // A restart (a new box over the same directory) opens what the first sealed.
    expect(secretBoxFor({ dataDir }).open(sealed, 'c')).toBe('hunter2');
    expect(keyFromDataDir(dataDir)).toEqual(keyFromDataDir(dataDir));
  });
});

describe('maskSecret', () => {
  it('shows whether a secret is set and at most its last four characters', () => {
    expect(maskSecret('sk-live-4f9a8b7c6d5e')).toEqual({ set: true, mask: '••••6d5e' });
    expect(maskSecret('short')).toEqual({ set: true, mask: '••••' });
    expect(maskSecret('')).toEqual({ set: false, mask: '' });
    expect(maskSecret(null)).toEqual({ set: false, mask: '' });
  });
});

describe('maskSealed', () => {
  it('masks what the box opens; one sealed under another key shows as set without characters', () => {
    const box = createSecretBox(KEY);
    const sealed = box.seal('sk-live-4f9a8b7c6d5e', 'ai_model:1:api_key');
    expect(maskSealed(box, sealed, 'ai_model:1:api_key')).toEqual({ set: true, mask: '••••6d5e' });
    expect(maskSealed(createSecretBox(Buffer.alloc(32, 9)), sealed, 'ai_model:1:api_key')).toEqual({
      set: true,
      mask: '••••',
    });
    // Another row's context does not open it either.
    expect(maskSealed(box, sealed, 'ai_model:2:api_key')).toEqual({ set: true, mask: '••••' });
    expect(maskSealed(box, null, 'ai_model:1:api_key')).toEqual({ set: false, mask: '' });
    expect(maskSealed(box, '', 'ai_model:1:api_key')).toEqual({ set: false, mask: '' });
  });
});
