// @vitest-environment jsdom
// jsdom, not happy-dom: the sanitizer needs a spec-compliant HTML parser (see core/sanitize).
import { describe, expect, it } from 'vitest';
import { answerHtml, codeOf, COPY_CLASS } from './markdown';

const dom = (html: string) => {
  const host = document.createElement('div');
  host.innerHTML = html;
  return host;
};

describe('answer markdown', () => {
  it('renders markdown and never lets the model write script, handlers or javascript: links', () => {
    const host = dom(
      answerHtml(
        '**bold** <script>alert(1)</script> <img src=x onerror=alert(1)> [click](javascript:alert(1)) [ok](https://example.com)',
        'Copy',
      ),
    );
    expect(host.querySelector('strong')?.textContent).toBe('bold');
    expect(host.querySelector('script, img[onerror], [onerror]')).toBeNull();
    // Raw HTML is shown as text, not parsed.
    expect(host.textContent).toContain('<script>alert(1)</script>');
    const links = [...host.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com']);
    expect(links[0]!.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('highlights fenced code and puts a copy button over it that copies the code alone', () => {
    const host = dom(answerHtml('```ts\nconst a: number = 1;\n```\n\n```\nplain <b>x</b>\n```', 'Copy'));
    const blocks = host.querySelectorAll('pre');
    expect(blocks).toHaveLength(2);
    expect(blocks[0]!.querySelector('.hljs-keyword')?.textContent).toBe('const');
    const buttons = host.querySelectorAll(`.${COPY_CLASS}`);
    expect([...buttons].map((b) => b.textContent)).toEqual(['Copy', 'Copy']);
    expect(codeOf(buttons[0]!)).toBe('const a: number = 1;\n');
    expect(codeOf(buttons[1]!)).toBe('plain <b>x</b>\n');
    expect(blocks[1]!.querySelector('b')).toBeNull();
  });
});
