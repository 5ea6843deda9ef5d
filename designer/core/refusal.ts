import { catalog } from '../../protocol/messages';
import type { Refusal } from './types';

type Param = string | number | { zh: string; en: string };

const fill = (template: string, params: Record<string, Param>, lang: 'zh' | 'en') =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = params[name];
    return typeof value === 'object' ? value[lang] : String(value ?? '');
  });

/** A refusal with its message in zh and en; a param may itself be a zh/en pair (a type's title). */
export function refuse(code: string, params: Record<string, Param> = {}): Refusal {
  const entry = catalog[code];
  if (!entry) throw new Error(`No message for ${code}`);
  return { ok: false, code, message: { zh: fill(entry.zh, params, 'zh'), en: fill(entry.en, params, 'en') } };
}
