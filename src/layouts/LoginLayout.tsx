import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../session/store';
import { titleFontSize } from './title-size';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { ErrorPage } from '../pages/ErrorPage';
import styles from './LoginLayout.module.css';

/**
 * Cover image on the left, the app's title and the form on the right. A navbar notice (this address
 * is not on the app's IP allow list) takes the form's place: signing in could not work anyway.
 */
export function LoginLayout({ children }: { children: ReactNode }) {
  const { appInfo, notice, app } = useSnapshot(session);
  const title = appInfo?.title ?? 'Tessera';
  return (
    <div className={styles.page}>
      <div
        className={styles.cover}
        style={appInfo?.login_cover ? { backgroundImage: `url(${appInfo.login_cover})` } : undefined}
      />
      <div className={styles.panel}>
        <div className={styles.lang}>
          <LanguageSwitch />
        </div>
        <div className={styles.box}>
          <div className={styles.brand}>
            {appInfo?.logo ? <img src={appInfo.logo} alt="" className={styles.logo} /> : null}
            <h1 className={styles.title} style={{ fontSize: titleFontSize(title) }}>
              {title}
            </h1>
          </div>
          {notice ? <ErrorPage status={notice} app={app} /> : children}
        </div>
      </div>
    </div>
  );
}
