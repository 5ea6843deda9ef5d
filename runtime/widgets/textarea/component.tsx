import { Input } from 'antd';
import type { TextAreaProps } from 'antd/es/input';
import { connect, mapProps, mapReadPretty } from '@formily/react';
import { ReadText } from '../../react/widget-helpers/read-pretty';

type Props = TextAreaProps & { minRows?: number; maxRows?: number };

function ReadTextarea({ value }: { value?: unknown }) {
  const text = value === null || value === undefined ? '' : String(value);
  // Keep the author's line breaks in the detail view.
  return <ReadText text={text && <span style={{ whiteSpace: 'pre-wrap' }}>{text}</span>} />;
}

/** Autosize 3–5 rows unless the field's props say otherwise (building-blocks §5). */
export function textareaProps({ minRows = 3, maxRows = 5, ...props }: Props): TextAreaProps {
  return { ...props, autoSize: { minRows, maxRows: Math.max(minRows, maxRows) } };
}

export const TextareaWidget = connect(
  Input.TextArea,
  mapProps((props) => textareaProps(props as Props) as typeof props),
  mapReadPretty(ReadTextarea),
);
