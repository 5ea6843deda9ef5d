/**
 * The read-only view of a value as its widget's value format shows it (runtime/core/format): the
 * same text the table cell and the export hold, so detail, read-only form, table and file agree.
 */
import { valueFormatOf } from '../../core/format';
import { useRuntime } from '../context';
import { ReadText } from './read-pretty';

export interface FormattedReadProps {
  /** The widget type whose format reads the value. */
  type: string;
  value?: unknown;
  /** The field's props the format reads (format, showTime, range, precision...). */
  props?: Record<string, unknown>;
  labels?: ReadonlyMap<string, string>;
}

export function FormattedRead({ type, value, props, labels }: FormattedReadProps) {
  const { lang } = useRuntime();
  const format = valueFormatOf(type);
  const text = format ? format.display(value, { key: '', title: '', type, props }, { lang, labels }) : '';
  return <ReadText text={text} />;
}
