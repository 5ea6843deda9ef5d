/**
 * Keeps the shell's schema caches true to the server while signed in: on `schema.changed` from the
 * event stream it drops that module's, dashboard's or system page's cached copy, and if the open page shows that
 * schema it says so, without blocking the page, with a reload button — so nobody submits a form
 * built from the old schema. A `stream.reset` (events may have been missed) drops every version.
 */
import { Button } from 'antd';
import { LazyAlert as Alert } from '../../runtime/react/LazyAlert';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { SchemaChangedEvent } from '../../protocol/events';
import { onStreamEvent, openEvents } from '../api/events';
import { forget, invalidateModuleVersions } from '../session/module-cache';
import { forgetSystemPage, invalidateSystemPages } from '../session/system-pages';
import { schemaNameFor } from '../routes/pages';
import { pageKeyFor } from '../routes/page-schemas';
import { session } from '../session/store';

/** Whether the shell route `path` (without the app) renders the schema the event names. */
export function showsSchema(path: string, event: Pick<SchemaChangedEvent, 'kind' | 'id'>): boolean {
  switch (event.kind) {
    case 'module':
      return path === `common/${event.id}`;
    case 'dashboard':
      return path === `dashboard/common/${event.id}`;
    default:
      // A page's id is its key under schemas/pages (system/user), its route the shell path (user).
      return path === event.id || (pageKeyFor(path) ?? schemaNameFor(path)) === event.id;
  }
}

export function SchemaChangedNotice({ path }: { path: string }) {
  const { t } = useTranslation();
  const [changed, setChanged] = useState(false);
  const current = useRef(path);
  useEffect(() => {
    current.current = path;
    setChanged(false); // another page: it is loaded fresh
  }, [path]);

  // A new app or a new session (sign-in, renewal) opens a new stream with its token.
  const { app, token } = useSnapshot(session);
  useEffect(() => {
    if (!token) return undefined;
    const close = openEvents();
    const offChanged = onStreamEvent('schema.changed', (event) => {
      if (event.kind === 'page') forgetSystemPage(event.id);
      else forget(event.kind, event.id);
      if (showsSchema(current.current, event)) setChanged(true);
    });
    const offReset = onStreamEvent('stream.reset', () => {
      invalidateModuleVersions();
      invalidateSystemPages();
    });
    return () => {
      offChanged();
      offReset();
      close();
    };
  }, [app, token]);

  if (!changed) return null;
  return (
    <div
      style={{ position: 'fixed', top: 12, left: '50%', transform: 'translateX(-50%)', zIndex: 1100, maxWidth: '90vw' }}
    >
      <Alert
        type="warning"
        showIcon
        role="alert"
        data-testid="schema-changed"
        message={t('page.changed')}
        action={
          <Button
            size="small"
            type="primary"
            style={{ marginInlineStart: 12 }}
            onClick={() => window.location.reload()}
            data-testid="schema-reload"
          >
            {t('page.reload')}
          </Button>
        }
      />
    </div>
  );
}
