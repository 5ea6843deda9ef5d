import { Button, Layout, Watermark } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { session } from '../session/store';
import { readSetting, writeSetting } from '../session/account';
import { menuModeOf, watermarkRotate, watermarkText, type MenuMode } from '../session/app-settings';
import type { AppInfo, UserInfo } from '../session/types';
import { MENU_COLLAPSED_WIDTH, MENU_WIDTH } from '../../protocol/constants';
import { MenuModeContext } from './menu-mode-context';
import { NavMenu } from './NavMenu';
import { TopBar } from './TopBar';
import { useSearchParams } from 'react-router-dom';
import { lazyComponent } from '../../runtime/react/lazy-component';
import { AI_CREATE_PARAM } from './ai-create-param';
import { RoutePage } from '../pages/RoutePage';
import { ErrorPage } from '../pages/ErrorPage';
import { ShellDialogs } from '../dialogs/ShellDialogs';
import styles from './MainLayout.module.css';

function Brand({ collapsed }: { collapsed: boolean }) {
  const { appInfo } = useSnapshot(session);
  return (
    <div className={styles.brand} data-testid="brand">
      {appInfo?.logo ? <img src={appInfo.logo} alt="" className={styles.logo} /> : null}
      {collapsed ? null : (
        <span className={styles.title}>{appInfo?.shortTitle ?? appInfo?.short_title ?? appInfo?.title}</span>
      )}
    </div>
  );
}

/** A layout switch kept in the per-app settings. */
function useKeptFlag(name: string): [boolean, (next: boolean) => void] {
  const [value, setValue] = useState(() => readSetting<boolean>(name) === true);
  const change = (next: boolean) => {
    writeSetting(name, next);
    setValue(next);
  };
  return [value, change];
}

/**
 * Header with logo and title; the menu at the side (200 px, 60 collapsed) or across the top (an
 * app default the user can override); fold hides the menu; the app's watermark over the content.
 */
/** Fetched when first opened (its antd Result brings large illustrations no list page needs). */
const AiAppDialog = lazyComponent(
  () => import('./AiAppDialog').then((m) => m.AiAppDialog),
  () => null,
);

/** True from the first render where `value` is true on: a dialog stays mounted to animate its close. */
function useLatch(value: boolean): boolean {
  const [latched, setLatched] = useState(value);
  if (value && !latched) setLatched(true);
  return latched || value;
}

export function MainLayout({ path }: { path: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const aiCreate = useLatch(path === 'app' && params.get(AI_CREATE_PARAM) === 'ai');
  const { appInfo, user, app, notice } = useSnapshot(session);
  // Kept per app in this browser: leaving for a dashboard (another layout) or reloading keeps the
  // menu hidden or narrow as the user left it (issue 22, item 5).
  const [collapsed, setCollapsed] = useKeptFlag('menuCollapsed');
  const [folded, setFolded] = useKeptFlag('menuFolded');
  const [choice, setChoice] = useState<MenuMode | undefined>(() => readSetting<MenuMode>('menuMode'));
  useEffect(() => setChoice(readSetting<MenuMode>('menuMode')), [app]);
  const mode = menuModeOf(appInfo as AppInfo | undefined, choice);
  const changeMode = (next: MenuMode) => {
    writeSetting('menuMode', next);
    setChoice(next);
  };
  const mark = watermarkText(appInfo as AppInfo | undefined, user as UserInfo | undefined);

  const collapseToggle = (
    <Button
      type="text"
      aria-label={collapsed ? t('layout.expand') : t('layout.collapse')}
      data-testid="collapse"
      icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
      onClick={() => setCollapsed(!collapsed)}
    />
  );
  const left =
    mode === 'top' ? (
      <>
        <Brand collapsed={false} />
        {folded ? null : <NavMenu path={path} mode="horizontal" />}
      </>
    ) : folded ? null : (
      collapseToggle
    );

  const content = (
    <Layout.Content className={styles.content}>
      <MenuModeContext.Provider value={mode}>
        {notice ? <ErrorPage status={notice} app={app} /> : <RoutePage path={path} />}
      </MenuModeContext.Provider>
    </Layout.Content>
  );
  return (
    <Layout className={styles.root} data-menu-mode={mode}>
      {mode === 'side' && !folded ? (
        <Layout.Sider
          width={MENU_WIDTH}
          collapsedWidth={MENU_COLLAPSED_WIDTH}
          collapsed={collapsed}
          theme="light"
          className={styles.sider}
          data-testid="sider"
        >
          <Brand collapsed={collapsed} />
          <NavMenu path={path} mode="inline" collapsed={collapsed} />
        </Layout.Sider>
      ) : null}
      <Layout>
        {/* Sticky: the header stays in view while the page scrolls, under a dialog too. */}
        <div className={styles.header}>
          <TopBar
            folded={folded}
            onFold={() => setFolded(!folded)}
            menuMode={mode}
            onMenuMode={changeMode}
            left={left}
          />
        </div>
        {mark ? (
          <Watermark content={mark} rotate={watermarkRotate(appInfo as AppInfo | undefined)} data-testid="watermark">
            {content}
          </Watermark>
        ) : (
          content
        )}
      </Layout>
      <ShellDialogs />
      {aiCreate ? <AiAppDialog path={path} /> : null}
    </Layout>
  );
}
