/**
 * File values (ai-and-widgets §3): a stored file field may hold an array of {url, name}, one such
 * object, a plain URL string, or a URI-encoded JSON string of either; readFiles accepts them all.
 * Written back, a multi-upload is a JSON array of {url, name}; a single upload is its URL (so an
 * avatar or image column holds a URL other systems can use). Pure: no React, no network.
 */
import type { ValueCodec } from '../registry';

export interface FileItem {
  url: string;
  name: string;
}

/** The last path segment of a URL, decoded, without query or fragment. */
export function nameFromUrl(url: string): string {
  const path = url.split(/[?#]/)[0] ?? '';
  const last = path.split('/').filter(Boolean).pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

function item(raw: unknown): FileItem | undefined {
  if (typeof raw === 'string') {
    const url = raw.trim();
    return url ? { url, name: nameFromUrl(url) } : undefined;
  }
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    const record = raw as Record<string, unknown>;
    // antd's UploadFile keeps the server answer in response.data until it is normalised.
    const response = record.response as { data?: { url?: unknown; name?: unknown } } | undefined;
    const url = record.url ?? response?.data?.url;
    if (typeof url !== 'string' || url.trim() === '') return undefined;
    const name = typeof record.name === 'string' && record.name !== '' ? record.name : nameFromUrl(url);
    return { url: url.trim(), name };
  }
  return undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Every form a stored file value takes → a list of {url, name} (bad entries are dropped). */
export function readFiles(value: unknown): FileItem[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.map(item).filter((f): f is FileItem => f !== undefined);
  if (typeof value === 'object') {
    const one = item(value);
    return one ? [one] : [];
  }
  if (typeof value !== 'string') return [];
  const text = value.trim();
  if (text === '') return [];
  if (text.startsWith('[') || text.startsWith('{')) {
    const parsed = parseJson(text);
    if (parsed !== undefined) return readFiles(parsed);
  }
  // URI-encoded JSON: "%5B%7B%22url..." decodes to a JSON array or object.
  if (/^%5b|^%7b/i.test(text)) {
    let decoded: string | undefined;
    try {
      decoded = decodeURIComponent(text);
    } catch {
      decoded = undefined;
    }
    const parsed = decoded === undefined ? undefined : parseJson(decoded);
    if (parsed !== undefined && typeof parsed === 'object') return readFiles(parsed);
  }
  return [{ url: text, name: nameFromUrl(text) }];
}

/** Files → the stored value: multi a JSON array of {url, name}, single the first URL; none → null. */
export function writeFiles(files: readonly FileItem[], multiple: boolean): string | null {
  const list = files.filter((f) => f.url).map((f) => ({ url: f.url, name: f.name || nameFromUrl(f.url) }));
  if (list.length === 0) return null;
  return multiple ? JSON.stringify(list) : list[0].url;
}

/** The codec of every upload widget: props.multiple decides the stored form. */
export const fileCodec: ValueCodec<FileItem[], string> = {
  decode: (stored) => readFiles(stored),
  encode: (value, field) => writeFiles(readFiles(value), Boolean(field.props?.multiple)),
};
