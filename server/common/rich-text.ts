/**
 * Rich text is sanitized on write (issue 21): a value of a rich-text column (stored as base64 of
 * the URI-encoded HTML, ai-and-widgets §3) is decoded, passed through DOMPurify with the client's
 * own allow-list (runtime/core/sanitize: one list for both sides) over a jsdom window, and stored
 * re-encoded. So a crafted request or a script writing straight to the API cannot store markup
 * that runs in a page, and the page's own sanitizing on display is a second wall, not the only
 * one. A value that does not decode is refused (the page would show it as nothing anyway).
 * Markdown and plain text are stored as text: the page renders markdown with HTML off and then
 * sanitizes it, and plain text is only ever rendered as text (React text nodes).
 */
import { JSDOM } from 'jsdom';
import { decodeRichText, encodeRichText } from '../../runtime/core/codecs/text-encoding';
import { sanitizerFor } from '../../runtime/core/sanitize/index';
import { badRequest } from '../errors';
import type { Row } from './values';

let sanitize: ((html: string) => string) | undefined;

/** One jsdom window per process, made on the first rich-text write (~50 ms, a few MB). */
function sanitizer(): (html: string) => string {
  if (!sanitize) {
    const made = sanitizerFor(new JSDOM('').window);
    // jsdom always supports DOMPurify; failing closed here keeps markup out if that ever changes.
    if (!made) throw new Error('DOMPurify cannot run on the jsdom window');
    sanitize = made;
  }
  return sanitize;
}

/**
 * The stored form of one rich-text value, sanitized; null stays null. `keepUndecodable`: an import
 * cell that is not encoded rich text is kept as the text it is (the page shows no HTML for it).
 */
export function sanitizeStoredRichText(key: string, stored: unknown, keepUndecodable = false): unknown {
  if (stored === null || stored === undefined || stored === '') return stored;
  const html = decodeRichText(stored);
  if (html === undefined) {
    if (keepUndecodable) return stored;
    throw badRequest('data.richTextEncoding', { key });
  }
  return encodeRichText(sanitizer()(html));
}

/** Sanitizes, in place, the rich-text columns present in converted values. */
export function sanitizeRichColumns(values: Row, richColumns: ReadonlySet<string>, keepUndecodable = false): Row {
  for (const key of richColumns)
    if (key in values) values[key] = sanitizeStoredRichText(key, values[key], keepUndecodable);
  return values;
}
