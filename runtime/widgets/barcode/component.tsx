import { useEffect, useRef, useState } from 'react';
import { Button, Input, Modal, Space, Tooltip } from 'antd';
import { connect, mapReadPretty } from '@formily/react';
import { useT } from '../../react/context';
import { downloadDataUrl } from '../../react/widget-helpers/download';
import { draw, encodable } from './draw';

interface Props {
  value?: unknown;
  onChange?: (text: string | null) => void;
  width?: number;
  height?: number;
  displayValue?: boolean;
  maxLength?: number;
  placeholder?: string;
  disabled?: boolean;
}

const textOf = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
function BarcodeView({ value, width = 2, height = 60, displayValue = true }: Props) {
  const t = useT();
  const text = textOf(value);
  const svg = useRef<SVGSVGElement>(null);
  const [open, setOpen] = useState(false);
  const [valid, setValid] = useState(true);
  useEffect(() => {
    if (svg.current && text) setValid(encodable(text) && draw(svg.current, text, width, height, false));
  }, [text, width, height, displayValue]);
  if (!text) return <span className="tessera-barcode-state tessera-read-pretty">{t('widgets.emptyData')}</span>;
  const supported = valid && encodable(text);
  const download = () => {
    const canvas = document.createElement('canvas');
    if (draw(canvas, text, width, height, displayValue)) downloadDataUrl(canvas.toDataURL('image/png'), 'barcode.png');
  };
  return (
    <>
      {!supported && (
        <span className="tessera-barcode-state tessera-read-pretty">{t('widgets.formatUnsupported')}</span>
      )}
      <Tooltip title={text}>
        <span
          style={{ display: supported ? 'inline-block' : 'none', textAlign: 'center', cursor: 'zoom-in' }}
          onClick={() => setOpen(true)}
        >
          <svg ref={svg} className="tessera-barcode" role="button" style={{ display: 'block' }} />
          {displayValue && <span className="tessera-barcode-text">{text}</span>}
        </span>
      </Tooltip>
      <Modal
        open={open && supported}
        onCancel={() => setOpen(false)}
        footer={<Button onClick={download}>{t('widgets.download')}</Button>}
      >
        <div className="tessera-barcode-preview" style={{ textAlign: 'center', paddingTop: 24 }}>
          <svg ref={(el) => void (el && draw(el, text, width * 1.5, height * 2, false))} />
          <div>{text}</div>
        </div>
      </Modal>
    </>
  );
}

function BarcodeEdit({ value, onChange, maxLength, placeholder, disabled, ...view }: Props) {
  return (
    <Space align="center" wrap>
      <Input
        value={textOf(value)}
        maxLength={maxLength}
        placeholder={placeholder}
        disabled={disabled}
        onChange={(e) => onChange?.(e.target.value || null)}
      />
      <BarcodeView value={value} {...view} />
    </Space>
  );
}

export const BarcodeWidget = connect(BarcodeEdit, mapReadPretty(BarcodeView));
