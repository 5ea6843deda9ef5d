import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The customer-service QR of the top bar (platform-shell §2), per app: the picture an admin sets on
 * the system settings page (service_qr, docs/settings.md: an http(s) address, a site path or a
 * data:image; checked on save). The top bar hides the button while none is set.
 */
export function ServiceQr({ picture }: { picture: string }) {
  const { t } = useTranslation();
  return (
    <div style={{ textAlign: 'center' }} data-testid="service-qr">
      <img
        src={picture}
        alt={t('bar.service')}
        style={{ width: 200, height: 200, objectFit: 'contain', display: 'block', margin: '0 auto 8px' }}
      />
      <Typography.Text type="secondary">{t('bar.serviceHint')}</Typography.Text>
    </div>
  );
}
