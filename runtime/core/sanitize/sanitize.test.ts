// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { canSanitize, sanitizeHtml, withoutBlanks } from './index';
import { renderMarkdown } from './markdown';

/** Known XSS payloads (OWASP cheat sheet, DOMPurify's mXSS classics). */
const payloads = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" OnErRoR="alert(1)">',
  '<svg onload=alert(1)><circle r=1 /></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<body onload=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<div style="width: expression(alert(1))">x</div>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<style>@import "//evil.example/x.css";</style>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<svg></p><style><a id="</style><img src=x onerror=alert(1)>">',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<a href="#" onclick="alert(1)">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
];

/** Every element and attribute of the output, parsed the way a browser would show it. */
function assertInert(html: string) {
  const host = document.createElement('div');
  host.innerHTML = html;
  for (const el of host.querySelectorAll('*')) {
    expect(['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'STYLE', 'FORM', 'BASE', 'META']).not.toContain(el.tagName);
    for (const attr of el.attributes) {
      expect(attr.name).not.toMatch(/^on/i);
      expect(attr.name).not.toMatch(/^(srcdoc|formaction|action)$/i);
      const value = withoutBlanks(attr.value).toLowerCase();
      expect(value).not.toMatch(/^(javascript|vbscript):/);
      if (attr.name === 'href') expect(value).not.toMatch(/^data:/);
      if (attr.name === 'src') expect(value).not.toMatch(/^data:image\/svg/);
      if (attr.name === 'style') expect(value).not.toMatch(/expression\(|url\(/);
    }
  }
  expect(html.toLowerCase()).not.toContain('<script');
}

describe('sanitizeHtml (rich text)', () => {
  it('runs with a DOM', () => expect(canSanitize()).toBe(true));

  it.each(payloads)('neutralises %s', (payload) => {
    assertInert(sanitizeHtml(payload));
    // Sanitizing again changes nothing (stored output is stable).
    expect(sanitizeHtml(sanitizeHtml(payload))).toBe(sanitizeHtml(payload));
  });

  it('keeps ordinary rich text: formatting, colours, links, images, CJK and emoji', () => {
    const html =
      '<p><strong>粗体</strong> <span style="color: rgb(255, 0, 0);">红色 🚀</span></p>' +
      '<p><a href="https://example.com/a" target="_blank">link</a> <img src="/files/a.png" alt="a"></p>';
    const out = sanitizeHtml(html);
    expect(out).toContain('<strong>粗体</strong>');
    expect(out).toContain('style="color: rgb(255, 0, 0);"');
    expect(out).toContain('href="https://example.com/a"');
    expect(out).toContain('rel="noopener noreferrer"');
    expect(out).toContain('src="/files/a.png"');
  });

  it('returns "" for nothing', () => {
    expect(sanitizeHtml(undefined)).toBe('');
    expect(sanitizeHtml('')).toBe('');
  });
});

describe('renderMarkdown (markdown-it, html off, then sanitizer)', () => {
  it.each(payloads)('shows raw HTML as text, never as markup: %s', (payload) => {
    const out = renderMarkdown(payload);
    assertInert(out);
    // linkify may turn a bare URL into a link: that is text, not markup.
    expect(out).not.toMatch(/<(img|svg|iframe|div|script|style|math|form)\b/i);
  });

  it.each([
    '[x](javascript:alert(1))',
    '[x](JAVASCRIPT:alert(1))',
    '[x](&#106;avascript:alert(1))',
    '[x](data:text/html;base64,PHNjcmlwdD4=)',
    '![x](javascript:alert(1))',
    '<javascript:alert(1)>',
    '[x](vbscript:msgbox(1))',
    '[a](<javascript:alert(1)>)',
  ])('drops dangerous link targets: %s', (text) => {
    const out = renderMarkdown(text);
    assertInert(out);
    expect(out.toLowerCase()).not.toMatch(/href="\s*(javascript|vbscript|data):/);
  });

  it('renders ordinary markdown with CJK and emoji', () => {
    const out = renderMarkdown('# 标题 🚀\n\n**粗体** [链接](https://example.com)\n\n- 一\n- 二');
    expect(out).toContain('<h1>标题 🚀</h1>');
    expect(out).toContain('<strong>粗体</strong>');
    expect(out).toContain('<a href="https://example.com">链接</a>');
    expect(out).toContain('<li>一</li>');
  });
});
