/**
 * dashboard/design/{id}: the dashboard designer (designer/react/dashboard), fetched on first visit
 * (its own chunk, with react-grid-layout). The shell gives it the runtime's provider (client,
 * language, user) and the ways out: back to the dashboard list, or the dashboard itself. The save
 * API is admin-only; others see the dashboard read-only.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { RuntimeProvider } from '../../runtime/react/context';
import { createRuntimeValue } from '../../runtime/react/create-runtime';
import { DashboardDesigner } from '../../designer/react/dashboard';
import '../runtime-bindings';
import { request } from '../api/client';
import { forget } from '../session/module-cache';
import { session } from '../session/store';
import { translate } from '../../protocol/messages';
import { useLeaveGuard } from './leave-guard';

export function DashboardDesignerRoute({ dashboardId }: { dashboardId: string }) {
  const { i18n } = useTranslation();
  const { app, user, appInfo } = useSnapshot(session);
  const navigate = useNavigate();
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
  // A menu click or the browser's back while the designer holds unsaved changes asks first.
  const [dirty, setDirty] = useState(false);
  const guard = useLeaveGuard(dirty, translate(lang, 'dashDesigner.leaveConfirm'));
  return (
    <RuntimeProvider value={runtime}>
      <DashboardDesigner
        dashboardId={dashboardId}
        // Back and Open asked already (the designer's own confirm).
        onBack={() => guard.pass(() => navigate(`/${app}/dashboard`))}
        onOpen={() => guard.pass(() => navigate(`/${app}/dashboard/common/${dashboardId}?layout=main`))}
        onDirtyChange={setDirty}
        // The dashboard page opened next fetches the saved schema, not a cached copy.
        onSaved={() => forget('dashboard', dashboardId)}
      />
    </RuntimeProvider>
  );
}
