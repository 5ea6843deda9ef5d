import { lazy, Suspense, useRef } from 'react';
import { connect, mapReadPretty } from '@formily/react';
import { decodeRichText, encodeRichText, RICH_EDITOR_HEIGHT } from '../../core/codecs/text-encoding';
import { sanitizeHtml } from '../../core/sanitize/index';
import { useT } from '../../react/context';
import { SafeHtml } from '../../react/widget-helpers/safe-html';

const WangEditor = lazy(() => import('./wang-editor'));

interface Props {
  value?: unknown;
  onChange?: (stored: string | null) => void;
  height?: number;
  placeholder?: string;
  disabled?: boolean;
}

/** What the form stores for edited HTML: sanitized first, then base64 of its URI encoding. */
export const storeRichText = (html: string) => encodeRichText(sanitizeHtml(html));

function RichEdit({ value, onChange, height = RICH_EDITOR_HEIGHT, placeholder, disabled }: Props) {
  const t = useT();
  // The editor is uncontrolled after mount: feed it the decoded, sanitized value once.
  const initial = useRef(sanitizeHtml(decodeRichText(value) ?? ''));
  return (
    <Suspense fallback={<div style={{ height }}>{t('widgets.loading')}</div>}>
      <WangEditor
        html={initial.current}
        height={height}
        placeholder={placeholder}
        readOnly={disabled}
        onChange={(html) => onChange?.(storeRichText(html))}
      />
    </Suspense>
  );
}

function RichRead({ value }: Props) {
  return <SafeHtml html={decodeRichText(value)} className="tessera-rich-text" />;
}

export const RichEditorWidget = connect(RichEdit, mapReadPretty(RichRead));
