import { App as AntdApp, Button, Form, Input, type FormInstance } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { useEffect, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { sendSmsCode, MOBILE_PATTERN, SMS_CODE_PATTERN, type SmsScene } from '../../session/signin';

export const SMS_RESEND_SECONDS = 60;

/** Seconds left before another code may be sent; counts down once a second. */
export function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
}

/**
 * 获取验证码 with its 60 s resend countdown. `mobile` answers the number to send to, or undefined
 * when it is not valid (the caller's form has shown why): nothing is sent then.
 */
export function SendCodeButton({ scene, mobile }: { scene: SmsScene; mobile: () => Promise<string | undefined> }) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const [left, start] = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    const to = await mobile();
    if (!to) return;
    setSending(true);
    try {
      const text = await sendSmsCode(to, scene);
      void message.success(text || t('signin.codeSent'));
      start(SMS_RESEND_SECONDS);
    } catch (error) {
      void message.warning((error as Error).message);
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      onClick={() => void send()}
      disabled={left > 0}
      loading={sending}
      style={{ width: 132, flex: 'none' }}
      data-testid="send-code"
    >
      {left > 0 ? t('signin.resendIn', { seconds: left }) : t('signin.sendCode')}
    </Button>
  );
}

/** The 6-digit code box (any form binds it through value / onChange). */
export function SmsCodeInput(props: { value?: string; onChange?: (event: ChangeEvent<HTMLInputElement>) => void }) {
  const { t } = useTranslation();
  return (
    <Input
      {...props}
      prefix={<SafetyOutlined />}
      placeholder={t('signin.codePlaceholder')}
      maxLength={6}
      autoComplete="one-time-code"
    />
  );
}

/** The 6-digit SMS code with its send button (60 s resend countdown); reads the mobile from `form`. */
export function SmsCodeField({
  form,
  scene,
  mobileField = 'mobile',
}: {
  form: FormInstance;
  scene: SmsScene;
  mobileField?: string;
}) {
  const { t } = useTranslation();
  const mobile = async () => {
    try {
      await form.validateFields([mobileField]);
    } catch {
      return undefined;
    }
    return String(form.getFieldValue(mobileField)).trim();
  };

  return (
    <Form.Item>
      <div style={{ display: 'flex', gap: 8 }}>
        <Form.Item
          name="code"
          noStyle
          rules={[
            { required: true, message: t('signin.codeRequired') },
            { pattern: SMS_CODE_PATTERN, message: t('signin.codeInvalid') },
          ]}
        >
          <SmsCodeInput />
        </Form.Item>
        <SendCodeButton scene={scene} mobile={mobile} />
      </div>
    </Form.Item>
  );
}

export function mobileRules(t: (key: string) => string) {
  return [
    { required: true, message: t('signin.mobileRequired') },
    { pattern: MOBILE_PATTERN, message: t('signin.mobileInvalid') },
  ];
}
