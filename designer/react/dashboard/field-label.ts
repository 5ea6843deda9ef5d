import type { SourceField } from '../../../protocol/dashboard-sources';
import { textOf } from '../../../protocol/page-schema';

/** A field as the query builder lists it: "客户等级 · level", or its key when it has no other title. */
export function fieldLabel(field: SourceField | undefined, key: string, lang: 'zh' | 'en'): string {
  const title = field?.title !== undefined ? textOf(field.title, lang) : '';
  return title && title !== key ? `${title} · ${key}` : key;
}
