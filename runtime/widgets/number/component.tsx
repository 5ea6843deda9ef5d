import { InputNumber } from 'antd';
import type { InputNumberProps } from 'antd';
import { connect, mapProps, mapReadPretty } from '@formily/react';
import { toNumber } from '../../core/codecs/number';
import { FormattedRead } from '../../react/widget-helpers/formatted-read';
import { NUMBER_MAX } from './definition';

type Props = InputNumberProps<number> & { maxLength?: number };

function ReadNumber({ value, precision }: { value?: unknown; precision?: number }) {
  return <FormattedRead type="number" value={value} props={{ precision }} />;
}

function toAntd({ value, onChange, maxLength: _text, max, ...props }: Props): InputNumberProps<number> {
  return {
    ...props,
    style: { width: '100%', ...props.style },
    max: Math.min(max ?? NUMBER_MAX, NUMBER_MAX),
    value: toNumber(value) ?? null,
    // antd gives null when cleared; the form stores "no value" as null too.
    onChange: (next) => onChange?.((toNumber(next) ?? null) as number),
  };
}

export const NumberWidget = connect(
  InputNumber,
  mapProps((props) => toAntd(props as Props) as typeof props),
  mapReadPretty(ReadNumber),
);
