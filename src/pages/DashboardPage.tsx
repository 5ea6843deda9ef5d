import { Alert, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textOf } from '../../protocol/page-schema';
import { lazyComponent } from '../../runtime/react/lazy-component';
import { loadDashboard, type ModuleRecord } from '../session/module-cache';
import { PendingPage } from './PendingPage';
import { SchemaView } from './SchemaView';

/**
 * dashboard/design/{id}: the dashboard designer, fetched from here on first use (its own chunk, with
 * react-grid-layout), so the list of its chunks is this page's to carry, not the first page's.
 */
const DashboardDesignerScreen = lazyComponent(
  () => import('./DashboardDesignerRoute').then((m) => m.DashboardDesignerRoute),
  () => <Spin style={{ display: 'block', margin: '64px auto' }} />,
);

/** The dashboard (`dashboard/common/{id}`), or with `design` its designer (`dashboard/design/{id}`). */
export function DashboardPage({ id, design }: { id: string; design?: boolean }) {
  return design ? <DashboardDesignerScreen dashboardId={id} /> : <DashboardView id={id} />;
}

/** /{app}/dashboard/common/{id}: the dashboard's page schema, or "not configured" until it has one. */
function DashboardView({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const [record, setRecord] = useState<ModuleRecord>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let live = true;
    loadDashboard(id)
      .then((value) => live && setRecord(value))
      .catch((failure: Error) => live && setError(failure.message || t('page.loadFailed')));
    return () => {
      live = false;
    };
  }, [id, t]);
  if (error) return <Alert type="error" showIcon message={t('page.loadFailed')} description={error} />;
  if (!record) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  const schema = record.schema;
  if (!schema || schema.type !== 'page' || !Array.isArray(schema.body))
    return <PendingPage route={`dashboard/common/${id}`} />;
  const title = textOf(schema.title, i18n.language === 'en' ? 'en' : 'zh') || record.title;
  return (
    <>
      {/* Right padding: the dashboard layout's full-screen and back buttons sit at the top right. The
          colour is the layout's: white on the full-screen layout, the theme's text in the main one. */}
      <Typography.Title
        level={3}
        style={{ color: 'inherit', margin: '0 0 16px', paddingRight: 240, lineHeight: '32px' }}
      >
        {title}
      </Typography.Title>
      <SchemaView schema={schema} />
    </>
  );
}
