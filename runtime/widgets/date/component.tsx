import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { connect, mapReadPretty } from '@formily/react';
import { dateCodec, dateRangeCodec } from '../../core/codecs/date';
import { FormattedRead } from '../../react/widget-helpers/formatted-read';

type Picker = 'date' | 'week' | 'month' | 'quarter' | 'year';
interface Props {
  value?: unknown;
  onChange?: (stored: number | string | null) => void;
  format?: string;
  showTime?: boolean;
  picker?: Picker;
  range?: boolean;
  maxLength?: number;
  [antd: string]: unknown;
}

const displayFormat = ({ format, showTime }: Props) => format ?? (showTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD');
const field = { key: '', title: '', type: 'date' };

/** A date-only pick means the whole day: the start for a single date, start..end for a range. */
function DateEdit(props: Props) {
  const { value, onChange, format: _f, showTime, picker, range, maxLength: _m, ...rest } = props;
  const common = { ...rest, showTime, picker, format: displayFormat(props), style: { width: '100%' } };
  const dayOnly = !showTime && (picker ?? 'date') === 'date';
  if (range) {
    return (
      <DatePicker.RangePicker
        {...(common as object)}
        value={dateRangeCodec.decode(value as string, field) ?? null}
        onChange={(dates) => {
          const pair = dates && dates[0] && dates[1] ? ([dates[0], dates[1]] as [Dayjs, Dayjs]) : null;
          const span = pair && dayOnly ? ([pair[0].startOf('day'), pair[1].endOf('day')] as [Dayjs, Dayjs]) : pair;
          onChange?.(dateRangeCodec.encode(span, field));
        }}
      />
    );
  }
  return (
    <DatePicker
      {...(common as object)}
      value={dateCodec.decode(value as number, field) ?? null}
      onChange={(date: Dayjs | null) =>
        onChange?.(dateCodec.encode(date && dayOnly ? date.startOf('day') : date, field))
      }
    />
  );
}

function DateRead({ value, format, showTime, picker, range }: Props) {
  return <FormattedRead type="date" value={value} props={{ format, showTime, picker, range }} />;
}

export const DateWidget = connect(DateEdit, mapReadPretty(DateRead));
