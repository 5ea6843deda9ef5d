import { Layout } from 'antd';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../session/store';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';
import { HomePage } from '../pages/HomePage';
import { ModulePage } from '../pages/ModulePage';
import { ErrorPage } from '../pages/ErrorPage';
import { MENU_COLLAPSED_WIDTH, MENU_WIDTH } from '../../protocol/constants';
import styles from './MainLayout.module.css';

/** Header with logo and title, the side menu (200 px, 60 collapsed), and the page. */
export function MainLayout({ path }: { path: string }) {
  const { appInfo, app } = useSnapshot(session);
  const [collapsed, setCollapsed] = useState(false);
  const module = /^common\/([^/]+)$/.exec(path);
  return (
    <Layout className={styles.root}>
      <Layout.Sider
        width={MENU_WIDTH}
        collapsedWidth={MENU_COLLAPSED_WIDTH}
        collapsed={collapsed}
        theme="light"
        className={styles.sider}
      >
        <div className={styles.brand}>
          {appInfo?.logo ? <img src={appInfo.logo} alt="" className={styles.logo} /> : null}
          {collapsed ? null : <span className={styles.title}>{appInfo?.shortTitle ?? appInfo?.short_title ?? appInfo?.title}</span>}
        </div>
        <SideMenu path={path} collapsed={collapsed} />
      </Layout.Sider>
      <Layout>
        <TopBar collapsed={collapsed} onToggle={() => setCollapsed((value) => !value)} />
        <Layout.Content className={styles.content}>
          {path === 'index' ? (
            <HomePage />
          ) : module ? (
            <ModulePage moduleId={module[1]} key={module[1]} />
          ) : (
            <ErrorPage status="404" app={app} />
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
