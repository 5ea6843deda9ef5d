import { Switch, type SwitchProps } from 'antd';
import { connect, mapProps, mapReadPretty } from '@formily/react';
import { translate } from '../../../protocol/messages/index';
import { switchCodec, toBoolean } from '../../core/codecs/switch';
import { useRuntime } from '../../react/context';
import { ReadText } from '../../react/widget-helpers/read-pretty';

type Props = Omit<SwitchProps, 'value' | 'onChange'> & {
  value?: unknown;
  onChange?: (stored: 0 | 1 | null) => void;
  maxLength?: number;
};
const field = { key: '', title: '', type: 'switch' };

function SwitchRead({ value }: { value?: unknown }) {
  const { lang } = useRuntime();
  const bool = toBoolean(value);
  return <ReadText text={bool === undefined ? '' : translate(lang, bool ? 'form.yes' : 'form.no')} />;
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
