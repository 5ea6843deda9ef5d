import { describe, expect, it } from 'vitest';
import { DRAW_DEFAULTS } from '../../protocol/ai-image';
import { mjPrompt, sdRequest } from './prompt';
import { decodePng, encodePng, fitInside, thumbnail } from './png';

describe('the MJ prompt (docs/ai.md "Image studio")', () => {
  it('is prompt, --ar, --no, --q, then the version, on one line', () => {
    expect(
      mjPrompt({ ...DRAW_DEFAULTS, prompt: ' a fox\n in snow ', negative_prompt: 'text', rate: '16:9', quality: 5 }),
    ).toBe('a fox in snow --ar 16:9 --no text --q 5 --v 5');
  });
  it('leaves --no out without a negative prompt and uses the defaults', () => {
    expect(mjPrompt({ drawType: 'MJ', prompt: 'a fox' })).toBe('a fox --ar 1:1 --q 2.5 --v 5');
    expect(mjPrompt({ drawType: 'MJ', prompt: 'a fox', mj_style: ' --niji 5 ' })).toBe(
      'a fox --ar 1:1 --q 2.5 --niji 5',
    );
  });
  it('drops parameters typed into the prompt, so the form’s count', () => {
    expect(mjPrompt({ drawType: 'MJ', prompt: 'a fox --ar 2:1 --v 6 --tile', rate: '3:4' })).toBe(
      'a fox --ar 3:4 --q 2.5 --v 5',
    );
    expect(mjPrompt({ drawType: 'MJ', prompt: 'a fox', negative_prompt: 'x --v 6' })).toBe(
      'a fox --ar 1:1 --no x v 6 --q 2.5 --v 5',
    );
  });
  it('gives SD-XL its fields as they are', () => {
    expect(sdRequest({ drawType: 'BAIDU_SD', prompt: 'a fox', n: 4, style: 'Anime' })).toEqual({
      prompt: 'a fox',
      size: '1024x1024',
      n: 4,
      style: 'Anime',
    });
  });
});

describe('thumbnails', () => {
  it('shrink a PNG to fit the box, keeping its aspect and its colours', () => {
    const data = new Uint8Array(400 * 200 * 4);
    for (let i = 0; i < 400 * 200; i += 1) data.set(i % 400 < 200 ? [255, 0, 0, 255] : [0, 0, 255, 255], i * 4);
    const small = decodePng(thumbnail(encodePng({ width: 400, height: 200, data }), 100)!)!;
    expect([small.width, small.height]).toEqual([100, 50]);
    expect([...small.data.subarray(0, 4)]).toEqual([255, 0, 0, 255]);
    expect([...small.data.subarray((25 * 100 + 99) * 4, (25 * 100 + 99) * 4 + 4)]).toEqual([0, 0, 255, 255]);
  });
  it('never enlarge, and refuse what is not a PNG', () => {
    const tiny = { width: 2, height: 2, data: new Uint8Array(16).fill(200) };
    expect(fitInside(tiny, 300)).toMatchObject({ width: 2, height: 2 });
    expect(thumbnail(Buffer.from('GIF89a....'), 100)).toBeUndefined();
    expect(decodePng(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]))).toBeUndefined();
  });
});
