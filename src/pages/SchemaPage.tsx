import { Alert, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { PageSchema } from '../../protocol/page-schema';
import { loadSystemPage } from '../session/system-pages';
import { useSnapshot } from 'valtio';
import { session } from '../session/store';
import { defaultRecordId } from './default-record';
import { SchemaView } from './SchemaView';
// The AI chat's stream opener rides with the schema pages (a lazy route), not with the list page's SchemaView.
import { openStream } from '../api/open-stream';

/**
 * A shipped page schema (schemas/pages/...) for a fixed route, or the app admin's override of it
 * (src/session/page-cache.ts); ?id= names the record of a detail
 * page, else the route's default record (app/detail: the current app, ./default-record.ts).
 */
export function SchemaPage({ route }: { route: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { appInfo } = useSnapshot(session);
  const [schema, setSchema] = useState<PageSchema>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    let live = true;
    setSchema(undefined);
    setError(undefined);
    loadSystemPage(route)
      .then((loaded) => live && setSchema(loaded))
      .catch((failure: Error) => live && setError(failure.message));
    return () => {
      live = false;
    };
  }, [route]);

  if (error) return <Alert type="error" showIcon message={t('page.loadFailed')} description={error} />;
  if (!schema) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  return (
    <SchemaView
      schema={schema}
      recordId={params.get('id') ?? defaultRecordId(route, appInfo)}
      openStream={openStream}
    />
  );
}
