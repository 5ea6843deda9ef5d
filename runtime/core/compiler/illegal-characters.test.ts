import { describe, expect, it } from 'vitest';
import {
  findIllegalCharacters,
  hasIllegalCharacters,
  ILLEGAL_CHARACTERS,
  stripAroundCaret,
  stripIllegalCharacters,
} from './illegal-characters';

describe('illegal characters (building-blocks §5)', () => {
  const ascii = [
    ' ',
    '!',
    '#',
    '$',
    '&',
    '_',
    '`',
    '{',
    '}',
    '%',
    '|',
    '[',
    ']',
    ':',
    '"',
    ';',
    "'",
    '<',
    '>',
    '@',
    '+',
    '-',
    '/',
    '=',
    '*',
    '^',
    '~',
  ];
  const full = [
    '\u3000',
    '！',
    '＃',
    '＄',
    '＆',
    '＿',
    '｀',
    '｛',
    '｝',
    '％',
    '｜',
    '［',
    '］',
    '：',
    '＂',
    '；',
    '＇',
    '＜',
    '＞',
    '＠',
    '＋',
    '－',
    '／',
    '＝',
    '＊',
    '＾',
    '～',
  ];

  it('is exactly the spec set with its full-width forms', () => {
    expect([...ILLEGAL_CHARACTERS].sort()).toEqual([...ascii, ...full].sort());
  });

  it.each([...ascii, ...full])('rejects %j inside text', (ch) => {
    expect(hasIllegalCharacters(`张${ch}三`)).toBe(true);
    expect(findIllegalCharacters(`张${ch}三`)).toEqual([ch]);
  });

  it.each(['null', 'NULL', 'Null', 'nUlL', 'alert', 'ALERT', 'confirm', 'Confirm'])('rejects the word %s', (word) => {
    expect(hasIllegalCharacters(`x${word}y`)).toBe(true);
    expect(findIllegalCharacters(`x${word}y`)).toEqual([word.toLowerCase()]);
  });

  it.each(['<script>', '<iframe src=x>', '<img', '< svg', '</a>', '<style>'])('rejects the html tag %s', (tag) => {
    expect(hasIllegalCharacters(tag)).toBe(true);
  });

  it.each([
    '张三',
    'Zhang San'.replace(' ', ''),
    '客户（北京）有限公司',
    '1.5',
    'a,b',
    '中文，逗号。',
    '🚀火箭',
    'line1\nline2',
    '100?',
    '\\path',
  ])('accepts %j', (text) => {
    expect(hasIllegalCharacters(text)).toBe(false);
    expect(findIllegalCharacters(text)).toEqual([]);
  });

  it('reports each token once, in order', () => {
    expect(findIllegalCharacters('a@b@c <script>alert(1)</script>')).toEqual([
      '@',
      ' ',
      '<script',
      '>',
      'alert',
      '</script',
    ]);
  });

  it('strips until nothing illegal is left', () => {
    expect(stripIllegalCharacters('张 三@公司')).toBe('张三公司');
    expect(stripIllegalCharacters('nunullll')).toBe('');
    expect(stripIllegalCharacters('<script>alert(1)</script>ok')).toBe('(1)ok');
    expect(hasIllegalCharacters(stripIllegalCharacters('a{b}c～d'))).toBe(false);
  });

  it('follows the caret through the stripping', () => {
    // Before the caret: pulled back by what went; after it: unmoved.
    expect(stripAroundCaret('张@三', 2)).toEqual({ text: '张三', caret: 1 });
    expect(stripAroundCaret('张@三', 1)).toEqual({ text: '张三', caret: 1 });
    expect(stripAroundCaret('a b c@', 5)).toEqual({ text: 'abc', caret: 3 });
    // Inside a token: at the token's start.
    expect(stripAroundCaret('xnullx', 3)).toEqual({ text: 'xx', caret: 1 });
    // Over the repeated passes too ("nunullll" → "null" → "").
    expect(stripAroundCaret('ab nunullll cd', 14)).toEqual({ text: 'abcd', caret: 4 });
    expect(stripAroundCaret('客户<script>名', 11)).toEqual({ text: '客户名', caret: 3 });
    // Out-of-range carets are clamped.
    expect(stripAroundCaret('a@', 99)).toEqual({ text: 'a', caret: 1 });
  });

  it('per widget: a name keeps spaces, prose refuses only html (issue 22)', () => {
    expect(hasIllegalCharacters('ACME Trading\u3000Co', 'name')).toBe(false);
    expect(stripIllegalCharacters('ACME @Trading', 'name')).toBe('ACME Trading');
    expect(stripIllegalCharacters('null alert', 'name')).toBe(' ');
    expect(hasIllegalCharacters('见 https://example.com/ 50% a@b.cn: a-b + c', 'prose')).toBe(false);
    expect(findIllegalCharacters('a <script>x</script> < b', 'prose')).toEqual(['<script', '>', '</script', '<']);
    // The spec's list as written stays the default.
    expect(hasIllegalCharacters('a b')).toBe(true);
  });
});
