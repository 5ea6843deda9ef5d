// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cleanMarkdown, renderDocument, safeDestination } from './markdown';

describe('document markdown on write', () => {
  it('turns unsafe link and image destinations into #, keeping safe ones', () => {
    const source =
      '[a](javascript:alert(1)) [b](JaVa&#x09;Script:alert(1)) ![c](data:text/html;base64,PHNjcmlwdD4=)\n' +
      '[ok](https://example.com) ![img](api/files/download/0123456789abcdef0123456789abcdef) [rel](#top)\n' +
      '![png](data:image/png;base64,iVBORw0KGgo=)\n\n[ref]: vbscript:msgbox(1)';
    const clean = cleanMarkdown(source);
    expect(clean).toContain('[a](#)');
    expect(clean).toContain('[b](#)');
    expect(clean).toContain('![c](#)');
    expect(clean).toContain('[ok](https://example.com)');
    expect(clean).toContain('![img](api/files/download/0123456789abcdef0123456789abcdef)');
    expect(clean).toContain('![png](data:image/png;base64,iVBORw0KGgo=)');
    expect(clean).toContain('[ref]: #');
    expect(clean).not.toMatch(/javascript|vbscript|text\/html/i);
  });

  it('escapes raw HTML outside code and leaves code, autolinks and comparisons as written', () => {
    const source = [
      '<script>alert(1)</script> <img src=x onerror=alert(1)> a < b',
      '`<b>code</b>` <https://example.com> <dev@example.com> <javascript:alert(1)>',
      '```html',
      '<script>kept()</script>',
      '```',
      '',
      '    <i>indented code</i>',
    ].join('\n');
    const clean = cleanMarkdown(source);
    const lines = clean.split('\n');
    expect(lines[0]).toBe('&lt;script>alert(1)&lt;/script> &lt;img src=x onerror=alert(1)> a < b');
    expect(lines[1]).toBe('`<b>code</b>` <https://example.com> <dev@example.com> &lt;javascript:alert(1)>');
    expect(lines[3]).toBe('<script>kept()</script>');
    expect(lines[6]).toBe('    <i>indented code</i>');
  });

  it('renders the same text before and after cleaning (raw HTML is text either way)', () => {
    const source = '# T\n\n<b onclick="x()">bold?</b> and [x](https://e.com)';
    expect(renderDocument(cleanMarkdown(source))).toBe(renderDocument(source));
  });

  it('renders sanitized HTML: no script, no event attribute, no javascript: href', () => {
    const html = renderDocument('<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>');
    expect(html).not.toMatch(/<script|<img|href="javascript/i);
    expect(safeDestination('mailto:a@b.c', false)).toBe(true);
    expect(safeDestination('data:image/png;base64,AA', false)).toBe(false);
  });
});
