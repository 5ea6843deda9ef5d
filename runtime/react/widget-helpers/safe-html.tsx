/**
 * The one place widgets put HTML into the page: always through the sanitizer (DOMPurify), so rich
 * text or markdown from a row, an import or another system cannot run script here.
 */
import { sanitizeHtml } from '../../core/sanitize/index';
import { ReadText } from './read-pretty';

export function SafeHtml({ html, className }: { html: string | undefined; className?: string }) {
  const clean = sanitizeHtml(html ?? '');
  if (!clean) return <ReadText text="" />;
  return (
    <div
      className={['tessera-read-pretty', 'tessera-html', className].filter(Boolean).join(' ')}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
