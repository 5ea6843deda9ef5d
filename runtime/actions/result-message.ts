/**
 * Turns a failed answer into the message the user sees (building-blocks §8):
 * P5003 + "Duplicate entry" naming a unique field → {title}已存在，请更换数据;
 * a duplicate on anything else → 数据{value}重复，请检查数据; any other P5003 → 数据操作错误，请联系管理员;
 * any other code → the server's message; a thrown error → its message.
 */
import { ResultCode } from '../../protocol/codes';
import type { Lang } from '../../protocol/constants';
import { translate } from '../../protocol/messages';
import { textOf, type FieldDefinition } from '../../protocol/page-schema';
import { DataSourceError } from '../core/data/errors';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Does the index/column name from the database message designate this field's column? */
function names(keyPart: string, key: string): boolean {
  if (keyPart === key || keyPart.endsWith(`.${key}`) || keyPart.endsWith(`_${key}`)) return true;
  return new RegExp(`(^|[^A-Za-z0-9_])${escape(key)}([^A-Za-z0-9_]|$)`).test(keyPart);
}

/** The unique field a duplicate message is about: MySQL "for key 'tbl.name'", PostgreSQL "Key (name)=". */
export function duplicateField(message: string, fields: readonly FieldDefinition[]): FieldDefinition | undefined {
  const keyPart = /for key '([^']+)'/i.exec(message)?.[1] ?? /Key \(([^)]+)\)=/i.exec(message)?.[1] ?? message;
  return fields.filter((f) => f.unique && names(keyPart, f.key)).sort((a, b) => b.key.length - a.key.length)[0];
}

export function failureMessage(
  result: { code?: string | number; message?: string },
  fields: readonly FieldDefinition[],
  lang: Lang,
): string {
  const message = result.message ?? '';
  if (String(result.code) === ResultCode.DATA_ERROR) {
    if (/Duplicate entry/i.test(message)) {
      const field = duplicateField(message, fields);
      if (field) return translate(lang, 'error.duplicateField', { title: textOf(field.title, lang) });
      const value = /Duplicate entry '(.*?)'(?: for key|$)/i.exec(message)?.[1] ?? '';
      return translate(lang, 'error.duplicateValue', { value });
    }
    return translate(lang, 'error.dataOperation');
  }
  return message || translate(lang, 'error.server');
}

/** For list loads, where a missing table is worth naming (platform-shell §8). */
export function loadFailureMessage(result: { code?: string | number; message?: string }, lang: Lang): string {
  if (String(result.code) === ResultCode.DATA_ERROR && /Table .* doesn't exist/i.test(result.message ?? '')) {
    return translate(lang, 'error.tableMissing');
  }
  return failureMessage(result, [], lang);
}

export function thrownMessage(error: unknown, lang: Lang): string {
  if (error instanceof DataSourceError) return translate(lang, error.key);
  if (error instanceof Error && error.message) return error.message;
  return translate(lang, 'error.connection');
}
