/**
 * /{app}/user/detail?tab=base|change-password|change-mobile|recharge: the personal center is the
 * page schema schemas/pages/system/user-detail.json, rendered by the runtime. This module adds only
 * what is the shell's own: the SMS code box (slot shell.smsCode), the recharge tab (slot
 * shell.recharge, its pane shown in AI pay mode 3), and keeping the top bar's user in step after
 * a save (form host actions). They register when this chunk loads, before the schema renders.
 */
import { Input } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { registerFormHostAction, registerPaneCondition } from '../../runtime/nodes';
import { PageQueryProvider, type PageQuery } from '../../runtime/react/page-query';
import { registerSlot, type SlotProps } from '../../runtime/react/widget-helpers/slots';
import { aiConfigOf } from '../session/app-settings';
import { session, setUser } from '../session/store';
import type { AppInfo, MenuInfo, UserInfo } from '../session/types';
import { SendCodeButton, SmsCodeInput } from './login/SmsCodeField';
import { SchemaPage } from './SchemaPage';
import { RechargePanel } from './recharge/RechargePanel';

/** The code for a new mobile, sent to the number in the form's `mobile` field once it is valid. */
function SmsCodeSlot({ value, onChange, readOnly, form }: SlotProps) {
  if (readOnly) return <Input value={typeof value === 'string' ? value : ''} disabled />;
  const mobile = async () =>
    form && (await form.validate('mobile')) ? String(form.valueOf('mobile') ?? '').trim() : undefined;
  return (
    <div style={{ display: 'flex', gap: 8 }}>
      <SmsCodeInput
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange?.(event.target.value)}
      />
      <SendCodeButton scene="changeMobile" mobile={mobile} />
    </div>
  );
}

/** The recharge tab: balance, top-up, records and usage (./recharge/RechargePanel.tsx). */
function RechargeSlot() {
  return <RechargePanel />;
}

/** The signed-in user as the top bar shows it, with what a personal-center form just saved. */
function updateMe(changes: Partial<UserInfo>) {
  const user = session.user;
  if (user) setUser({ ...(user as UserInfo), ...changes }, (session.menus ?? []) as MenuInfo[]);
}

registerSlot('shell.smsCode', SmsCodeSlot);
registerSlot('shell.recharge', RechargeSlot);
registerPaneCondition('shell.recharge', () => aiConfigOf(session.appInfo as AppInfo | undefined).payMode === 3);
registerFormHostAction('shell.profileSaved', (values) => {
  if (typeof values.name === 'string') updateMe({ name: values.name });
});
registerFormHostAction('shell.mobileChanged', (values) => {
  if (typeof values.mobile === 'string') updateMe({ mobile: values.mobile.trim() });
});

export function PersonalCenter() {
  const [search, setSearch] = useSearchParams();
  // The tab node keeps its open pane in ?tab= (replaced, so Back leaves the page, as before).
  const query = useMemo<PageQuery>(
    () => ({
      get: (name) => search.get(name),
      set: (name, value) => setSearch({ [name]: value }, { replace: true }),
    }),
    [search, setSearch],
  );
  return (
    <PageQueryProvider value={query}>
      <SchemaPage route="user/detail" />
    </PageQueryProvider>
  );
}
