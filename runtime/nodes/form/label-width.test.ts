import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../../protocol/page-schema';
import { LABEL_WIDTH, labelWidthOf } from './label-width';

const field = (title: FieldDefinition['title'], extra: Partial<FieldDefinition> = {}) =>
  ({ key: 'k', type: 'input', title, ...extra }) as FieldDefinition;

describe('labelWidthOf', () => {
  it('fits the longest title in the language shown, with room for the required mark and colon', () => {
    const fields = [field({ zh: '名称', en: 'Name' }), field({ zh: '客户等级', en: 'Customer level' })];
    expect(labelWidthOf(fields, 'zh')).toBe(4 * 14 + 28);
    // Latin letters are narrower than CJK characters: 14 × 0.6 px each.
    expect(labelWidthOf(fields, 'en')).toBe(Math.ceil(14 * 14 * 0.6 + 28));
  });

  it('keeps short forms at the minimum and caps long titles (they wrap instead)', () => {
    expect(labelWidthOf([field('名')], 'zh')).toBe(LABEL_WIDTH.min);
    expect(labelWidthOf([field('这是一个非常非常非常长的字段标题')], 'zh')).toBe(LABEL_WIDTH.max);
  });

  it('ignores hidden titles and leaves the layout alone when a field sets its own label columns', () => {
    expect(labelWidthOf([field('短'), field('非常长的隐藏标题文字', { hiddenTitle: true })], 'zh')).toBe(
      LABEL_WIDTH.min,
    );
    expect(labelWidthOf([field('名称'), field('等级', { labelSpan: 6 })], 'zh')).toBeUndefined();
  });
});
