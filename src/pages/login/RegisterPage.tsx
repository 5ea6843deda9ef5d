import { App as AntdApp, Button, Form, Input, Typography } from 'antd';
import { LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { LoginLayout } from '../../layouts/LoginLayout';
import { forgetPassword, isStrongPassword, register } from '../../session/signin';
import { session } from '../../session/store';
import { useErrorsFollowLanguage } from './errors-follow-language';
import { SmsCodeField, mobileRules } from './SmsCodeField';

interface Values {
  mobile: string;
  code: string;
  name?: string;
  password: string;
  confirm: string;
}

/** /{app}/register and /{app}/forget: both confirm the mobile with an SMS code. */
export function AccountPage({ kind }: { kind: 'register' | 'forget' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = AntdApp.useApp();
  const { app } = useSnapshot(session);
  const [form] = Form.useForm<Values>();
  useErrorsFollowLanguage(form);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: Values) => {
    setSubmitting(true);
    try {
      const base = { mobile: values.mobile.trim(), code: values.code.trim(), password: values.password };
      if (kind === 'register') {
        await register({ ...base, name: (values.name ?? '').trim() });
        void message.success(t('signin.registered'));
        navigate(`/${session.app}/index`, { replace: true });
      } else {
        await forgetPassword(base);
        void message.success(t('signin.passwordReset'));
        navigate(`/${session.app}/login`, { replace: true });
      }
    } catch (error) {
      void message.warning((error as Error).message);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <LoginLayout>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {kind === 'register' ? t('signin.registerTitle') : t('signin.forgetTitle')}
      </Typography.Title>
      <Form form={form} size="large" onFinish={submit} aria-label={kind}>
        <Form.Item name="mobile" rules={mobileRules(t)}>
          <Input
            prefix={<MobileOutlined />}
            placeholder={t('signin.mobilePlaceholder')}
            maxLength={11}
            autoComplete="tel"
          />
        </Form.Item>
        <SmsCodeField form={form} scene={kind} />
        {kind === 'register' ? (
          <Form.Item name="name" rules={[{ required: true, whitespace: true, message: t('signin.nameRequired') }]}>
            <Input prefix={<UserOutlined />} placeholder={t('signin.namePlaceholder')} maxLength={64} />
          </Form.Item>
        ) : null}
        <Form.Item
          name="password"
          rules={[
            { required: true, message: t('signin.passwordRequired') },
            {
              validator: async (_, value: string) =>
                !value || isStrongPassword(value) ? undefined : Promise.reject(new Error(t('signin.weakPassword'))),
            },
          ]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('signin.newPasswordPlaceholder')}
            maxLength={120}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item
          name="confirm"
          dependencies={['password']}
          rules={[
            { required: true, message: t('signin.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: async (_, value: string) =>
                !value || value === getFieldValue('password')
                  ? undefined
                  : Promise.reject(new Error(t('signin.confirmMismatch'))),
            }),
          ]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('signin.confirmPlaceholder')}
            maxLength={120}
            autoComplete="new-password"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {kind === 'register' ? t('signin.registerSubmit') : t('signin.forgetSubmit')}
        </Button>
      </Form>
      <div style={{ marginTop: 12, textAlign: 'center' }}>
        <Link to={`/${app}/login`}>{t('signin.backToLogin')}</Link>
      </div>
    </LoginLayout>
  );
}
