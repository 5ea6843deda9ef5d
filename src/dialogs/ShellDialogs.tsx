import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { session, showNotice } from '../session/store';
import { myCustomerCount, readSetting, writeSetting } from '../session/account';
import { needsCompleteInfo, protectionsEnabled, showsAiTip } from '../session/app-settings';
import { installProtections } from '../session/protections';
import type { AppInfo, UserInfo } from '../session/types';
import { lazyComponent } from '../../runtime/react/lazy-component';

/*
 * The dialogs are fetched the first time one opens: most sessions never see them, and the
 * complete-info form alone brings antd's Form (rc-field-form, async-validator), which no list page
 * needs before it paints (docs/benchmarks.md, "JavaScript before the first list page").
 */
const CompleteInfoDialog = lazyComponent(
  () => import('./CompleteInfoDialog').then((m) => m.CompleteInfoDialog),
  () => null,
);
const AiTipDialog = lazyComponent(
  () => import('./AiTipDialog').then((m) => m.AiTipDialog),
  () => null,
);

/** What the main layout shows over any page: the complete-info dialog, the AI-app tip, protections. */
export function ShellDialogs() {
  const { user, appInfo, app } = useSnapshot(session);
  const [completeInfo, setCompleteInfo] = useState(false);
  const [aiTip, setAiTip] = useState(false);
  // Once a dialog has opened it stays mounted, so closing it still animates.
  const [mounted, setMounted] = useState({ completeInfo: false, aiTip: false });
  if ((completeInfo && !mounted.completeInfo) || (aiTip && !completeInfo && !mounted.aiTip)) {
    setMounted({
      completeInfo: mounted.completeInfo || completeInfo,
      aiTip: mounted.aiTip || (aiTip && !completeInfo),
    });
  }

  useEffect(() => {
    if (!protectionsEnabled(appInfo as AppInfo | undefined, import.meta.env.DEV)) return;
    return installProtections(window, () => showNotice('debug'));
  }, [appInfo]);

  const userId = user?.id;
  useEffect(() => {
    setAiTip(
      showsAiTip(appInfo as AppInfo | undefined, user as UserInfo | undefined, Boolean(readSetting('aiTipDismissed'))),
    );
    // Only users with the 'user' role are asked; the count call is skipped for everyone else.
    if (!needsCompleteInfo(user as UserInfo | undefined, 0)) return setCompleteInfo(false);
    let live = true;
    myCustomerCount()
      .then((count) => live && setCompleteInfo(needsCompleteInfo(user as UserInfo | undefined, count)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // user and appInfo are snapshots: keyed on identity of who and where.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, app, appInfo?.source]);

  return (
    <>
      {mounted.completeInfo ? <CompleteInfoDialog open={completeInfo} onDone={() => setCompleteInfo(false)} /> : null}
      {mounted.aiTip ? (
        <AiTipDialog
          open={aiTip && !completeInfo}
          onClose={(forever) => {
            if (forever) writeSetting('aiTipDismissed', true);
            setAiTip(false);
          }}
        />
      ) : null}
    </>
  );
}
