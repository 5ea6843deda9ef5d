import { Checkbox } from 'antd';
import { connect, mapReadPretty } from '@formily/react';
import { translate } from '../../../protocol/messages/index';
import { switchCodec, toBoolean } from '../../core/codecs/switch';
import { useRuntime } from '../../react/context';
import { ReadText } from '../../react/widget-helpers/read-pretty';

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
  const { lang } = useRuntime();
  const bool = toBoolean(value);
  return <ReadText text={bool === undefined ? '' : translate(lang, bool ? 'form.yes' : 'form.no')} />;
}

export const CheckboxWidget = connect(CheckboxEdit, mapReadPretty(CheckboxRead));
