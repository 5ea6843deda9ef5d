import { App as AntdApp, Button, Divider, Spin, Tabs } from 'antd';
import { DingtalkOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { LoginLayout } from '../../layouts/LoginLayout';
import {
  dingtalkAuthorizeUrl,
  dingtalkConfig,
  dingtalkLogin,
  takeDingtalkCode,
  type DingtalkConfig,
} from '../../session/signin';
import { session } from '../../session/store';
import { PasswordForm } from './PasswordForm';
import { SmsForm } from './SmsForm';

/**
 * /{app}/login: password or SMS code, links to register and forget, and DingTalk sign-in when the
 * app has it. DingTalk returns here with ?authCode= (or ?code=) and state, posted to dingtalk/login.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = AntdApp.useApp();
  const { app, appInfo } = useSnapshot(session);
  const [search, setSearch] = useSearchParams();
  const [exchanging, setExchanging] = useState(false);
  const handled = useRef(false);
  // Whether the app has DingTalk sign-in: app info says so when the server sends the flag; else ask.
  const [dingtalk, setDingtalk] = useState<DingtalkConfig>();
  useEffect(() => {
    if (appInfo?.dingtalk === false) return;
    let live = true;
    dingtalkConfig()
      .then((config) => live && config.enabled && setDingtalk(config))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [appInfo?.dingtalk]);

  useEffect(() => {
    if (handled.current) return;
    if (!search.has('authCode') && !search.has('code')) return;
    handled.current = true;
    const code = takeDingtalkCode(search);
    // The code leaves the address bar at once: it must not stay in history or be reused.
    setSearch({}, { replace: true });
    if (!code) {
      void message.warning(t('signin.dingtalkState'));
      return;
    }
    setExchanging(true);
    dingtalkLogin(code)
      .then(() => {
        void message.success(t('login.success'));
        navigate(`/${session.app}/index`, { replace: true });
      })
      .catch((error: Error) => void message.warning(error.message))
      .finally(() => setExchanging(false));
  }, [search, setSearch, navigate, message, t]);

  // Ways the app's admin turned off on the system settings page (docs/settings.md) are not offered;
  // the server refuses them anyway. Older app info without the field offers every way.
  const methods = appInfo?.login_methods ?? { password: true, sms: true, dingtalk: true };
  const tabs = [
    methods.password && { key: 'password', label: t('signin.passwordTab'), children: <PasswordForm /> },
    methods.sms && { key: 'sms', label: t('signin.smsTab'), children: <SmsForm /> },
  ].filter((tab) => tab !== false);

  const toDingtalk = () => {
    if (!dingtalk?.clientId) return void message.warning(t('signin.dingtalkOff'));
    window.location.assign(dingtalkAuthorizeUrl(dingtalk, `${window.location.origin}/${app}/login`));
  };

  return (
    <LoginLayout>
      <Spin spinning={exchanging} tip={t('signin.dingtalkExchanging')}>
        {tabs.length ? <Tabs destroyInactiveTabPane items={tabs} /> : null}
        <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 12 }}>
          {/* Registering is by SMS code. */}
          {methods.sms ? <Link to={`/${app}/register`}>{t('signin.toRegister')}</Link> : <span />}
          <Link to={`/${app}/forget`}>{t('signin.toForget')}</Link>
        </div>
        {dingtalk && methods.dingtalk ? (
          <>
            <Divider plain>{t('signin.otherWays')}</Divider>
            <Button block icon={<DingtalkOutlined />} onClick={toDingtalk} data-testid="dingtalk">
              {t('signin.dingtalk')}
            </Button>
          </>
        ) : null}
      </Spin>
    </LoginLayout>
  );
}
