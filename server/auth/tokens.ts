import { createHash, randomBytes } from 'node:crypto';

/** An opaque session token: 32 random bytes, base64url. Only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The token of an `authorization` header, with or without a Bearer scheme. */
export function tokenFromHeader(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const token = value?.replace(/^Bearer\s+/i, '').trim();
  return token && /^[A-Za-z0-9_-]{20,128}$/.test(token) ? token : undefined;
}
