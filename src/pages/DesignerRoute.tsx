/**
 * design/{module_id}: the form designer (designer/react), fetched on first visit (its own chunk,
 * with dnd-kit and CodeMirror). The shell gives it the runtime's provider (client, language, user)
 * and the way back; any signed-in user may open it (the guard's rule), the store's save API is
 * admin-only and the designer shows others the module read-only.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { RuntimeProvider } from '../../runtime/react/context';
import { createRuntimeValue } from '../../runtime/react/create-runtime';
import { Designer } from '../../designer/react';
import '../runtime-bindings';
import { request } from '../api/client';
import { forget, invalidateModuleVersions } from '../session/module-cache';
import { session } from '../session/store';
import { translate } from '../../protocol/messages';
import { useLeaveGuard } from './leave-guard';

export function DesignerRoute({ moduleId }: { moduleId: string }) {
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
  const guard = useLeaveGuard(dirty, translate(lang, 'designerUi.leaveConfirm'));
  return (
    <RuntimeProvider value={runtime}>
      <Designer
        moduleId={moduleId}
        app={app}
        // The designer's Back asked already (its own confirm).
        onBack={() => guard.pass(() => navigate(`/${app}/module`))}
        onDirtyChange={setDirty}
        onSaved={() => {
          // The module page opened next fetches the saved schema, not a cached copy.
          forget('module', moduleId);
          invalidateModuleVersions();
        }}
      />
    </RuntimeProvider>
  );
}
