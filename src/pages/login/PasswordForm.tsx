import { App as AntdApp, Button, Form, Input } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { fetchPicCode, login } from '../../session/actions';
import { useErrorsFollowLanguage } from './errors-follow-language';
import { useSnapshot } from 'valtio';
import { session } from '../../session/store';

interface LoginForm {
  account: string;
  password: string;
  code: string;
}

/**
 * Password sign-in with the picture code (auth/getPicCode: single use, expiring). An app whose
 * settings ask the code only after failures, or never (docs/settings.md), starts without it; after
 * a failed attempt the code is shown (the server ignores one it does not ask for).
 * A submit made while the picture is still on its way is never silent: the user is told the code
 * is loading (its key goes with the submit, and the code typed belongs to the picture not yet seen),
 * and a picture whose load failed is asked for again.
 */
export function PasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = AntdApp.useApp();
  const [form] = Form.useForm<LoginForm>();
  useErrorsFollowLanguage(form);
  const [picture, setPicture] = useState<{ codeKey: string; image: string }>();
  const [submitting, setSubmitting] = useState(false);
  const { appInfo } = useSnapshot(session);
  const [asked, setAsked] = useState(appInfo?.captcha !== false);
  /** A picture on its way: a second refresh waits for it instead of asking again. */
  const loadingCode = useRef(false);

  const refreshCode = useCallback(() => {
    if (!asked || loadingCode.current) return;
    loadingCode.current = true;
    form.setFieldValue('code', '');
    // The old picture's key is spent (single use): none is shown until the new one arrives.
    setPicture(undefined);
    fetchPicCode()
      .then(setPicture)
      .catch((error: Error) => message.warning(error.message))
      .finally(() => (loadingCode.current = false));
  }, [form, message, asked]);

  useEffect(refreshCode, [refreshCode]);

  const submit = async (values: LoginForm) => {
    if (submitting) return;
    if (asked && !picture) {
      message.info(t('login.codeLoading'));
      refreshCode();
      return;
    }
    setSubmitting(true);
    try {
      await login({
        account: values.account.trim(),
        password: values.password,
        ...(asked && picture ? { code: values.code.trim(), codeKey: picture.codeKey } : {}),
      });
      message.success(t('login.success'));
      navigate(`/${session.app}/index`, { replace: true });
    } catch (error) {
      message.warning((error as Error).message);
      if (asked) refreshCode();
      else setAsked(true);
    } finally {
      setSubmitting(false);
    }
  };

  const required = (name: string) => [{ required: true, whitespace: true, message: t('login.required', { name }) }];
  return (
    <Form form={form} size="large" onFinish={submit} autoComplete="on" aria-label={t('login.title')}>
      <Form.Item name="account" rules={required(t('login.account'))}>
        <Input
          prefix={<UserOutlined />}
          placeholder={t('login.accountPlaceholder')}
          autoComplete="username"
          maxLength={120}
        />
      </Form.Item>
      <Form.Item name="password" rules={required(t('login.password'))}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          maxLength={120}
        />
      </Form.Item>
      {asked ? (
        <Form.Item>
          <div style={{ display: 'flex', gap: 8 }}>
            <Form.Item name="code" noStyle rules={required(t('login.code'))}>
              <Input
                prefix={<SafetyOutlined />}
                placeholder={t('login.codePlaceholder')}
                maxLength={8}
                autoComplete="off"
              />
            </Form.Item>
            <button
              type="button"
              onClick={refreshCode}
              title={t('login.refreshCode')}
              aria-label={t('login.refreshCode')}
              data-testid="pic-code"
              style={{
                width: 120,
                height: 40,
                padding: 0,
                border: '1px solid #d9d9d9',
                borderRadius: 6,
                background: '#fafafa',
                cursor: 'pointer',
                flex: 'none',
              }}
            >
              {picture ? (
                <img src={picture.image} alt={t('login.code')} style={{ width: '100%', height: '100%' }} />
              ) : (
                <span style={{ color: 'rgba(0, 0, 0, 0.45)', fontSize: 13 }}>{t('login.codePending')}</span>
              )}
            </button>
          </div>
        </Form.Item>
      ) : null}
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
