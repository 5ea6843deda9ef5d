import { Empty, QRCode, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSuccess } from '../../protocol/codes';
import { request } from '../api/client';

/** Dictionary holding an app's customer-service QR: the first item's value is encoded, its label shown. */
export const SERVICE_QR_DICT = 'service_qr';

interface Item {
  value: string;
  label: string;
}

/**
 * The customer-service QR of the top bar (platform-shell §2), per app: the first item of the app's
 * `service_qr` dictionary (a per-app setting an admin edits like any dictionary; no column of its
 * own). Without one, or when it cannot be read, a clear empty state.
 */
export function ServiceQr() {
  const { t } = useTranslation();
  const [item, setItem] = useState<Item | null>();
  useEffect(() => {
    let live = true;
    request<Item[]>({ method: 'GET', url: `dict/${SERVICE_QR_DICT}` })
      .then((result) => {
        const first = isSuccess(result.code) && Array.isArray(result.data) ? result.data[0] : undefined;
        if (live) setItem(first?.value ? first : null);
      })
      .catch(() => live && setItem(null));
    return () => {
      live = false;
    };
  }, []);
  if (item === undefined) return <Spin style={{ display: 'block', margin: '24px auto' }} />;
  if (item === null)
    return (
      <Empty
        data-testid="service-qr-empty"
        description={
          <>
            <Typography.Text strong>{t('bar.serviceMissing')}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{t('bar.serviceMissingSub')}</Typography.Text>
          </>
        }
      />
    );
  return (
    <div style={{ textAlign: 'center' }} data-testid="service-qr">
      <QRCode value={item.value} size={200} errorLevel="Q" style={{ margin: '0 auto 8px' }} />
      <Typography.Paragraph strong style={{ marginBottom: 4 }}>
        {item.label}
      </Typography.Paragraph>
      <Typography.Text type="secondary">{t('bar.serviceHint')}</Typography.Text>
    </div>
  );
}
