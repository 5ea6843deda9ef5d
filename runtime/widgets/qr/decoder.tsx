import { useState } from 'react';
import { Alert, Input, Typography } from 'antd';
import { decodeQrPayload } from '../../core/qr/index';
import { useT } from '../../react/context';

/**
 * "A way for the platform to decode what it wrote" (ai-and-widgets §9): in the QR preview, a user
 * of the app pastes what a scanner read from one of its codes and sees the text inside. Decoding
 * runs here, with the key the shell configured for the signed-in user's app (runtime/core/qr), so a
 * code of another app, or anything else, is reported as not ours. The text is shown as text only.
 */
export function QrDecoder() {
  const t = useT();
  const [scanned, setScanned] = useState('');
  const payload = scanned.trim();
  const decoded = payload ? decodeQrPayload(payload) : undefined;
  return (
    <div className="tessera-qr-decoder" style={{ marginTop: 16 }}>
      <Typography.Text type="secondary">{t('widgets.qr.decodeTitle')}</Typography.Text>
      <Input.TextArea
        aria-label={t('widgets.qr.decodeTitle')}
        placeholder={t('widgets.qr.decodePlaceholder')}
        autoSize={{ minRows: 2, maxRows: 4 }}
        value={scanned}
        onChange={(e) => setScanned(e.target.value)}
        style={{ marginTop: 4 }}
      />
      {payload &&
        (decoded !== undefined ? (
          <Typography.Paragraph className="tessera-qr-decoded" copyable style={{ marginTop: 8, marginBottom: 0 }}>
            {decoded}
          </Typography.Paragraph>
        ) : (
          <Alert
            className="tessera-qr-not-ours"
            type="warning"
            showIcon
            message={t('widgets.qr.notOurs')}
            style={{ marginTop: 8 }}
          />
        ))}
    </div>
  );
}
