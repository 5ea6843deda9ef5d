import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../session/store';
import { titleFontSize } from './title-size';
import { LanguageSwitch } from '../components/LanguageSwitch';
import styles from './LoginLayout.module.css';

/** Cover image on the left, the app's title and the form on the right. */
export function LoginLayout({ children }: { children: ReactNode }) {
  const { appInfo } = useSnapshot(session);
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
          {children}
        </div>
      </div>
    </div>
  );
}
