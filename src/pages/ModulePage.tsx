import { Alert, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { PageRenderer } from '../../runtime/react/PageRenderer';
import { RuntimeProvider } from '../../runtime/react/context';
import { createRuntimeValue } from '../../runtime/react/create-runtime';
import '../runtime-bindings';
import { request } from '../api/client';
import { currentLang } from '../i18n';
import { loadModule, type ModuleRecord } from '../session/module-cache';
import { session } from '../session/store';

/** /{app}/common/{module_id}: the module's page schema, rendered by the runtime. */
export function ModulePage({ moduleId }: { moduleId: string }) {
  const { t, i18n } = useTranslation();
  const { user } = useSnapshot(session);
  const [module, setModule] = useState<ModuleRecord>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    let live = true;
    loadModule(moduleId)
      .then((record) => live && setModule(record))
      .catch((failure: Error) => live && setError(failure.message || t('page.loadFailed')));
    return () => {
      live = false;
    };
  }, [moduleId, t]);

  const lang = i18n.language === 'en' ? 'en' : currentLang();
  const runtime = useMemo(
    () =>
      createRuntimeValue({
        request,
        lang,
        user: user ? { id: user.id, roleIds: String(user.role_ids ?? '').split(',').filter(Boolean) } : undefined,
      }),
    [lang, user],
  );

  if (error) return <Alert type="error" showIcon message={t('page.loadFailed')} description={error} />;
  if (!module) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  return (
    <RuntimeProvider value={runtime}>
      <PageRenderer schema={module.schema} />
    </RuntimeProvider>
  );
}
