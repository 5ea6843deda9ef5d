/**
 * Auto-number generation (building-blocks §4): a field's `auto_no_rule` is a list of parts joined in
 * order — fixed text, random digits (default 8) and the current date (default YYYYMMDDHHmmss).
 * Pure apart from the injectable clock and random source, so the browser and the server agree and
 * tests are exact. The server generates too (it is the authority); the form fills the value so the
 * operator sees it before saving.
 */
import dayjs from 'dayjs';

export interface AutoNoPart {
  type: 'text' | 'random' | 'date';
  /** text: the fixed text (a prefix when first). */
  value?: string;
  /** random: digit count, 1–32 (default 8). */
  digits?: number;
  /** date: a dayjs format (default YYYYMMDDHHmmss). */
  format?: string;
}

export const DEFAULT_RANDOM_DIGITS = 8;
export const DEFAULT_DATE_FORMAT = 'YYYYMMDDHHmmss';
const MAX_DIGITS = 32;

export interface AutoNoOptions {
  now?: () => number;
  /** Returns an integer 0–9; defaults to crypto.getRandomValues (never Math.random: numbers must not be guessable). */
  randomDigit?: () => number;
}

function cryptoDigit(): number {
  // Rejection sampling keeps every digit equally likely (250 is the largest multiple of 10 below 256).
  const byte = new Uint8Array(1);
  for (;;) {
    globalThis.crypto.getRandomValues(byte);
    if (byte[0]! < 250) return byte[0]! % 10;
  }
}

/**
 * Reads a rule as stored: the parts array, one part object, or their JSON text. Anything else
 * (including unknown part types) yields no parts, so a bad rule never produces a half number.
 */
export function parseAutoNoRule(rule: unknown): AutoNoPart[] {
  let value = rule;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  const list = Array.isArray(value) ? value : value && typeof value === 'object' ? [value] : [];
  const parts: AutoNoPart[] = [];
  for (const item of list) {
    if (!item || typeof item !== 'object') return [];
    const part = item as Record<string, unknown>;
    if (part.type !== 'text' && part.type !== 'random' && part.type !== 'date') return [];
    parts.push({
      type: part.type,
      value: typeof part.value === 'string' ? part.value : undefined,
      digits: typeof part.digits === 'number' ? part.digits : undefined,
      format: typeof part.format === 'string' && part.format ? part.format : undefined,
    });
  }
  return parts;
}

/** The number for a rule; '' when the rule has no usable parts. */
export function generateAutoNo(rule: unknown, options: AutoNoOptions = {}): string {
  const now = options.now ?? Date.now;
  const digit = options.randomDigit ?? cryptoDigit;
  return parseAutoNoRule(rule)
    .map((part) => {
      if (part.type === 'text') return part.value ?? '';
      if (part.type === 'date') return dayjs(now()).format(part.format ?? DEFAULT_DATE_FORMAT);
      const count = Math.min(MAX_DIGITS, Math.max(1, Math.floor(part.digits ?? DEFAULT_RANDOM_DIGITS)));
      let out = '';
      for (let i = 0; i < count; i++) out += String(digit());
      return out;
    })
    .join('');
}

const isBlank = (v: unknown) => v === undefined || v === null || v === '';

/**
 * Fills the auto-number fields of a record: on add and copy every one of them (a copy must not
 * keep the source's number), otherwise only the empty ones. Returns a new object.
 */
export function applyAutoNumbers(
  values: Record<string, unknown>,
  fields: readonly { key: string; auto_no_rule?: unknown }[],
  mode: 'add' | 'copy' | 'edit' | 'detail',
  options: AutoNoOptions = {},
): Record<string, unknown> {
  if (mode === 'detail') return values;
  const out = { ...values };
  for (const field of fields) {
    if (field.auto_no_rule === undefined || field.auto_no_rule === null) continue;
    if (mode === 'edit' && !isBlank(out[field.key])) continue;
    const generated = generateAutoNo(field.auto_no_rule, options);
    if (generated) out[field.key] = generated;
  }
  return out;
}
