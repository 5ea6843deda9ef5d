/**
 * HTML sanitizer for rich text and markdown: DOMPurify (a maintained sanitizer, never a hand-written
 * filter) with a stricter profile. Runs before HTML is shown AND before it is stored, so a row
 * written by another system or by a crafted request cannot carry script into a page. Without a DOM
 * (the server without a window) DOMPurify cannot run: we fail closed and return the text escaped;
 * the server sanitizes stored rich text through sanitizerFor(jsdom's window) with this same list. Tests run under
 * jsdom: happy-dom's HTML parser is not spec-compliant and breaks DOMPurify (drops the first tag).
 */
import DOMPurify from 'dompurify';

// Active content, framing and form elements have no place in rich text.
const FORBID_TAGS = [
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'form',
  'base',
  'meta',
  'link',
  'math',
  'template',
  'noscript',
];
const FORBID_ATTR = ['srcdoc', 'formaction', 'action', 'xlink:href', 'ping'];
// Only these link schemes (relative links stay allowed); data: and javascript: never survive in href.
const SAFE_URL = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
// Images may be inline data images (wangEditor pastes them), nothing else.
const SAFE_IMG_SRC = /^(?:https?:|data:image\/(?:png|jpe?g|gif|webp);base64,|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
// CSS that can run script or load from elsewhere in some engines.
const BAD_CSS = /expression\s*\(|javascript:|vbscript:|url\s*\(|@import|behavior\s*:|-moz-binding/i;

/** Browsers ignore blanks and control characters inside a scheme ("jav\tascript:"): so must the check. */
export const withoutBlanks = (text: string) => [...text].filter((c) => c.charCodeAt(0) > 0x20).join('');

type Purifier = ReturnType<typeof DOMPurify>;

/** The one allow-list (the hooks here, the options in sanitizeWith), for the browser and the server. */
function configure(instance: Purifier): Purifier {
  instance.addHook('uponSanitizeAttribute', (node, data) => {
    const name = data.attrName;
    if (name === 'style' && BAD_CSS.test(data.attrValue)) data.keepAttr = false;
    if (name === 'href' && !SAFE_URL.test(withoutBlanks(data.attrValue))) data.keepAttr = false;
    if (name === 'src' && node.nodeName === 'IMG' && !SAFE_IMG_SRC.test(data.attrValue.trim())) data.keepAttr = false;
  });
  instance.addHook('afterSanitizeAttributes', (node) => {
    // A link that opens a new tab must not get a handle on this window.
    if (node.nodeName === 'A' && node.getAttribute('target')) node.setAttribute('rel', 'noopener noreferrer');
  });
  return instance;
}

function sanitizeWith(instance: Purifier, html: string): string {
  return instance.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS,
    FORBID_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOWED_URI_REGEXP: SAFE_URL,
    ADD_ATTR: ['target'],
  });
}

/**
 * A sanitizer over a given window (the server passes a jsdom window: server/common/rich-text.ts),
 * with exactly the client's allow-list. Undefined when DOMPurify cannot run on that window.
 */
export function sanitizerFor(win: unknown): ((html: string) => string) | undefined {
  const instance = DOMPurify(win as Window & typeof globalThis);
  if (!instance.isSupported) return undefined;
  configure(instance);
  return (html) => sanitizeWith(instance, html);
}

let purifier: Purifier | null | undefined;

function getPurifier() {
  if (purifier !== undefined) return purifier;
  const instance = typeof window !== 'undefined' ? DOMPurify(window) : null;
  if (!instance?.isSupported) return (purifier = null);
  return (purifier = configure(instance));
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function sanitizeHtml(html: unknown): string {
  if (typeof html !== 'string' || html === '') return '';
  const instance = getPurifier();
  if (!instance) return escapeHtml(html);
  return sanitizeWith(instance, html);
}

/** True when DOMPurify can run here (a DOM exists). */
export const canSanitize = () => getPurifier() !== null;
