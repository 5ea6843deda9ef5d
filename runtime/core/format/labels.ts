/**
 * Option labels for display and import. dictLabel is the one place an item's label is chosen for a
 * language, so a per-language label on dictionary items plugs in here.
 */
import type { Lang } from '../../../protocol/constants';
import { textOf, type FieldDefinition, type Text } from '../../../protocol/page-schema';

/** An option as static items and dictionaries give it (tree options carry children). */
export interface LabelSource {
  value: unknown;
  label?: Text;
  title?: Text;
  children?: readonly LabelSource[];
}

/** The label of one option or dictionary item in the reader's language; its value when it has none. */
export function dictLabel(item: LabelSource, lang: Lang): string {
  return textOf(item.label ?? item.title ?? String(item.value), lang) || String(item.value);
}

/** Stored value → label, from the field's static items and then its loaded options (trees walked). */
export function labelMapOf(
  field: Pick<FieldDefinition, 'selectItems'> | undefined,
  lang: Lang,
  options?: readonly LabelSource[],
): Map<string, string> | undefined {
  const map = new Map<string, string>();
  const walk = (items: readonly LabelSource[]) =>
    items.forEach((item) => {
      map.set(String(item.value), dictLabel(item, lang));
      if (item.children) walk(item.children);
    });
  if (field?.selectItems?.length) walk(field.selectItems as readonly LabelSource[]);
  if (options?.length) walk(options);
  return map.size ? map : undefined;
}
