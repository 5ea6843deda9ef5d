import { describe, expect, it } from 'vitest';
import { code, imageMarkdown, insertImage, link, prefixLines, wrap, type Edit } from './commands';

const apply = (text: string, edit: Edit) => text.slice(0, edit.from) + edit.insert + text.slice(edit.to);

describe('markdown toolbar edits', () => {
  it('wraps the selection in bold, or inserts a selected placeholder', () => {
    const edit = wrap('hello world', { from: 6, to: 11 }, '**', 'bold');
    expect(apply('hello world', edit)).toBe('hello **world**');
    const empty = wrap('ab', { from: 1, to: 1 }, '*', 'italic');
    expect(apply('ab', empty)).toBe('a*italic*b');
    expect('a*italic*b'.slice(empty.select.from, empty.select.to)).toBe('italic');
  });

  it('prefixes every touched line, and toggles the prefix off when all have it', () => {
    const text = 'one\ntwo\nthree';
    const on = prefixLines(text, { from: 1, to: 5 }, '- ');
    expect(apply(text, on)).toBe('- one\n- two\nthree');
    const off = prefixLines('- one\n- two', { from: 0, to: 11 }, '- ');
    expect(apply('- one\n- two', off)).toBe('one\ntwo');
    expect(apply('title', prefixLines('title', { from: 2, to: 2 }, '## '))).toBe('## title');
  });

  it('makes a link with the URL selected, and code inline or fenced', () => {
    const edit = link('see docs', { from: 4, to: 8 }, 'text');
    const out = apply('see docs', edit);
    expect(out).toBe('see [docs](https://)');
    expect(out.slice(edit.select.from, edit.select.to)).toBe('https://');
    expect(apply('x', code('x', { from: 0, to: 1 }, 'code'))).toBe('`x`');
    expect(apply('a\nb', code('a\nb', { from: 0, to: 3 }, 'code'))).toBe('\n```\na\nb\n```\n');
  });

  it('puts an uploaded image on its own line with a clean alt text and URL', () => {
    expect(imageMarkdown('shot [1].png', 'api/files/download/ab')).toBe('![shot  1 .png](api/files/download/ab)');
    expect(imageMarkdown('a', 'https://x/a b(1).png')).toBe('![a](https://x/a%20b%281%29.png)');
    const edit = insertImage('text', 4, 'p.png', 'api/files/download/ab');
    expect(apply('text', edit)).toBe('text\n![p.png](api/files/download/ab)\n');
  });
});
