import { App as AntdApp, Button, Form, Input, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LoginLayout } from '../../layouts/LoginLayout';
import { changePassword } from '../../session/account';
import { loadUserAndMenus, logout } from '../../session/actions';
import { isStrongPassword } from '../../session/signin';
import { session } from '../../session/store';
import { useErrorsFollowLanguage } from './errors-follow-language';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/**
 * /{app}/change-password: a user whose password an admin set must replace it before anything else
 * (issue 22 item 4). The guard keeps them here; the server answers only changePwd, userInfo and
 * logout meanwhile. Once changed, the user's info and menus load again and the home page opens.
 */
export function ForcedPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = AntdApp.useApp();
  const [form] = Form.useForm<Values>();
  useErrorsFollowLanguage(form);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: Values) => {
    setSubmitting(true);
    try {
      await changePassword({ oldPassword: values.oldPassword, newPassword: values.newPassword });
      await loadUserAndMenus();
      void message.success(t('personal.passwordChanged'));
      navigate(`/${session.app}/index`, { replace: true });
    } catch (error) {
      void message.warning((error as Error).message);
    } finally {
      setSubmitting(false);
    }
  };

  const signOut = async () => {
    await logout().catch(() => undefined);
    navigate(`/${session.app}/login`, { replace: true });
  };

  const password = (placeholder: string, autoComplete: string) => (
    <Input.Password prefix={<LockOutlined />} placeholder={placeholder} maxLength={120} autoComplete={autoComplete} />
  );
  return (
    <LoginLayout>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('signin.mustChangeTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('signin.mustChangeHint')}</Typography.Paragraph>
      <Form form={form} size="large" onFinish={submit} aria-label="change-password">
        <Form.Item name="oldPassword" rules={[{ required: true, message: t('signin.oldPasswordRequired') }]}>
          {password(t('personal.oldPassword'), 'current-password')}
        </Form.Item>
        <Form.Item
          name="newPassword"
          rules={[
            { required: true, message: t('signin.passwordRequired') },
            {
              validator: async (_, value: string) =>
                !value || isStrongPassword(value) ? undefined : Promise.reject(new Error(t('signin.weakPassword'))),
            },
          ]}
        >
          {password(t('signin.newPasswordPlaceholder'), 'new-password')}
        </Form.Item>
        <Form.Item
          name="confirm"
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
          {password(t('signin.confirmPlaceholder'), 'new-password')}
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('signin.mustChangeSubmit')}
        </Button>
      </Form>
      <div style={{ marginTop: 12, textAlign: 'center' }}>
        <Button type="link" onClick={() => void signOut()}>
          {t('signin.mustChangeLogout')}
        </Button>
      </div>
    </LoginLayout>
  );
}
