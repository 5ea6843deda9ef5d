/**
 * Per-app persistent storage (spec platform-shell §3): every key carries the product prefix and the
 * app identifier, and every value its own expiry (7 days), so two apps open in one browser never
 * share a token and stale data is dropped on read.
 */
import { SESSION_TTL_MS, STORAGE_PREFIX } from '../../protocol/constants';

interface Boxed<T> {
  value: T;
  expiresAt: number;
}

export const storageKey = (app: string, name: string) => `${STORAGE_PREFIX}${app}_${name}`;

export function readStored<T>(app: string, name: string, now = Date.now()): T | undefined {
  const raw = localStorage.getItem(storageKey(app, name));
  if (!raw) return undefined;
  try {
    const boxed = JSON.parse(raw) as Boxed<T>;
    if (typeof boxed?.expiresAt !== 'number' || boxed.expiresAt <= now) {
      localStorage.removeItem(storageKey(app, name));
      return undefined;
    }
    return boxed.value;
  } catch {
    localStorage.removeItem(storageKey(app, name));
    return undefined;
  }
}

export function writeStored<T>(app: string, name: string, value: T, ttlMs = SESSION_TTL_MS, now = Date.now()): void {
  const boxed: Boxed<T> = { value, expiresAt: now + ttlMs };
  localStorage.setItem(storageKey(app, name), JSON.stringify(boxed));
}

export function removeStored(app: string, ...names: string[]): void {
  for (const name of names) localStorage.removeItem(storageKey(app, name));
}

/** Removes every stored value of one app whose name starts with `prefix` (e.g. cached schemas). */
export function removeStoredByPrefix(app: string, prefix: string): void {
  const start = storageKey(app, prefix);
  const doomed: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key?.startsWith(start)) doomed.push(key);
  }
  for (const key of doomed) localStorage.removeItem(key);
}
