/**
 * RuntimeProvider: what the interpreter needs from its host (the shell, a test, the designer):
 * the request function, the language, the current user, and the data-provider factory.
 */
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import type { RequestFn } from '../../protocol/http';
import type { StreamEvent } from '../../protocol/event-stream';
import type { OpenStreamFn } from '../../protocol/stream-open';
import type { Lang } from '../../protocol/constants';
import { translate } from '../../protocol/messages';
import type { DataProvider, DataSourceConfig, DictLoader } from '../core/data/provider';
import type { UploadFn } from '../core/upload/uploader';

export interface RuntimeUser {
  id: string;
  roleIds: string[];
}

export interface RuntimeContextValue {
  request: RequestFn;
  lang: Lang;
  user?: RuntimeUser;
  /** Builds the provider for a data source (defaults to the HTTP providers over `request`). */
  providerFor: (source: DataSourceConfig) => DataProvider;
  /** Shared, de-duplicating dictionary loader. */
  loadDict: DictLoader;
  /** Sends one file for the upload widgets (runtime/core/upload/uploader.ts); absent → uploads are refused. */
  upload?: UploadFn;
  /** Goes to an app-relative route inside the host (the shell adds /{app}/); absent → openRoute warns. */
  openRoute?: (route: string) => void;
  /** The server's system-table prefix (default tessera_sys_): the import dialog reads its templates there. */
  tablePrefix?: string;
  /** Opens a feature's own event stream with the session and the envelope (the AI chat); absent → none. */
  openStream?: OpenStreamFn;
  /**
   * Listens to the shell's event stream (the one the bells read) for one event type; answers the
   * unsubscribe. Absent → the page is not live (it still reloads on its own button).
   */
  onServerEvent?: (type: StreamEvent['type'], listener: () => void) => () => void;
}

const RuntimeContext = createContext<RuntimeContextValue | null>(null);

export function RuntimeProvider({ value, children }: { value: RuntimeContextValue; children: ReactNode }) {
  return <RuntimeContext.Provider value={value}>{children}</RuntimeContext.Provider>;
}

export function useRuntime(): RuntimeContextValue {
  const value = useContext(RuntimeContext);
  if (!value) throw new Error('useRuntime must be used inside <RuntimeProvider>');
  return value;
}

/** Translates a catalog key in the runtime's language (protocol/messages; no i18next needed). */
export function useT(): (key: string, vars?: Record<string, unknown>) => string {
  const { lang } = useRuntime();
  return useCallback((key: string, vars?: Record<string, unknown>) => translate(lang, key, vars), [lang]);
}

/** The runtime when inside a <RuntimeProvider>, else null (blocks the shell also uses stand-alone). */
export function useOptionalRuntime(): RuntimeContextValue | null {
  return useContext(RuntimeContext);
}
