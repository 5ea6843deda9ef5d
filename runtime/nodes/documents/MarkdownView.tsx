/**
 * Shows document HTML: always through the sanitizer (the server sanitized it on write too; this is
 * the second wall). Images of our file API need the session, so their src is taken off before the
 * HTML reaches the page (no unauthenticated request, no broken image) and set to an object URL of
 * the blob fetched through the runtime's RequestFn; other URLs are the sanitizer's (http(s) only).
 */
import { useEffect, useMemo, useRef } from 'react';
import type { RequestFn } from '../../../protocol/http';
import { sanitizeHtml } from '../../core/sanitize/index';
import { apiFilePath } from '../../core/upload/urls';

const API_IMAGE = 'data-tessera-file';

/** Sanitized HTML with our file API images parked under an attribute of our own. */
export function viewHtml(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = sanitizeHtml(html);
  for (const img of template.content.querySelectorAll('img')) {
    const path = apiFilePath(img.getAttribute('src') ?? '');
    if (!path) continue;
    img.removeAttribute('src');
    img.setAttribute(API_IMAGE, path);
  }
  return template.innerHTML;
}

export function MarkdownView({ html, request, testId }: { html: string; request: RequestFn; testId?: string }) {
  const host = useRef<HTMLDivElement>(null);
  const safe = useMemo(() => viewHtml(html), [html]);
  useEffect(() => {
    let alive = true;
    const urls: string[] = [];
    for (const img of host.current?.querySelectorAll<HTMLImageElement>(`img[${API_IMAGE}]`) ?? []) {
      const path = img.getAttribute(API_IMAGE)!;
      void request<Blob>({ method: 'GET', url: path, responseType: 'blob' })
        .then((answer) => {
          if (!alive || !(answer.data instanceof Blob)) return;
          const url = URL.createObjectURL(answer.data);
          urls.push(url);
          img.src = url;
        })
        .catch(() => undefined);
    }
    return () => {
      alive = false;
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [safe, request]);
  // `safe` went through the sanitizer; the only attribute added afterwards is our own path marker.
  return (
    <div
      ref={host}
      className="tessera-markdown tessera-doc-view"
      data-testid={testId}
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
