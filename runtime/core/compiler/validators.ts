/**
 * Field validation as building-blocks §5 describes it: required ({title}不能为空 unless
 * requiredMessage), pattern rules (数据格式错误 unless a message), illegal characters for text
 * inputs (请勿输入非法字符！), "same as another field" rules (a confirmation repeats what it
 * confirms; 数据格式错误 unless a message). Rules run on change (Formily's onInput) and again when
 * the field loses focus, through one reaction, so a message never shows twice.
 */
import { isField, type GeneralField } from '@formily/core';
import { untracked } from '@formily/reactive';
import type { ISchema } from '@formily/json-schema';
import { translate } from '../../../protocol/messages/index';
import { textOf, type FieldDefinition, type Text } from '../../../protocol/page-schema';
import { hasIllegalCharacters } from './illegal-characters';
import type { CompileContext, TextCheck } from './types';

type Rule = Exclude<NonNullable<ISchema['x-validator']>, string | unknown[] | ((...args: any[]) => any)> &
  Record<string, unknown>;
type RuleOrFn = Rule | ((value: unknown, rule?: unknown, context?: RuleContext) => string | Promise<string>);

interface RuleItem {
  required?: boolean;
  pattern?: string;
  /** The key of a field of the same form whose value this one must repeat. */
  sameAs?: string;
  message?: Text;
}

/** What Formily passes a function rule besides the value: the field's own form. */
interface RuleContext {
  form?: { getValuesIn(path: string): unknown };
}

/**
 * A value that must equal another field's (a password confirmation). An empty value passes: that
 * is the required rule's job, so the user sees one message at a time.
 */
export function sameAsRule(key: string, message: string) {
  return (value: unknown, _rule?: unknown, context?: RuleContext): string => {
    if (value === undefined || value === null || value === '') return '';
    const other = context?.form?.getValuesIn(key);
    return value === other ? '' : message;
  };
}

/** `rules` may be an array or its JSON encoding (building-blocks §3); anything else is ignored. */
export function parseRules(rules: FieldDefinition['rules']): RuleItem[] {
  let list: unknown = rules;
  if (typeof rules === 'string') {
    try {
      list = JSON.parse(rules);
    } catch {
      return [];
    }
  }
  return Array.isArray(list) ? list.filter((r): r is RuleItem => typeof r === 'object' && r !== null) : [];
}

function safePattern(pattern: string): string | undefined {
  try {
    new RegExp(pattern);
    return pattern;
  } catch {
    console.warn(`[tessera] ignoring an invalid pattern: ${pattern}`);
    return undefined;
  }
}

export function requiredMessage(field: FieldDefinition, lang: CompileContext['lang']): string {
  return field.requiredMessage !== undefined
    ? textOf(field.requiredMessage, lang)
    : translate(lang, 'form.required', { title: textOf(field.title, lang) });
}

/** An absolute http(s) address: what a menu link, a frame or a new window can open. */
export function isWebUrl(text: string): boolean {
  if (/\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** `checkText`: true is the spec's full check (older callers), false none, else the widget's check. */
export function buildValidators(
  field: FieldDefinition,
  ctx: CompileContext,
  checkText: boolean | TextCheck,
): RuleOrFn[] {
  const { lang } = ctx;
  const rules: RuleOrFn[] = [];
  const formatMessage = (message: Text | undefined) =>
    message !== undefined ? textOf(message, lang) : translate(lang, 'form.patternInvalid');
  const search = ctx.mode === 'search';
  const items = parseRules(field.rules);

  if (!search && (field.required || items.some((r) => r.required))) {
    const custom = items.find((r) => r.required && r.message !== undefined);
    rules.push({ required: true, message: custom ? textOf(custom.message, lang) : requiredMessage(field, lang) });
  } else if (!search && field.requiredFn) {
    // Off until the field's requiredFn reaction (compiler/field.ts) turns it on, message and all.
    rules.push({ required: false, message: requiredMessage(field, lang) });
  }
  if (!search) {
    const patterns: [string | undefined, Text | undefined][] = [
      [field.rule_pattern, field.rule_message],
      [field.pattern, field.message],
      ...items.map((r): [string | undefined, Text | undefined] => [r.pattern, r.message]),
    ];
    for (const [pattern, message] of patterns) {
      const valid = pattern ? safePattern(pattern) : undefined;
      if (valid) rules.push({ pattern: valid, message: formatMessage(message) });
    }
    for (const item of items) {
      if (typeof item.sameAs === 'string' && item.sameAs)
        rules.push(sameAsRule(item.sameAs, formatMessage(item.message)));
    }
  }
  const check: TextCheck = checkText === true ? 'strict' : checkText === false ? 'none' : checkText;
  if (check === 'url') {
    const message = translate(lang, 'form.urlInvalid');
    rules.push((value: unknown) => (typeof value === 'string' && value !== '' && !isWebUrl(value) ? message : ''));
  } else if (check !== 'none' && !field.allowSpecialCharacter) {
    const message = translate(lang, 'form.illegalCharacters');
    rules.push((value: unknown) => (typeof value === 'string' && hasIllegalCharacters(value, check) ? message : ''));
  }
  // Last: its answer comes after what the browser can tell at once.
  if (!search && field.checkApi && ctx.check) rules.push(remoteCheck(field.checkApi, field.key, ctx.check));
  return rules;
}

/** How long typing must pause before a checkApi is asked (one request per pause, not per key). */
export const REMOTE_CHECK_PAUSE_MS = 300;

/**
 * A field's checkApi as an async rule: asked after a pause in typing; an answer for a value the
 * user has typed past is dropped (the newer run decides), so a stale message never shows.
 */
export function remoteCheck(api: string, key: string, check: NonNullable<CompileContext['check']>) {
  let latest: unknown;
  return async (value: unknown): Promise<string> => {
    latest = value;
    if (typeof value !== 'string' || value.trim() === '') return '';
    await new Promise((resolve) => setTimeout(resolve, REMOTE_CHECK_PAUSE_MS));
    if (latest !== value) return '';
    const message = await check(api, key, value);
    return latest === value ? (message ?? '') : '';
  };
}

/**
 * Re-runs the change-time rules when the field loses focus (spec: "triggered on change and blur").
 * Formily only validates `onBlur` rules on blur; re-running the onInput rules instead keeps one set
 * of feedback, so the same message is not listed twice.
 */
export function revalidateOnBlur(field: GeneralField): void {
  if (!isField(field)) return;
  const { active, visited } = field;
  if (!active && visited) untracked(() => void field.validate('onInput').catch(() => undefined));
}
