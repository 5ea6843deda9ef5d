/**
 * Table and card cells show stored values in read form (building-blocks §2): the field's widget
 * format (runtime/core/format) decides, the same one the detail view, read-only form and export
 * use. Pure, so tables of hundreds of cells stay cheap (one Formily field per cell would not).
 */
import type { Lang } from '../../../protocol/constants';
import type { FieldDefinition } from '../../../protocol/page-schema';
import type { DictOption } from '../data/provider';
import { labelMapOf } from '../format';
import { columnDisplay } from '../format/column-format';

export interface CellContext {
  lang: Lang;
  /** The field's options loaded from its dictApi, when it has one. */
  options?: readonly DictOption[];
}

export function formatCell(field: FieldDefinition, value: unknown, ctx: CellContext): string {
  if (value === undefined || value === null || value === '') return '';
  // The widget's format, with the list page config's column format over it (column-format.ts).
  return columnDisplay(field, value, { lang: ctx.lang, labels: labelMapOf(field, ctx.lang, ctx.options) });
}
