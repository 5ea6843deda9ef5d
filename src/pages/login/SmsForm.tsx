import { App as AntdApp, Button, Form, Input } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { smsLogin } from '../../session/signin';
import { session } from '../../session/store';
import { useErrorsFollowLanguage } from './errors-follow-language';
import { SmsCodeField, mobileRules } from './SmsCodeField';

/** SMS code sign-in (auth/sendSmsCode scene login, then auth/smsLogin). */
export function SmsForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = AntdApp.useApp();
  const [form] = Form.useForm<{ mobile: string; code: string }>();
  useErrorsFollowLanguage(form);
  const [submitting, setSubmitting] = useState(false);
  const submit = async (values: { mobile: string; code: string }) => {
    setSubmitting(true);
    try {
      await smsLogin(values.mobile.trim(), values.code.trim());
      void message.success(t('login.success'));
      navigate(`/${session.app}/index`, { replace: true });
    } catch (error) {
      void message.warning((error as Error).message);
    } finally {
      setSubmitting(false);
    }
  };
  return (
    <Form form={form} size="large" onFinish={submit} aria-label={t('signin.smsTab')}>
      <Form.Item name="mobile" rules={mobileRules(t)}>
        <Input
          prefix={<MobileOutlined />}
          placeholder={t('signin.mobilePlaceholder')}
          maxLength={11}
          autoComplete="tel"
        />
      </Form.Item>
      <SmsCodeField form={form} scene="login" />
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
