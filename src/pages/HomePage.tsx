import { Card, Typography } from 'antd';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuModeContext } from '../layouts/menu-mode-context';
import { useSnapshot } from 'valtio';
import { session } from '../session/store';

export function HomePage() {
  const { t } = useTranslation();
  const { appInfo, user } = useSnapshot(session);
  // The hint names where the menu is: on the left, or across the top.
  const mode = useContext(MenuModeContext);
  return (
    <Card>
      <Typography.Title level={3}>{t('home.welcome', { title: appInfo?.title ?? 'Tessera' })}</Typography.Title>
      <Typography.Paragraph type="secondary">
        {user?.name} · {t(mode === 'top' ? 'home.hintTop' : 'home.hint')}
      </Typography.Paragraph>
    </Card>
  );
}
