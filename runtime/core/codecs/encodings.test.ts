import { describe, expect, it } from 'vitest';
import {
  decodeMarkdown,
  decodeRichText,
  encodeMarkdown,
  encodeRichText,
  rangeEnds,
  rangeKeyValues,
  readFiles,
  readRows,
  writeFiles,
  writeRows,
} from './index';

const samples = ['<p>你好，世界</p>', '🚀 emoji 👩‍💻 and 中文', 'a%b+c/d=e', '# 标题\n\n- 项目 ✅'];

describe('rich text codec (base64 of URI-encoded text)', () => {
  it.each(samples)('round-trips %j', (text) => {
    const stored = encodeRichText(text)!;
    expect(stored).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(decodeRichText(stored)).toBe(text);
  });
  it('matches the other systems: btoa(encodeURIComponent(text))', () => {
    expect(encodeRichText('<p>中</p>')).toBe('JTNDcCUzRSVFNCVCOCVBRCUzQyUyRnAlM0U=');
  });
  it('ignores a bad base64 value quietly (no value, no throw)', () => {
    for (const bad of ['not base64!!', '%%%', 'abcde', btoa('%E4%B8'), '<p>raw html</p>', 42, {}])
      expect(decodeRichText(bad)).toBeUndefined();
    expect(decodeRichText(null)).toBeUndefined();
    expect(encodeRichText('')).toBeNull();
  });
});

describe('markdown codec (URI-encoded)', () => {
  it.each(samples)('round-trips %j', (text) => {
    expect(decodeMarkdown(encodeMarkdown(text))).toBe(text);
  });
  it('shows text that is not URI-encoded as it is', () => {
    expect(decodeMarkdown('100% done')).toBe('100% done');
    expect(encodeMarkdown('')).toBeNull();
  });
});

describe('file reader (array, object, URL, URI-encoded JSON)', () => {
  const list = [
    { url: '/files/a.png', name: '合同 🚀.png' },
    { url: '/files/b.pdf', name: 'b.pdf' },
  ];
  it('reads every stored shape to [{url, name}]', () => {
    expect(readFiles(list)).toEqual(list);
    expect(readFiles(JSON.stringify(list))).toEqual(list);
    expect(readFiles(encodeURIComponent(JSON.stringify(list)))).toEqual(list);
    expect(readFiles(list[0])).toEqual([list[0]]);
    expect(readFiles('/files/%E5%90%88%E5%90%8C.pdf?x=1')).toEqual([
      { url: '/files/%E5%90%88%E5%90%8C.pdf?x=1', name: '合同.pdf' },
    ]);
  });
  it('round-trips through writeFiles, dropping junk', () => {
    expect(readFiles(writeFiles([...list, { name: 'no url' }, 3]))).toEqual(list);
    expect(writeFiles([])).toBeNull();
    expect(readFiles('[broken')).toEqual([]);
    expect(readFiles('%5Bbroken%')).toEqual([]);
  });
});

describe('sub-table rows (JSON text)', () => {
  it('round-trips rows with CJK and emoji, dropping non-objects', () => {
    const rows = [{ name: '张三', note: '🚀' }, { name: 'b' }];
    expect(readRows(writeRows(rows))).toEqual(rows);
    expect(readRows('[1, {"a": 1}, null]')).toEqual([{ a: 1 }]);
    expect(readRows('not json')).toEqual([]);
    expect(writeRows([])).toBeNull();
  });
});

describe('range ends', () => {
  it('splits "ts1,ts2" for the start / end keys', () => {
    expect(rangeEnds('1,2')).toEqual([1, 2]);
    expect(rangeKeyValues('1709596800000,1709942400000', 'from', 'to')).toEqual({
      from: 1709596800000,
      to: 1709942400000,
    });
    expect(rangeKeyValues(null, 'from')).toEqual({ from: null });
    expect(rangeEnds('1')).toBeUndefined();
  });
});

describe('time codec ("HH:mm:ss")', () => {
  it('round-trips and normalises', async () => {
    const { timeCodec, formatTime } = await import('./time');
    const f = { key: 't', title: 'T', type: 'time' };
    expect(timeCodec.encode(timeCodec.decode('08:05:09', f), f)).toBe('08:05:09');
    expect(formatTime('8:05')).toBe('08:05:00');
    for (const bad of ['24:00', '12:60', 'noon', 1234, null]) expect(timeCodec.decode(bad as never, f)).toBeUndefined();
  });
});
