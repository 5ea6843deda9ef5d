import { useMemo, useRef, useState } from 'react';
import { Button, Input, Modal, Space, Tooltip } from 'antd';
import { QRCodeCanvas, QRCodeSVG } from 'qrcode.react';
import { connect, mapReadPretty } from '@formily/react';
import { qrContent } from '../../core/qr/index';
import { useT } from '../../react/context';
import { downloadDataUrl } from '../../react/widget-helpers/download';
import { QrDecoder } from './decoder';

interface Props {
  value?: unknown;
  onChange?: (text: string | null) => void;
  size?: number;
  previewSize?: number;
  maxLength?: number;
  placeholder?: string;
  disabled?: boolean;
}

function QrView({ value, size = 60, previewSize = 300 }: Props) {
  const t = useT();
  // Memoised: each encryption uses a fresh IV, so re-rendering must not redraw a different code.
  const content = useMemo(() => qrContent(value), [value]);
  const [open, setOpen] = useState(false);
  const preview = useRef<HTMLDivElement>(null);
  if (content.state !== 'ok')
    return (
      <span className="tessera-qr-state tessera-read-pretty">
        {t(content.state === 'empty' ? 'widgets.emptyData' : 'widgets.formatUnsupported')}
      </span>
    );
  const download = () => {
    const canvas = preview.current?.querySelector('canvas');
    if (canvas) downloadDataUrl(canvas.toDataURL('image/png'), 'qrcode.png');
  };
  return (
    <>
      <Tooltip title={content.raw}>
        <span
          className="tessera-qr"
          role="button"
          tabIndex={0}
          onClick={() => setOpen(true)}
          style={{ cursor: 'zoom-in' }}
        >
          <QRCodeSVG value={content.payload} size={size} level="Q" />
        </span>
      </Tooltip>
      <Modal
        open={open}
        onCancel={() => setOpen(false)}
        width={previewSize + 48}
        footer={<Button onClick={download}>{t('widgets.download')}</Button>}
      >
        <Tooltip title={content.raw}>
          <div ref={preview} className="tessera-qr-preview" style={{ textAlign: 'center', paddingTop: 24 }}>
            <QRCodeCanvas value={content.payload} size={previewSize} level="Q" marginSize={2} />
          </div>
        </Tooltip>
        <QrDecoder />
      </Modal>
    </>
  );
}

function QrEdit({ value, onChange, maxLength, placeholder, disabled, ...view }: Props) {
  return (
    <Space align="center">
      <Input
        value={value === null || value === undefined ? '' : String(value)}
        maxLength={maxLength}
        placeholder={placeholder}
        disabled={disabled}
        onChange={(e) => onChange?.(e.target.value || null)}
      />
      <QrView value={value} {...view} />
    </Space>
  );
}

export const QrWidget = connect(QrEdit, mapReadPretty(QrView));
