import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { PageSchema } from '../../protocol/page-schema';
import { PageRenderer } from '../../runtime/react/PageRenderer';
import { RuntimeProvider } from '../../runtime/react/context';
import { createRuntimeValue } from '../../runtime/react/create-runtime';
import '../runtime-bindings';
import { request } from '../api/client';
import { session } from '../session/store';

/** A page schema rendered by the runtime with the shell's client, language and user. */
export function SchemaView({ schema, recordId }: { schema: PageSchema; recordId?: string }) {
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
      <PageRenderer schema={schema} recordId={recordId} />
    </RuntimeProvider>
  );
}
