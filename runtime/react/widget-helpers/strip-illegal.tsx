/**
 * Thin React adapter for sanitizeTextInput (runtime/core/compiler/text-input.ts): text widgets
 * strip illegal characters as the user types and say why with one keyed message, so repeated
 * typing replaces the warning rather than stacking it.
 *
 * antd's Input/TextArea hand onChange a clone of the event whose target is a detached copy of the
 * control; the real control is nativeEvent.target. We write the stripped text into the real
 * control (so React finds nothing to restore and the caret stays put) and into the event the form
 * reads (Formily takes e.target.value). While an IME composes, the form only holds the interim
 * text (field.setValue, no rules run); the commit goes through onChange like any input.
 */
import { useRef, type ChangeEvent, type CompositionEvent, type ReactNode } from 'react';
import { message } from 'antd';
import { isField } from '@formily/core';
import { useField } from '@formily/react';
import { translate } from '../../../protocol/messages/index';
import { sanitizeTextInput, STRIP_ILLEGAL_PROP } from '../../core/compiler/text-input';
import type { TextPolicy } from '../../core/compiler/illegal-characters';
import { useOptionalRuntime } from '../context';

type TextControl = HTMLInputElement | HTMLTextAreaElement;

/** The part of a change event the form reads. */
type ValueEvent = { target: { value: string } };

/** The handlers the adapter wraps (antd's Input and TextArea take all three). */
export interface TextControlHandlers<E extends TextControl> {
  onChange?: (event: ChangeEvent<E>) => void;
  onCompositionStart?: (event: CompositionEvent<E>) => void;
  onCompositionEnd?: (event: CompositionEvent<E>) => void;
}

/** The widget prop the compile hook sets (see textInputCompiler): the policy to strip with. */
export type StripIllegalProps = { [STRIP_ILLEGAL_PROP]?: TextPolicy | boolean };

/** One message per field; the key makes a new stripping replace the warning still on screen. */
const WARNING_KEY = 'tessera-illegal-characters';

function isTextControl(node: unknown): node is TextControl {
  return node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement;
}

/** Puts the stripped text into the real control with the caret where the user was typing. */
function writeControl(control: TextControl, text: string, caret: number): void {
  control.value = text;
  if (control.ownerDocument.activeElement === control) control.setSelectionRange(caret, caret);
}

/**
 * Wraps a text control's change and composition handlers when `enabled`. Returns the handlers to
 * put on the antd control and the message holder to render next to it.
 */
export function useStripIllegal<E extends TextControl>(
  enabled: TextPolicy | boolean | undefined,
  { onChange, onCompositionStart, onCompositionEnd }: TextControlHandlers<E>,
): { handlers: TextControlHandlers<E>; holder: ReactNode } {
  const lang = useOptionalRuntime()?.lang ?? 'zh';
  const [notice, freshHolder] = message.useMessage();
  // antd hands out a new holder element on every render, and its Holder (rc-notification inside,
  // an imperative handle without deps) renders again with each one: on every keystroke, in every
  // text field. The first element is equivalent (same key, same ref), and React skips an unchanged
  // element (issue 23).
  const holder = useRef(freshHolder).current;
  const composing = useRef(false);
  const field = useField();

  /** Strips `control`'s text if needed; true when it did (the caller then forwards the new value). */
  const strip = (control: TextControl, reported: ValueEvent['target'], caret: number | null, ime: boolean) => {
    const policy = typeof enabled === 'string' ? enabled : undefined;
    const result = sanitizeTextInput({ text: reported.value, caret, composing: ime, policy });
    if (!result) return false;
    writeControl(control, result.text, result.caret);
    reported.value = result.text;
    void notice.warning({ key: WARNING_KEY, content: translate(lang, 'form.illegalCharacters') });
    return true;
  };

  if (!enabled) return { handlers: { onChange, onCompositionStart, onCompositionEnd }, holder };

  const handleChange = (event: ChangeEvent<E>) => {
    const control = isTextControl(event.nativeEvent.target) ? event.nativeEvent.target : event.target;
    // Chrome sends the composition's last input before compositionend: that one waits too.
    const ime = composing.current || (event.nativeEvent as InputEvent).isComposing === true;
    if (ime && field && isField(field)) {
      // Interim IME text (pinyin, ' between syllables) is not the user's yet: the form holds it so
      // the control stays put, but the rules wait for the commit, or 请勿输入非法字符！ would flash.
      field.setValue(event.target.value);
      return;
    }
    strip(control, event.target, control.selectionStart, ime);
    onChange?.(event);
  };

  const handleCompositionStart = (event: CompositionEvent<E>) => {
    composing.current = true;
    onCompositionStart?.(event);
  };

  const handleCompositionEnd = (event: CompositionEvent<E>) => {
    composing.current = false;
    const control = event.currentTarget;
    // The committed text is in the control now: stripped if need be, then given to the form as the
    // user's input (its rules run now, on what the user actually entered).
    strip(control, { value: control.value }, control.selectionStart, false);
    (onChange as ((event: ValueEvent) => void) | undefined)?.({ target: { value: control.value } });
    onCompositionEnd?.(event);
  };

  return {
    handlers: {
      onChange: handleChange,
      onCompositionStart: handleCompositionStart,
      onCompositionEnd: handleCompositionEnd,
    },
    holder,
  };
}
