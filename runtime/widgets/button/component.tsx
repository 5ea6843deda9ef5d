import { Button } from 'antd';
import { connect, mapReadPretty, useFieldSchema } from '@formily/react';

interface Props {
  text?: string;
  buttonType?: 'primary' | 'default' | 'dashed' | 'link' | 'text';
  danger?: boolean;
  href?: string;
  disabled?: boolean;
}

const SAFE_HREF = /^(https?:\/\/|\/(?!\/))/i;

function FieldButton({ text, buttonType = 'default', danger, href, disabled }: Props) {
  const schema = useFieldSchema();
  const safe = href && SAFE_HREF.test(href) ? href : undefined;
  return (
    <Button
      className="tessera-field-button"
      type={buttonType}
      danger={danger}
      disabled={disabled}
      href={safe}
      target={safe ? '_blank' : undefined}
      rel={safe ? 'noopener noreferrer' : undefined}
    >
      {text ?? String(schema?.title ?? '')}
    </Button>
  );
}

export const ButtonWidget = connect(FieldButton, mapReadPretty(FieldButton));
