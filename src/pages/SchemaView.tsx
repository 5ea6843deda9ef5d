import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { PageSchema } from '../../protocol/page-schema';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageRenderer } from '../../runtime/react/PageRenderer';
import { PageQueryProvider, usePageQuery, type PageQuery } from '../../runtime/react/page-query';
import { RuntimeProvider } from '../../runtime/react/context';
import { createRuntimeValue } from '../../runtime/react/create-runtime';
import '../runtime-bindings';
import { onStreamEvent } from '../api/events';
import type { OpenStreamFn } from '../../protocol/stream-open';
import { session } from '../session/store';
import { useShellRuntimeOptions } from './shell-runtime';

/**
 * The address query for the page's nodes (a list keeps its page, size, search and view there, so
 * reload, Back / Forward and a shared link restore it). A host that gives its own (the personal
 * center's ?tab=) keeps it.
 */
function useAddressQuery(): PageQuery {
  const [search, setSearch] = useSearchParams();
  return useMemo<PageQuery>(() => {
    const merged = (values: Record<string, string | null>) => {
      const next = new URLSearchParams(search);
      for (const [name, value] of Object.entries(values)) {
        if (value === null) next.delete(name);
        else next.set(name, value);
      }
      return next;
    };
    return {
      get: (name) => search.get(name),
      set: (name, value) => setSearch(merged({ [name]: value }), { replace: true }),
      update: (values) => {
        const next = merged(values);
        if (next.toString() !== search.toString()) setSearch(next);
      },
    };
  }, [search, setSearch]);
}

/**
 * Counts dictionary edits heard on the event stream (`dict.changed`, published by every instance
 * through the bus, docs/dict.md) and resets (`stream.reset`: events may have been missed). Each new
 * count makes a new runtime, so the page's dictionaries are fetched again instead of staying stale
 * until a reload; what the user typed stays (the providers are kept, as on a language switch).
 */
function useDictEpoch(): number {
  const [epoch, setEpoch] = useState(0);
  useEffect(() => {
    const bump = () => setEpoch((n) => n + 1);
    const offChanged = onStreamEvent('dict.changed', bump);
    const offReset = onStreamEvent('stream.reset', bump);
    return () => {
      offChanged();
      offReset();
    };
  }, []);
  return epoch;
}

/** A page schema rendered by the runtime with the shell's client, language and user. */
export function SchemaView({
  schema,
  recordId,
  openStream,
}: {
  schema: PageSchema;
  recordId?: string;
  /** A feature's own event stream (the AI chat on its schema page); the list page passes none. */
  openStream?: OpenStreamFn;
}) {
  const hostQuery = usePageQuery();
  const addressQuery = useAddressQuery();
  const { i18n } = useTranslation();
  const { app } = useSnapshot(session);
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const options = useShellRuntimeOptions();
  // The data providers outlive a language switch: a form keeps what the user typed (and shows its
  // errors again in the new language) instead of reloading its record (issue 22 item 6). Texts,
  // dictionary labels and the uploader's messages follow the language.
  const providerFor = useMemo(() => createRuntimeValue(options).providerFor, [options]);
  // Row buttons open app routes (openRoute: the module admin's 打开设计器 → design/{id}) in the shell.
  const navigate = useNavigate();
  const openRoute = useCallback((route: string) => navigate(`/${app}/${route}`), [navigate, app]);
  const dictEpoch = useDictEpoch();
  const runtime = useMemo(
    () => ({
      ...createRuntimeValue({ ...options, lang }),
      providerFor,
      openRoute,
      openStream,
      onServerEvent: onStreamEvent,
    }),
    // dictEpoch: a new runtime brings a new, empty dictionary cache; selects and cells ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [options, lang, providerFor, openRoute, openStream, dictEpoch],
  );
  return (
    <RuntimeProvider value={runtime}>
      <PageQueryProvider value={hostQuery ?? addressQuery}>
        <PageRenderer schema={schema} recordId={recordId} />
      </PageQueryProvider>
    </RuntimeProvider>
  );
}
