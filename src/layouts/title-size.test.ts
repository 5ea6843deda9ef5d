import { expect, it } from 'vitest';
import { titleFontSize } from './title-size';

it('keeps 28 up to 10 characters and shrinks to 280/length beyond', () => {
  expect(titleFontSize('Tessera')).toBe(28);
  expect(titleFontSize('一二三四五六七八九十')).toBe(28);
  // 12 characters (the demo app's title): 280 / 12.
  expect(titleFontSize('Tessera 演示应用')).toBeCloseTo(23.33, 2);
  expect(titleFontSize('一二三四五六七八九十一二三四')).toBe(20);
});
