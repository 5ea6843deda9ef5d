/**
 * File values (ai-and-widgets §3): multi-upload values are stored as a JSON array of {url, name}.
 * Older rows and other systems hold the same thing as a single object, a bare URL string, or a
 * URI-encoded JSON string; readFiles accepts them all so display widgets never break on a row.
 */
import type { ValueCodec } from '../registry';

export interface FileRef {
  url: string;
  name: string;
}

function fromItem(item: unknown): FileRef | undefined {
  if (typeof item === 'string') {
    const url = item.trim();
    return url ? { url, name: nameFromUrl(url) } : undefined;
  }
  if (item && typeof item === 'object') {
    const { url, name } = item as Record<string, unknown>;
    if (typeof url !== 'string' || url.trim() === '') return undefined;
    return { url: url.trim(), name: typeof name === 'string' && name ? name : nameFromUrl(url.trim()) };
  }
  return undefined;
}

export function nameFromUrl(url: string): string {
  const path = url.split(/[?#]/)[0];
  const last = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function readFiles(stored: unknown): FileRef[] {
  if (stored === null || stored === undefined || stored === '') return [];
  if (Array.isArray(stored)) return stored.map(fromItem).filter((f): f is FileRef => Boolean(f));
  if (typeof stored === 'string') {
    const text = stored.trim();
    if (text.startsWith('[') || text.startsWith('{')) {
      const parsed = parseJson(text);
      return parsed === undefined ? [] : readFiles(parsed);
    }
    if (/^%5B|^%7B/i.test(text)) {
      let decoded: string | undefined;
      try {
        decoded = decodeURIComponent(text);
      } catch {
        return [];
      }
      return readFiles(decoded);
    }
    const single = fromItem(text);
    return single ? [single] : [];
  }
  const single = fromItem(stored);
  return single ? [single] : [];
}

export function writeFiles(files: unknown): string | null {
  const list = readFiles(files);
  return list.length ? JSON.stringify(list.map(({ url, name }) => ({ url, name }))) : null;
}

export const filesCodec: ValueCodec<FileRef[], string> = {
  decode: (stored) => readFiles(stored),
  encode: (value) => writeFiles(value),
};
