import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { session } from '../session/store';

/** A route of the spec whose page is not configured yet: says so and leads back home. */
export function PendingPage({ route }: { route: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { app } = useSnapshot(session);
  return (
    <Result
      status="info"
      title={t('page.pending.title')}
      subTitle={t('page.pending.sub', { route: `/${app}/${route}` })}
      extra={
        <Button type="primary" onClick={() => navigate(`/${app}/index`)}>
          {t('page.backHome')}
        </Button>
      }
    />
  );
}
