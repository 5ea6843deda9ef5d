/** What an action needs from the screen: texts, notices and a confirm dialog. Headless, so tests can drive it. */
import type { Lang } from '../../protocol/constants';
import type { RequestFn } from '../../protocol/http';
import type { DataProvider, Row } from '../core/data/provider';

export interface ActionUi {
  lang: Lang;
  t(key: string, vars?: Record<string, unknown>): string;
  success(text: string): void;
  warning(text: string): void;
  confirm(options: { title: string; content: string }): Promise<boolean>;
  /** Shows a value once with a copy button (a generated password); screens without it use confirm. */
  showSecret?(options: { title: string; content: string; secret: string }): void;
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

/** Dialogs a screen can open by name (the list's column, export and import dialogs). */
export type DialogName = 'columns' | 'export' | 'import';

/**
 * What the screen that runs an action offers it. Each capability is optional: an action that needs
 * one the screen lacks says so (runtime.action.unavailable) instead of failing silently.
 */
export interface ActionHost {
  /** Opens the record modal / form in a mode (id for edit, copy, detail). */
  openRecord?(mode: RecordMode, id?: string): void;
  openDialog?(name: DialogName): void;
  /** After rows were removed or changed: refresh dictionaries and the rows. */
  after?(ids: string[]): Promise<void> | void;
  /** Submits the screen's form (the form node's 提交). */
  submit?(): Promise<unknown> | unknown;
  /** Reloads the rows with the current search. */
  refresh?(): Promise<void> | void;
  /** The selected row ids (batch actions). */
  selectedIds?: readonly string[];
  /** How many columns may be exported at all (export checks it before its dialog). */
  exportableCount?: number;
  /** Goes to a site-relative path inside the app, or opens an http(s) URL in a new tab. */
  navigate?(url: string, newTab: boolean): void;
  /** Goes to an app-relative route inside the shell (`design/42`); the host adds the app. */
  openRoute?(route: string): void;
  /** Saves a downloaded file (default: the browser's download through an object URL). */
  save?(blob: Blob, fileName: string): void;
  /** The app's API client (the crypto envelope, the session): callApi and download use it. */
  request?: RequestFn;
}

/** What `getAction(name).run(context)` receives. */
export interface ActionContext {
  ui: ActionUi;
  host: ActionHost;
  provider?: DataProvider;
  /** The row a row action runs on, and its id. */
  row?: Row;
  id?: string;
  /** The `params` the schema's button gives (checked against the action's params schema). */
  params: Record<string, unknown>;
}
