import { Input } from 'antd';
import type { TextAreaProps } from 'antd/es/input';
import { connect, mapProps, mapReadPretty } from '@formily/react';
import { ReadText } from '../../react/widget-helpers/read-pretty';
import { useStripIllegal, type StripIllegalProps } from '../../react/widget-helpers/strip-illegal';

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

/** antd's TextArea, stripping illegal characters as typed when the compiler asks (building-blocks §5). */
function TextArea({ stripIllegalCharacters, ...props }: TextAreaProps & StripIllegalProps) {
  const { handlers, holder } = useStripIllegal<HTMLTextAreaElement>(stripIllegalCharacters, props);
  return (
    <>
      {holder}
      <Input.TextArea {...props} {...handlers} />
    </>
  );
}

export const TextareaWidget = connect(
  TextArea,
  mapProps((props) => textareaProps(props as Props) as typeof props),
  mapReadPretty(ReadTextarea),
);
