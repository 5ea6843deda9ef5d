import { connect, mapReadPretty } from '@formily/react';
import { decodeRichText } from '../../core/codecs/text-encoding';
import { SafeHtml } from '../../react/widget-helpers/safe-html';

/** Stored base64 → HTML → sanitized; a bad value is ignored quietly (ai-and-widgets §8). */
function RichTextView({ value }: { value?: unknown }) {
  return <SafeHtml html={decodeRichText(value)} className="tessera-rich-text" />;
}

export const RichTextWidget = connect(RichTextView, mapReadPretty(RichTextView));
