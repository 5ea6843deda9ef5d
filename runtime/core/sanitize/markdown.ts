/**
 * Markdown → safe HTML: markdown-it with raw HTML disabled (ai-and-widgets §9), then the sanitizer,
 * so a link or image markdown-it lets through is checked a second time. Heavy (markdown-it): import
 * this module dynamically so it lands in its own chunk.
 */
import MarkdownIt from 'markdown-it';
import { sanitizeHtml } from './index';

const md = new MarkdownIt({ html: false, linkify: true, breaks: true });

export function renderMarkdown(text: unknown): string {
  if (typeof text !== 'string' || text === '') return '';
  return sanitizeHtml(md.render(text));
}
