/** What an action needs from the screen: texts, notices and a confirm dialog. Headless, so tests can drive it. */
import type { Lang } from '../../protocol/constants';

export interface ActionUi {
  lang: Lang;
  t(key: string, vars?: Record<string, unknown>): string;
  success(text: string): void;
  warning(text: string): void;
  confirm(options: { title: string; content: string }): Promise<boolean>;
}

/** Detail modal / form modes (platform-shell §3: ADD 0, EDIT 1, COPY 2, DETAIL 3). */
export type RecordMode = 'add' | 'edit' | 'copy' | 'detail';
export const RECORD_MODES: readonly RecordMode[] = ['add', 'edit', 'copy', 'detail'];

/** Accepts a mode by name or by its numeric code. */
export function recordModeOf(value: unknown): RecordMode | undefined {
  if (typeof value === 'number') return RECORD_MODES[value];
  if (typeof value === 'string') {
    if (/^\d$/.test(value)) return RECORD_MODES[Number(value)];
    const lower = value.toLowerCase();
    return (RECORD_MODES as readonly string[]).includes(lower) ? (lower as RecordMode) : undefined;
  }
  return undefined;
}
