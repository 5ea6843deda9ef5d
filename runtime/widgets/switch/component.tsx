import { Switch, type SwitchProps } from 'antd';
import { connect, mapProps, mapReadPretty } from '@formily/react';
import { switchCodec, toBoolean } from '../../core/codecs/switch';
import { FormattedRead } from '../../react/widget-helpers/formatted-read';

type Props = Omit<SwitchProps, 'value' | 'onChange'> & {
  value?: unknown;
  onChange?: (stored: 0 | 1 | null) => void;
  maxLength?: number;
};
const field = { key: '', title: '', type: 'switch' };

function SwitchRead({ value }: { value?: unknown }) {
  return <FormattedRead type="switch" value={value} />;
}

function toAntd({ value, onChange, maxLength: _m, ...props }: Props): SwitchProps {
  return {
    ...props,
    checked: toBoolean(value) ?? false,
    onChange: (checked) => onChange?.(switchCodec.encode(checked, field)),
  };
}

export const SwitchWidget = connect(
  Switch,
  mapProps((props) => toAntd(props as Props) as typeof props),
  mapReadPretty(SwitchRead),
);
