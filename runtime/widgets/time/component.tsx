import { TimePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { connect, mapReadPretty } from '@formily/react';
import { formatTime, parseTime } from '../../core/codecs/time';
import { ReadText } from '../../react/widget-helpers/read-pretty';

interface Props {
  value?: unknown;
  onChange?: (stored: string | null) => void;
  format?: string;
  maxLength?: number;
  [antd: string]: unknown;
}

function TimeEdit({ value, onChange, format = 'HH:mm:ss', maxLength: _m, ...rest }: Props) {
  return (
    <TimePicker
      {...(rest as object)}
      format={format}
      style={{ width: '100%' }}
      value={parseTime(value) ?? null}
      onChange={(time: Dayjs | null) => onChange?.(formatTime(time))}
    />
  );
}

function TimeRead({ value, format = 'HH:mm:ss' }: Props) {
  return <ReadText text={parseTime(value)?.format(format) ?? ''} />;
}

export const TimeWidget = connect(TimeEdit, mapReadPretty(TimeRead));
