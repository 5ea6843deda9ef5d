/**
 * Text inputs strip illegal characters as the user types (building-blocks §5: "reject illegal
 * characters, warning 请勿输入非法字符！ and stripping … skipped when allowSpecialCharacter is set").
 * The decision is here, headless; runtime/react/widget-helpers/strip-illegal.tsx only applies it.
 * The validator (validators.ts) stays as the safety net for values that never went through typing
 * (loaded from the server, set by linkage or defaults).
 */
import type { FieldDefinition } from '../../../protocol/page-schema';
import { hasIllegalCharacters, stripAroundCaret, type StrippedText, type TextPolicy } from './illegal-characters';
import type { CompileContext, FieldCompiler, TextCheck } from './types';

/** The component prop the compile hook sets; the widgets' adapter strips only when it is true. */
export const STRIP_ILLEGAL_PROP = 'stripIllegalCharacters';

export interface TextInputEdit {
  /** The control's text after the user's edit (typed, pasted, dropped or committed by an IME). */
  text: string;
  /** The caret after the edit (selectionStart); the end of the text when unknown. */
  caret?: number | null;
  /** True while an IME composition is open: its interim text (pinyin with ' separators) is left alone. */
  composing?: boolean;
  /** Which characters the widget refuses (illegal-characters.ts); the spec's full list when absent. */
  policy?: TextPolicy;
}

/**
 * What the control should hold instead of the edit, or null when the edit stands (nothing
 * illegal, or an IME still composing). One call per edit, so a paste full of illegal characters
 * is one stripping and one warning.
 */
export function sanitizeTextInput({ text, caret, composing, policy }: TextInputEdit): StrippedText | null {
  if (composing || !hasIllegalCharacters(text, policy)) return null;
  return stripAroundCaret(text, caret ?? text.length, policy);
}

/** The check a field gets: none with allowSpecialCharacter, else what its widget chose. */
export function textCheckOf(field: FieldDefinition, compiler: FieldCompiler): TextCheck {
  if (!compiler.text || field.allowSpecialCharacter) return 'none';
  return compiler.text.check?.(field) ?? 'strict';
}

/** The policy to strip with as the user types (exactly where buildValidators adds the rule), if any. */
export function stripsAsTyped(field: FieldDefinition, ctx: CompileContext, compiler: FieldCompiler): TextPolicy | null {
  const check = textCheckOf(field, compiler);
  return ctx.mode === 'readPretty' || check === 'none' || check === 'url' ? null : check;
}

/**
 * Compile hook of a text widget (input, textarea): default max length and the widget's check,
 * stripping as typed. A URL is validated whole rather than stripped (":" and "/" are its syntax).
 */
export function textInputCompiler(maxLength: number, check?: (field: FieldDefinition) => TextCheck): FieldCompiler {
  const compiler: FieldCompiler = {
    text: { maxLength, ...(check ? { check } : {}) },
    adapt(schema, field, ctx) {
      const policy = stripsAsTyped(field, ctx, compiler);
      if (!policy) return;
      schema['x-component-props'] = { ...schema['x-component-props'], [STRIP_ILLEGAL_PROP]: policy };
    },
  };
  return compiler;
}
