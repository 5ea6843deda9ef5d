/**
 * One label width for a whole record form. Formily's FormItem otherwise sizes each label to its
 * own text, so in a two-column modal every input starts at a different place, and a label measured
 * mid-animation (the modal zooms in) can be taken for overflowing and get a dotted tooltip mark.
 * The width fits the longest title, up to a cap past which titles wrap (labelWrap).
 */
import type { Lang } from '../../../protocol/constants';
import { textOf, type FieldDefinition } from '../../../protocol/page-schema';

/** antd's base font size: a CJK character is about this wide, Latin text about 0.6 of it. */
const FONT_SIZE = 14;
/** The required mark, the colon and their margins around the title. */
const DECORATION = 28;
export const LABEL_WIDTH = { min: 64, max: 160 } as const;
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

function textWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += WIDE.test(ch) ? FONT_SIZE : FONT_SIZE * 0.6;
  return width;
}

/**
 * The label width for these fields, or undefined when a field lays out its own label (labelSpan /
 * wrapperSpan): a fixed width would override its columns.
 */
export function labelWidthOf(fields: readonly FieldDefinition[], lang: Lang): number | undefined {
  if (fields.some((f) => f.labelSpan !== undefined || f.wrapperSpan !== undefined)) return undefined;
  let widest = 0;
  for (const field of fields) {
    if (!field.hiddenTitle) widest = Math.max(widest, textWidth(textOf(field.title, lang)));
  }
  return Math.min(LABEL_WIDTH.max, Math.max(LABEL_WIDTH.min, Math.ceil(widest + DECORATION)));
}
