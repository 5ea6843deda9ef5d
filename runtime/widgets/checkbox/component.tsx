import { Checkbox } from 'antd';
import { connect, mapReadPretty } from '@formily/react';
import { switchCodec, toBoolean } from '../../core/codecs/switch';
import { FormattedRead } from '../../react/widget-helpers/formatted-read';

interface Props {
  value?: unknown;
  onChange?: (stored: 0 | 1 | null) => void;
  text?: string;
  disabled?: boolean;
}
const field = { key: '', title: '', type: 'checkbox' };

function CheckboxEdit({ value, onChange, text, disabled }: Props) {
  return (
    <Checkbox
      checked={toBoolean(value) ?? false}
      disabled={disabled}
      onChange={(e) => onChange?.(switchCodec.encode(e.target.checked, field))}
    >
      {text}
    </Checkbox>
  );
}

function CheckboxRead({ value }: Props) {
  return <FormattedRead type="checkbox" value={value} />;
}

export const CheckboxWidget = connect(CheckboxEdit, mapReadPretty(CheckboxRead));
