import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { session } from '../session/store';

export function HomePage() {
  const { t } = useTranslation();
  const { appInfo, user } = useSnapshot(session);
  return (
    <Card>
      <Typography.Title level={3}>{t('home.welcome', { title: appInfo?.title ?? 'Tessera' })}</Typography.Title>
      <Typography.Paragraph type="secondary">
        {user?.name} · {t('home.hint')}
      </Typography.Paragraph>
    </Card>
  );
}
