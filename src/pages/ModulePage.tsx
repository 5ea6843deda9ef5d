import { Spin } from 'antd';
import { LazyAlert as Alert } from '../../runtime/react/LazyAlert';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadModule, type ModuleRecord } from '../session/module-cache';
import { SchemaView } from './SchemaView';

/** /{app}/common/{module_id}: the module's page schema, rendered by the runtime. */
export function ModulePage({ moduleId }: { moduleId: string }) {
  const { t } = useTranslation();
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

  if (error) return <Alert type="error" showIcon message={t('page.loadFailed')} description={error} />;
  if (!module) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  return <SchemaView schema={module.schema} />;
}
