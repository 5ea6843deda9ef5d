/**
 * Date-family pickers beyond `date` (month, week, timestamp, range, timestamp range): the form holds
 * the stored value (a ms timestamp, or "ts1,ts2"); these decode it for antd and encode what is
 * picked, normalised to the start of the unit (month / week / day) so equal picks store equal values.
 */
import { DatePicker } from 'antd';
import type { Dayjs, OpUnitType } from 'dayjs';
import { useForm } from '@formily/react';
import { dateCodec, dateRangeCodec } from '../../core/codecs/date';
import { rangeKeyValues } from '../../core/codecs/range';
import { FormattedRead } from './formatted-read';

type Picker = 'date' | 'week' | 'month';
const field = { key: '', title: '', type: 'date' };

export interface PickerConfig {
  /** The widget type: its value format (runtime/core/format) writes the read-only text. */
  type: string;
  picker?: Picker;
  showTime?: boolean;
  /** The picker's display format (the read-only text follows the widget's value format). */
  format: string;
  /** Unit a pick is snapped to (start of it; a range's end snaps to the end of it). */
  unit?: OpUnitType;
}

interface Props {
  value?: unknown;
  onChange?: (stored: number | string | null) => void;
  format?: string;
  startKey?: string;
  endKey?: string;
  maxLength?: number;
  [antd: string]: unknown;
}

export function makePicker(config: PickerConfig) {
  const Edit = ({ value, onChange, format, maxLength: _m, startKey: _s, endKey: _e, ...rest }: Props) => (
    <DatePicker
      {...(rest as object)}
      picker={config.picker}
      showTime={config.showTime}
      format={format ?? config.format}
      style={{ width: '100%' }}
      value={dateCodec.decode(value as number, field) ?? null}
      onChange={(date: Dayjs | null) =>
        onChange?.(dateCodec.encode(date && config.unit ? date.startOf(config.unit) : date, field))
      }
    />
  );
  const Read = ({ value, format }: Props) => <FormattedRead type={config.type} value={value} props={{ format }} />;
  return { Edit, Read };
}

export function makeRangePicker(config: PickerConfig) {
  const Edit = ({ value, onChange, format, maxLength: _m, startKey, endKey, ...rest }: Props) => {
    const form = useForm();
    return (
      <DatePicker.RangePicker
        {...(rest as object)}
        showTime={config.showTime}
        format={format ?? config.format}
        style={{ width: '100%' }}
        value={dateRangeCodec.decode(value as string, field) ?? null}
        onChange={(dates) => {
          const pair = dates && dates[0] && dates[1] ? ([dates[0], dates[1]] as [Dayjs, Dayjs]) : null;
          const unit = config.unit;
          const span = pair && unit ? ([pair[0].startOf(unit), pair[1].endOf(unit)] as [Dayjs, Dayjs]) : pair;
          const stored = dateRangeCodec.encode(span, field);
          // Optional start / end keys (ai-and-widgets §3) get the two ends as their own form values.
          for (const [key, end] of Object.entries(rangeKeyValues(stored, startKey, endKey))) form.setValuesIn(key, end);
          onChange?.(stored);
        }}
      />
    );
  };
  const Read = ({ value, format }: Props) => <FormattedRead type={config.type} value={value} props={{ format }} />;
  return { Edit, Read };
}
