/**
 * Documents are sanitized on write (docs/documents.md "Sanitizing"). Two passes:
 * - `renderDocument` makes the stored `html`: markdown-it with raw HTML off, then DOMPurify over a
 *   jsdom window with the browser's own allow-list (runtime/core/sanitize: one list for both sides).
 *   This is what the readme serves; the browser sanitizes it once more before showing it.
 * - `cleanMarkdown` cleans the stored source itself, so another renderer (one with HTML on, an
 *   export) cannot revive what Tessera shows inert: a link or image whose destination has a scheme
 *   other than http(s)/mailto/tel (or a raster data: image) becomes `#`, and the `<` opening a raw
 *   HTML tag outside code becomes `&lt;` — which renders exactly as before with HTML off (as text).
 *   Code (fences, indented blocks, inline spans) is left as written: it is always shown as text.
 */
import { JSDOM } from 'jsdom';
import MarkdownIt from 'markdown-it';
import { sanitizerFor, withoutBlanks } from '../../runtime/core/sanitize/index';

const md = new MarkdownIt({ html: false, linkify: true, breaks: true });
const unescape = md.utils.unescapeAll;

let sanitize: ((html: string) => string) | undefined;

/** One jsdom window per process, made on the first document write. */
function sanitizer(): (html: string) => string {
  if (!sanitize) {
    const made = sanitizerFor(new JSDOM('').window);
    if (!made) throw new Error('DOMPurify cannot run on the jsdom window');
    sanitize = made;
  }
  return sanitize;
}

/** The document's HTML as the readme shows it: rendered with raw HTML off, then sanitized. */
export function renderDocument(markdown: string): string {
  return markdown ? sanitizer()(md.render(markdown)) : '';
}

const SAFE_SCHEME = /^(?:https?|mailto|tel)$/i;
const RASTER_DATA = /^data:image\/(?:png|jpe?g|gif|webp);base64,/i;

/** Whether a link or image destination may stay: no scheme (relative), a safe scheme, a raster data image. */
export function safeDestination(url: string, image: boolean): boolean {
  const plain = withoutBlanks(unescape(url.replace(/^<|>$/g, '')));
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(plain)?.[1];
  if (!scheme) return true;
  return SAFE_SCHEME.test(scheme) || (image && RASTER_DATA.test(plain));
}

// `](dest` of an inline link or image (`!` before the `[…]` marks an image).
const INLINE_DEST = /(!?)(\[[^\]\n]*\]\(\s*)(<[^>\n]*>|(?:[^\s()]|\([^\s()]*\))+)/g;
// `[label]: dest` reference definitions.
const REFERENCE_DEST = /^( {0,3}\[[^\]\n]+\]:[ \t]*)(<[^>\n]*>|\S+)/gm;
// An autolink `<scheme:…>`; other `<` before a letter, `/`, `!` or `?` opens raw HTML.
const AUTOLINK = /^<[a-z][a-z0-9+.-]{1,31}:[^<>\s]*>/i;
const EMAIL = /^<[\w.!#$%&'*+/=?^`{|}~-]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9-]+)*>/i;
const INLINE_CODE = /(`+)[\s\S]*?[^`]\1(?!`)|(`+)/g;

function cleanInline(text: string): string {
  const withLinks = text.replace(INLINE_DEST, (all, bang: string, head: string, dest: string) =>
    safeDestination(dest, bang === '!') ? all : `${bang}${head}#`,
  );
  let out = '';
  for (let i = 0; i < withLinks.length; i++) {
    const char = withLinks[i]!;
    if (char !== '<') {
      out += char;
      continue;
    }
    const rest = withLinks.slice(i);
    const link = AUTOLINK.exec(rest)?.[0] ?? EMAIL.exec(rest)?.[0];
    if (link && (EMAIL.test(link) || safeDestination(link.slice(1, -1), false))) {
      out += link;
      i += link.length - 1;
    } else out += /^<[a-z/!?]/i.test(rest) ? '&lt;' : '<';
  }
  return out;
}

/** A line outside code: its inline code spans kept, the text between them cleaned. */
function cleanLine(line: string): string {
  let out = '';
  let last = 0;
  for (const match of line.matchAll(INLINE_CODE)) {
    if (match[2]) continue; // a lone backtick run: not a span
    out += cleanInline(line.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  return out + cleanInline(line.slice(last));
}

/** The markdown source with unsafe destinations and raw HTML made inert (see the file comment). */
export function cleanMarkdown(markdown: string): string {
  const source = markdown
    .replace(/\r\n?/g, '\n')
    .replace(REFERENCE_DEST, (all, head: string, dest: string) => (safeDestination(dest, false) ? all : `${head}#`));
  let fence: string | undefined;
  let previousBlank = true;
  let inIndentedCode = false;
  return source
    .split('\n')
    .map((line) => {
      const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence) {
        if (
          marker &&
          marker[0] === fence[0] &&
          marker.length >= fence.length &&
          !/\S/.test(line.trim().slice(marker.length))
        )
          fence = undefined;
        return line;
      }
      if (marker) {
        fence = marker;
        return line;
      }
      const blank = line.trim() === '';
      // An indented code block starts after a blank line and runs while lines stay indented or blank.
      inIndentedCode = /^( {4}|\t)/.test(line) && (previousBlank || inIndentedCode);
      if (!blank && !/^( {4}|\t)/.test(line)) inIndentedCode = false;
      previousBlank = blank;
      return inIndentedCode || blank ? line : cleanLine(line);
    })
    .join('\n');
}
