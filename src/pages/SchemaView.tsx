import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { PageSchema } from '../../protocol/page-schema';
import { useSearchParams } from 'react-router-dom';
import { PageRenderer } from '../../runtime/react/PageRenderer';
import { PageQueryProvider, usePageQuery, type PageQuery } from '../../runtime/react/page-query';
import { RuntimeProvider } from '../../runtime/react/context';
import { createRuntimeValue } from '../../runtime/react/create-runtime';
import '../runtime-bindings';
import { request } from '../api/client';
import { session } from '../session/store';

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

/** A page schema rendered by the runtime with the shell's client, language and user. */
export function SchemaView({ schema, recordId }: { schema: PageSchema; recordId?: string }) {
  const hostQuery = usePageQuery();
  const addressQuery = useAddressQuery();
  const { i18n } = useTranslation();
  const { user, appInfo } = useSnapshot(session);
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const runtime = useMemo(
    () =>
      createRuntimeValue({
        request,
        lang,
        tablePrefix: appInfo?.table_prefix,
        uploadConfig: appInfo?.upload_config,
        user: user
          ? {
              id: user.id,
              roleIds: String(user.role_ids ?? '')
                .split(',')
                .filter(Boolean),
            }
          : undefined,
      }),
    [lang, user, appInfo?.table_prefix, appInfo?.upload_config],
  );
  return (
    <RuntimeProvider value={runtime}>
      <PageQueryProvider value={hostQuery ?? addressQuery}>
        <PageRenderer schema={schema} recordId={recordId} />
      </PageQueryProvider>
    </RuntimeProvider>
  );
}
