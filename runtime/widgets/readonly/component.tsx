import { connect, mapReadPretty } from '@formily/react';
import { ReadText } from '../../react/widget-helpers/read-pretty';

interface Props {
  value?: unknown;
  prefix?: string;
  suffix?: string;
}

function ReadonlyText({ value, prefix, suffix }: Props) {
  const text =
    value === null || value === undefined || value === '' ? '' : `${prefix ?? ''}${String(value)}${suffix ?? ''}`;
  return <ReadText text={text} className="tessera-readonly" />;
}

export const ReadonlyWidget = connect(ReadonlyText, mapReadPretty(ReadonlyText));
