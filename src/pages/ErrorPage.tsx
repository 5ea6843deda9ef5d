import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

export type ErrorKind = '404' | '405' | 'ipBlocked' | 'debug';

/** /{app}/404 and /{app}/405, and the navbar notices (IP not allowed, debug panel forbidden). */
export function ErrorPage({ status, app }: { status: ErrorKind; app: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status={status === '404' ? '404' : status === '405' ? 'warning' : '403'}
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
