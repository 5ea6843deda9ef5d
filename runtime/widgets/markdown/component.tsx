import { useEffect, useState } from 'react';
import { Input, Segmented } from 'antd';
import { connect, mapReadPretty } from '@formily/react';
import { decodeMarkdown, encodeMarkdown } from '../../core/codecs/text-encoding';
import { useT } from '../../react/context';
import { ReadText } from '../../react/widget-helpers/read-pretty';

interface Props {
  value?: unknown;
  onChange?: (stored: string | null) => void;
  rows?: number;
  placeholder?: string;
  disabled?: boolean;
}

/** Rendered markdown, sanitized; markdown-it is fetched on first use. */
function MarkdownView({ text }: { text: string | undefined }) {
  const [html, setHtml] = useState<string>();
  useEffect(() => {
    let live = true;
    if (text) void import('../../core/sanitize/markdown').then((m) => live && setHtml(m.renderMarkdown(text)));
    return () => {
      live = false;
    };
  }, [text]);
  if (!text) return <ReadText text="" />;
  // renderMarkdown output has been through the sanitizer.
  return <div className="tessera-read-pretty tessera-markdown" dangerouslySetInnerHTML={{ __html: html ?? '' }} />;
}

function MarkdownEdit({ value, onChange, rows = 6, placeholder, disabled }: Props) {
  const t = useT();
  const [tab, setTab] = useState<'edit' | 'preview'>('edit');
  const text = decodeMarkdown(value) ?? '';
  return (
    <div className="tessera-markdown-field">
      <Segmented
        size="small"
        value={tab}
        onChange={(v) => setTab(v as 'edit' | 'preview')}
        options={[
          { value: 'edit', label: 'Markdown' },
          { value: 'preview', label: t('widgets.preview') },
        ]}
        style={{ marginBottom: 4 }}
      />
      {tab === 'edit' ? (
        <Input.TextArea
          value={text}
          rows={rows}
          placeholder={placeholder}
          disabled={disabled}
          onChange={(e) => onChange?.(encodeMarkdown(e.target.value))}
        />
      ) : (
        <MarkdownView text={text} />
      )}
    </div>
  );
}

const MarkdownRead = ({ value }: Props) => <MarkdownView text={decodeMarkdown(value)} />;

export const MarkdownWidget = connect(MarkdownEdit, mapReadPretty(MarkdownRead));
