/**
 * Rich text and markdown storage formats (ai-and-widgets §3), shared with the systems that read the
 * same rows: rich text is base64 of the URI-encoded HTML, markdown is URI-encoded text. Pure and
 * tolerant: a value that is not valid base64 / URI encoding decodes to "no value" (rich text, quietly,
 * as the spec says) or to itself (markdown written by hand), never throws.
 */
import type { ValueCodec } from '../registry';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** URI-encoding makes the text ASCII, so btoa (browser and Node) needs no UTF-8 handling of its own. */
export function encodeRichText(html: unknown): string | null {
  if (typeof html !== 'string' || html === '') return null;
  return btoa(encodeURIComponent(html));
}

export function decodeRichText(stored: unknown): string | undefined {
  if (typeof stored !== 'string' || stored.trim() === '') return undefined;
  const compact = stored.replace(/\s+/g, '');
  if (compact.length % 4 === 1 || !BASE64.test(compact)) return undefined;
  try {
    return decodeURIComponent(atob(compact));
  } catch {
    return undefined;
  }
}

export function encodeMarkdown(text: unknown): string | null {
  if (typeof text !== 'string' || text === '') return null;
  return encodeURIComponent(text);
}

export function decodeMarkdown(stored: unknown): string | undefined {
  if (typeof stored !== 'string' || stored === '') return undefined;
  try {
    return decodeURIComponent(stored);
  } catch {
    // Hand-written rows (a bare "100%") are not URI-encoded: show them as they are.
    return stored;
  }
}

export const richTextCodec: ValueCodec<string, string> = {
  decode: (stored) => decodeRichText(stored),
  encode: (value) => encodeRichText(value),
};

export const markdownCodec: ValueCodec<string, string> = {
  decode: (stored) => decodeMarkdown(stored),
  encode: (value) => encodeMarkdown(value),
};

/** Rich editor height (platform-shell §9). */
export const RICH_EDITOR_HEIGHT = 300;
