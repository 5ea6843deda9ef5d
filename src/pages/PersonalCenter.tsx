import { App as AntdApp, Button, Card, Descriptions, Form, Input, Result, Tabs } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { session } from '../session/store';
import { changeMobile, changePassword, updateMyName } from '../session/account';
import { isStrongPassword } from '../session/signin';
import { aiConfigOf } from '../session/app-settings';
import type { AppInfo } from '../session/types';
import { SmsCodeField, mobileRules } from './login/SmsCodeField';

export const PERSONAL_TABS = ['base', 'change-password', 'change-mobile', 'recharge'] as const;

/** Runs a save, shows its outcome, resets the form on success. */
function useSave() {
  const { message } = AntdApp.useApp();
  const [saving, setSaving] = useState(false);
  const run = async (work: () => Promise<void>, done: string, after?: () => void) => {
    setSaving(true);
    try {
      await work();
      void message.success(done);
      after?.();
    } catch (error) {
      void message.warning((error as Error).message);
    } finally {
      setSaving(false);
    }
  };
  return { saving, run };
}

function BaseTab() {
  const { t } = useTranslation();
  const { user } = useSnapshot(session);
  const { saving, run } = useSave();
  return (
    <>
      <Descriptions
        column={1}
        style={{ marginBottom: 16 }}
        items={[{ key: 'mobile', label: t('personal.mobile'), children: user?.mobile ?? '-' }]}
      />
      <Form
        layout="vertical"
        initialValues={{ name: user?.name }}
        onFinish={(v: { name: string }) => run(() => updateMyName(v.name.trim()), t('personal.saved'))}
        style={{ maxWidth: 420 }}
      >
        <Form.Item
          name="name"
          label={t('personal.name')}
          rules={[{ required: true, whitespace: true, message: t('signin.nameRequired') }]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('personal.save')}
        </Button>
      </Form>
    </>
  );
}

function PasswordTab() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const { saving, run } = useSave();
  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 420 }}
      onFinish={(v: { oldPassword: string; newPassword: string }) =>
        run(
          () => changePassword({ oldPassword: v.oldPassword, newPassword: v.newPassword }),
          t('personal.passwordChanged'),
          () => form.resetFields(),
        )
      }
    >
      <Form.Item
        name="oldPassword"
        label={t('personal.oldPassword')}
        rules={[{ required: true, message: t('signin.passwordRequired') }]}
      >
        <Input.Password maxLength={120} autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('personal.newPassword')}
        rules={[
          { required: true, message: t('signin.passwordRequired') },
          {
            validator: async (_, value: string) =>
              !value || isStrongPassword(value) ? undefined : Promise.reject(new Error(t('signin.weakPassword'))),
          },
        ]}
      >
        <Input.Password maxLength={120} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('personal.confirmPassword')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('signin.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: async (_, value: string) =>
              !value || value === getFieldValue('newPassword')
                ? undefined
                : Promise.reject(new Error(t('signin.confirmMismatch'))),
          }),
        ]}
      >
        <Input.Password maxLength={120} autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('personal.save')}
      </Button>
    </Form>
  );
}

function MobileTab() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const { saving, run } = useSave();
  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 420 }}
      onFinish={(v: { mobile: string; code: string }) =>
        run(
          () => changeMobile({ mobile: v.mobile.trim(), code: v.code.trim() }),
          t('personal.mobileChanged'),
          () => form.resetFields(),
        )
      }
    >
      <Form.Item name="mobile" label={t('personal.newMobile')} rules={mobileRules(t)}>
        <Input maxLength={11} autoComplete="tel" />
      </Form.Item>
      <SmsCodeField form={form} scene="changeMobile" />
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('personal.save')}
      </Button>
    </Form>
  );
}

function RechargeTab() {
  const { t } = useTranslation();
  return <Result status="info" title={t('personal.rechargeTitle')} subTitle={t('personal.rechargeSub')} />;
}

/** /{app}/user/detail?tab=base|change-password|change-mobile|recharge. */
export function PersonalCenter() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const { appInfo } = useSnapshot(session);
  const recharge = aiConfigOf(appInfo as AppInfo | undefined).payMode === 3;
  const requested = search.get('tab') ?? 'base';
  const tabs: { key: string; label: string; children: ReactNode }[] = [
    { key: 'base', label: t('personal.base'), children: <BaseTab /> },
    { key: 'change-password', label: t('layout.changePassword'), children: <PasswordTab /> },
    { key: 'change-mobile', label: t('layout.changeMobile'), children: <MobileTab /> },
    ...(recharge ? [{ key: 'recharge', label: t('bar.recharge'), children: <RechargeTab /> }] : []),
  ];
  const active = tabs.some((tab) => tab.key === requested) ? requested : 'base';
  return (
    <Card title={t('layout.personalCenter')}>
      <Tabs
        activeKey={active}
        onChange={(key) => setSearch({ tab: key }, { replace: true })}
        items={tabs}
        destroyInactiveTabPane
      />
    </Card>
  );
}
