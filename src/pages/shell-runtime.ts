/**
 * The runtime options the shell gives every page it renders: the envelope client, the app's
 * table prefix and upload settings, and the signed-in user (id and role ids). One place, so a
 * schema page and the designers' canvases see the same user and client.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { createRuntimeValue } from '../../runtime/react/create-runtime';
import { translate } from '../../protocol/messages';
import { request } from '../api/client';
import { session } from '../session/store';
import { useLeaveGuard } from './leave-guard';

export function useShellRuntimeOptions() {
  const { user, appInfo } = useSnapshot(session);
  return useMemo(
    () => ({
      request,
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
    [user, appInfo?.table_prefix, appInfo?.upload_config],
  );
}

/**
 * What a designer route needs from the shell: the runtime its canvas renders with, the app, a
 * navigate, and a leave guard that asks (with `leaveMessage`) while the designer holds unsaved
 * changes — a menu click or the browser's back.
 */
export function useDesignerShell(leaveMessage: string) {
  const { i18n } = useTranslation();
  const { app } = useSnapshot(session);
  const navigate = useNavigate();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const options = useShellRuntimeOptions();
  const runtime = useMemo(() => createRuntimeValue({ ...options, lang }), [options, lang]);
  const [dirty, setDirty] = useState(false);
  const guard = useLeaveGuard(dirty, translate(lang, leaveMessage));
  return { app, navigate, runtime, guard, setDirty };
}
