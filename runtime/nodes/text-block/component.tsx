/** The text widget: its Markdown in the viewer's language, rendered and sanitized in a lazy chunk. */
import { useEffect, useState } from 'react';
import { textOf } from '../../../protocol/page-schema';
import type { MarkdownWidget } from '../../core/dashboard/types';
import { useRuntime } from '../../react/context';
import { WidgetFrame } from '../dashboard/widget-frame';

export function TextBlockNode({ node }: { node: MarkdownWidget }) {
  const { lang } = useRuntime();
  const source = textOf(node.content, lang);
  const [html, setHtml] = useState<string>();
  useEffect(() => {
    let live = true;
    void import('../../core/sanitize/markdown').then(({ renderMarkdown }) => live && setHtml(renderMarkdown(source)));
    return () => {
      live = false;
    };
  }, [source]);
  return (
    <WidgetFrame
      widgetKey={node.key}
      type="textBlock"
      title={node.title}
      status={html === undefined ? 'loading' : 'ready'}
    >
      {/* Sanitized above (renderMarkdown: markdown-it without raw HTML, then DOMPurify). */}
      <div
        className="tessera-markdown"
        style={{ height: '100%', overflow: 'auto' }}
        dangerouslySetInnerHTML={{ __html: html ?? '' }}
      />
    </WidgetFrame>
  );
}
