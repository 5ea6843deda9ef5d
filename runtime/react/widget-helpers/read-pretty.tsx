/**
 * Read-only rendering shared by widgets (detail modal, readPretty forms): plain text, "-" for no
 * value, so a detail view never shows an empty input or a raw code.
 */
import type { ReactNode } from 'react';

export const EMPTY_TEXT = '-';

export function ReadText({ text, className }: { text?: ReactNode; className?: string }) {
  const empty = text === undefined || text === null || text === '' || (Array.isArray(text) && text.length === 0);
  return (
    <span className={['tessera-read-pretty', className].filter(Boolean).join(' ')}>{empty ? EMPTY_TEXT : text}</span>
  );
}

/** For widgets whose stored value is already display text (input, textarea). */
export function ReadValue({ value }: { value?: unknown }) {
  return <ReadText text={value === null || value === undefined ? '' : String(value)} />;
}
