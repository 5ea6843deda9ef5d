/**
 * Text inputs strip illegal characters as the user types (building-blocks §5: "reject illegal
 * characters, warning 请勿输入非法字符！ and stripping … skipped when allowSpecialCharacter is set").
 * The decision is here, headless; runtime/react/widget-helpers/strip-illegal.tsx only applies it.
 * The validator (validators.ts) stays as the safety net for values that never went through typing
 * (loaded from the server, set by linkage or defaults).
 */
import type { FieldDefinition } from '../../../protocol/page-schema';
import { hasIllegalCharacters, stripAroundCaret, type StrippedText } from './illegal-characters';
import type { CompileContext, FieldCompiler } from './types';

/** The component prop the compile hook sets; the widgets' adapter strips only when it is true. */
export const STRIP_ILLEGAL_PROP = 'stripIllegalCharacters';

export interface TextInputEdit {
  /** The control's text after the user's edit (typed, pasted, dropped or committed by an IME). */
  text: string;
  /** The caret after the edit (selectionStart); the end of the text when unknown. */
  caret?: number | null;
  /** True while an IME composition is open: its interim text (pinyin with ' separators) is left alone. */
  composing?: boolean;
}

/**
 * What the control should hold instead of the edit, or null when the edit stands (nothing
 * illegal, or an IME still composing). One call per edit, so a paste full of illegal characters
 * is one stripping and one warning.
 */
export function sanitizeTextInput({ text, caret, composing }: TextInputEdit): StrippedText | null {
  if (composing || !hasIllegalCharacters(text)) return null;
  return stripAroundCaret(text, caret ?? text.length);
}

/** Strip as the user types exactly where buildValidators adds the illegal-character rule. */
export function stripsAsTyped(field: FieldDefinition, ctx: CompileContext): boolean {
  return ctx.mode !== 'readPretty' && !field.allowSpecialCharacter;
}

/** Compile hook of a text widget (input, textarea): default max length, stripping as typed. */
export function textInputCompiler(maxLength: number): FieldCompiler {
  return {
    text: { maxLength },
    adapt(schema, field, ctx) {
      if (!stripsAsTyped(field, ctx)) return;
      schema['x-component-props'] = { ...schema['x-component-props'], [STRIP_ILLEGAL_PROP]: true };
    },
  };
}
