import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/** /{app}/404 and /{app}/405. */
export function ErrorPage({ status, app }: { status: '404' | '405'; app: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status={status === '404' ? '404' : 'warning'}
      title={t(`page.${status}.title`)}
      subTitle={t(`page.${status}.sub`)}
      extra={
        status === '404' ? (
          <Button type="primary" onClick={() => navigate(`/${app}/index`)}>
            {t('page.backHome')}
          </Button>
        ) : null
      }
    />
  );
}
