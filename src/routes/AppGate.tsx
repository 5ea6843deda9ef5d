/**
 * Everything under /{app}: stores the app identifier, loads the app info (P4015 → warning and 405),
 * applies the access guard, and picks the layout. P4007 from any call signs the user out here.
 */
import { App as AntdApp, Button, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { ResultCode } from '../../protocol/codes';
import { onLogout } from '../api/client';
import { SchemaChangedNotice } from '../components/SchemaChangedNotice';
import { clearSession, enterApp, session } from '../session/store';
import { loadAppInfo, ShellError } from '../session/actions';
import { applyDefaultLang } from '../i18n';
import { CHANGE_PASSWORD, guard } from './guard';
import { isDashboardRoute, singlePath } from './pages';
import { ErrorPage } from '../pages/ErrorPage';
// Each fetched when its route first opens (./lazy-pages.ts).
import {
  AccountPage,
  DashboardLayout,
  DashboardPage,
  ForcedPasswordPage,
  LoginPage,
  MainLayout,
  prefetchNextPages,
} from './lazy-pages';
import { SessionTheme } from '../theme/SessionTheme';
import type { MenuInfo } from '../session/types';

const ERROR_PAGES = new Set(['404', '405']);

export function AppGate() {
  const { app = '' } = useParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const snap = useSnapshot(session);
  const [failure, setFailure] = useState<string>();
  const path = decodeURI(pathname)
    .slice(app.length + 1)
    .replace(/^\/+|\/+$/g, '');

  useEffect(() => {
    enterApp(app);
  }, [app]);

  useEffect(
    () =>
      onLogout(() => {
        clearSession();
        navigate(`/${session.app}/login`, { replace: true });
      }),
    [navigate],
  );

  const ready = snap.app === app;
  const signedIn = Boolean(snap.token);
  useEffect(() => {
    if (ready) prefetchNextPages(signedIn);
  }, [ready, signedIn]);
  const needsAppInfo = ready && !snap.appInfo && !ERROR_PAGES.has(path);
  useEffect(() => {
    if (!needsAppInfo) return;
    setFailure(undefined);
    loadAppInfo(app).catch((error: unknown) => {
      if (error instanceof ShellError && error.code === ResultCode.APP_NOT_FOUND) {
        message.warning(t('error.appNotFound'));
        navigate(`/${app}/405`, { replace: true });
      } else {
        setFailure(t('error.connection'));
      }
    });
  }, [needsAppInfo, app, navigate, message, t]);

  useEffect(() => {
    if (snap.appInfo?.title) document.title = snap.appInfo.title;
  }, [snap.appInfo?.title]);
  useEffect(() => applyDefaultLang(snap.appInfo?.default_lang), [snap.appInfo?.default_lang]);

  if (failure) {
    return (
      <Result
        status="error"
        title={failure}
        extra={<Button onClick={() => window.location.reload()}>{t('common.retry')}</Button>}
      />
    );
  }
  if (!ready || needsAppInfo) return <Spin fullscreen tip={t('login.loadingApp')} />;

  // Doubled paths (/demo/demo/index, user/user) redirect to the single form before anything else.
  const single = singlePath(app, path);
  if (single !== undefined) return <Navigate to={`/${app}/${single}${search}`} replace />;

  // On a sign-in screen the session counts once its menus are loaded: the token arrives first, and
  // leaving for index before the menus would make the next page a 404.
  const onAuthScreen = path === 'login' || path === 'register' || path === 'forget';
  const hasToken = Boolean(snap.token) && (!onAuthScreen || snap.menus !== undefined);
  const mustChangePassword = snap.user?.mustChangePassword === true;
  const decision = guard({ app, path, hasToken, menus: (snap.menus ?? []) as MenuInfo[], mustChangePassword });
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (ERROR_PAGES.has(path)) return <ErrorPage status={path as '404' | '405'} app={app} />;
  if (path === CHANGE_PASSWORD) return <ForcedPasswordPage />;
  if (path === 'login') return <LoginPage />;
  if (path === 'register' || path === 'forget') return <AccountPage kind={path} key={path} />;
  // ?layout=main shows a dashboard inside the main layout (menu, tabs) instead of full screen.
  if (isDashboardRoute(path) && new URLSearchParams(search).get('layout') !== 'main') {
    const id = path.slice('dashboard/common/'.length);
    return (
      <SessionTheme>
        <DashboardLayout>
          <DashboardPage id={id} key={id} />
        </DashboardLayout>
        <SchemaChangedNotice path={path} />
      </SessionTheme>
    );
  }
  return (
    <SessionTheme>
      <MainLayout path={path} />
      <SchemaChangedNotice path={path} />
    </SessionTheme>
  );
}
