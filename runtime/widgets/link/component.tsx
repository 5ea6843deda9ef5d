import { Input } from 'antd';
import { connect, mapReadPretty } from '@formily/react';
import { ReadText } from '../../react/widget-helpers/read-pretty';
import { SAFE_LINK } from './definition';

function LinkRead({ value, text }: { value?: unknown; text?: string }) {
  const url = value === null || value === undefined ? '' : String(value);
  if (!url) return <ReadText text="" />;
  // Only http(s) / site-relative URLs become links: a stored javascript: URL stays inert text.
  if (!SAFE_LINK.test(url)) return <ReadText text={url} />;
  return (
    <a className="tessera-read-pretty tessera-link" href={url} target="_blank" rel="noopener noreferrer">
      {text || url}
    </a>
  );
}

/** Edits the URL as text; `text` is only the read-only link label. */
const LinkInput = ({ text: _t, ...props }: Record<string, unknown>) => <Input {...props} />;

export const LinkWidget = connect(LinkInput, mapReadPretty(LinkRead));
