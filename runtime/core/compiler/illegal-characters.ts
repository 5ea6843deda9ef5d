/**
 * Illegal input for text widgets (building-blocks §5, platform-shell §5): the words null (any
 * casing), alert and confirm, html tags such as script / iframe / img / svg / a / style, and the
 * characters  space ! # $ & _ ` { } % | [ ] : " ; ' < > @ + - / = * ^ ~  with their full-width
 * forms (U+FF01–FF5E, and U+3000 for space). Pure, so the browser, the server and imports agree.
 * Words match anywhere and case-insensitively, as the spec's filter did ("nullable" is rejected too).
 *
 * The check is chosen per widget (issue 22: the whole list applied to every text broke ordinary
 * input): 'strict' is the spec's list as written; 'name' (single-line input) lets spaces through
 * so "ACME Trading" or "Tessera Demo" can be typed; 'prose' (textarea) rejects only html (the tags
 * and "<" ">"), since a remark needs spaces, ":", "/", "@" and "%", and React escapes what it shows.
 */
export type TextPolicy = 'strict' | 'name' | 'prose';
const ASCII = ' !#$&_`{}%|[]:";\'<>@+-/=*^~';

function fullWidth(ch: string): string {
  return ch === ' ' ? '\u3000' : String.fromCharCode(ch.charCodeAt(0) + 0xfee0);
}

/** Every illegal character, ASCII then full-width (exported for the docs and the tests). */
export const ILLEGAL_CHARACTERS: readonly string[] = [...ASCII].flatMap((ch) => [ch, fullWidth(ch)]);

const escape = (ch: string) => ch.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
const CHAR_CLASS = `[${ILLEGAL_CHARACTERS.map(escape).join('')}]`;
const TAGS = '<\\s*\\/?\\s*(?:script|iframe|img|svg|a|style)\\b';
const WORDS = 'null|alert|confirm';

const SPACES = new Set([' ', '\u3000']);
const NAME_CHAR_CLASS = `[${ILLEGAL_CHARACTERS.filter((ch) => !SPACES.has(ch))
  .map(escape)
  .join('')}]`;

// Tags first so "<script" reports as one token; they start with "<", so they are illegal anyway.
const PATTERNS: Record<TextPolicy, RegExp> = {
  strict: new RegExp(`${TAGS}|${WORDS}|${CHAR_CLASS}`, 'giu'),
  name: new RegExp(`${TAGS}|${WORDS}|${NAME_CHAR_CLASS}`, 'giu'),
  prose: new RegExp(`${TAGS}|[<>]`, 'giu'),
};

/** The offending tokens in order of appearance, each once (lower-cased words and tags). */
export function findIllegalCharacters(text: string, policy: TextPolicy = 'strict'): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(PATTERNS[policy]))
    found.add(match[0].length > 1 ? match[0].toLowerCase() : match[0]);
  return [...found];
}

export function hasIllegalCharacters(text: string, policy: TextPolicy = 'strict'): boolean {
  return new RegExp(PATTERNS[policy].source, 'iu').test(text);
}

/** Removes every illegal token (the spec's "stripping"); repeated until stable so "nunullll" goes. */
export function stripIllegalCharacters(text: string, policy: TextPolicy = 'strict'): string {
  return stripAroundCaret(text, text.length, policy).text;
}

export interface StrippedText {
  text: string;
  /** Where the caret belongs in `text`: it keeps its place relative to the characters kept. */
  caret: number;
}

/**
 * Strips like stripIllegalCharacters and follows a caret through each removal: a token before
 * the caret pulls it back by its length, a token around it leaves it at the token's start.
 */
export function stripAroundCaret(text: string, caret: number, policy: TextPolicy = 'strict'): StrippedText {
  const ILLEGAL = PATTERNS[policy];
  let current = text;
  let at = Math.max(0, Math.min(caret, text.length));
  for (;;) {
    const matches = [...current.matchAll(ILLEGAL)];
    if (!matches.length) return { text: current, caret: at };
    let removedBeforeCaret = 0;
    for (const { index: start, 0: token } of matches) {
      if (start >= at) break;
      removedBeforeCaret += Math.min(token.length, at - start);
    }
    at -= removedBeforeCaret;
    current = current.replace(ILLEGAL, '');
  }
}
