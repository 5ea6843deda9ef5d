/**
 * Sample records for the designer's preview (add, edit, copy, detail, list page): a plausible
 * stored value per field from its widget and options — text from its title, the first option, a
 * number inside its range, a fixed date — so the admin sees the form filled as operators will.
 * Widgets whose stored shape is their own (uploads, ranges, rich media) are left empty.
 */
import { textOf, type FieldDefinition, type SelectItem } from '../../protocol/page-schema';
import { getWidget } from '../../runtime/core/registry';
import { generateAutoNo } from '../../runtime/core/auto-number';

const SAMPLE_DAY = Date.UTC(2026, 0, 15, 1, 30); // 2026-01-15 09:30 in China
const TEXT = new Set(['input', 'textarea', 'password']);
const SINGLE_CHOICE = new Set(['select', 'radio-group', 'radio-button', 'select-search']);
const MULTI_CHOICE = new Set(['checkbox-group', 'select-multi']);
const DATES = new Set(['date', 'timestamp']);

function optionValues(field: FieldDefinition): SelectItem['value'][] {
  return (field.selectItems ?? []).filter((item) => !item.hidden).map((item) => item.value);
}

/** One field's sample stored value for row `n` (0-based), or undefined to leave it empty. */
export function sampleValue(field: FieldDefinition, lang: 'zh' | 'en', n = 0): unknown {
  const widget = getWidget(field.type);
  if (!widget || widget.noValue) return undefined;
  if (field.auto_no_rule) return generateAutoNo(field.auto_no_rule, { randomDigit: () => (n + 1) % 10 });
  const options = optionValues(field);
  if (SINGLE_CHOICE.has(field.type)) return options.length ? options[n % options.length] : undefined;
  if (MULTI_CHOICE.has(field.type)) return options.length ? String(options[n % options.length]) : undefined;
  if (field.type === 'switch') return n % 2 === 0 ? 1 : 0;
  if (DATES.has(field.type)) return SAMPLE_DAY + n * 86_400_000;
  if (field.type === 'number') {
    const props = (field.props ?? {}) as { min?: number; max?: number };
    const value = 100 * (n + 1);
    return Math.min(props.max ?? value, Math.max(props.min ?? value, value));
  }
  if (TEXT.has(field.type)) {
    const title = textOf(field.title, lang) || field.key;
    const text = lang === 'en' ? `Sample ${title} ${n + 1}` : `示例${title}${n + 1}`;
    return field.maxLength ? text.slice(0, field.maxLength) : text;
  }
  return undefined;
}

/** A sample record of the fields (row `n`), with an id, as a list row. */
export function sampleRecord(fields: readonly FieldDefinition[], lang: 'zh' | 'en', n = 0): Record<string, unknown> {
  const record: Record<string, unknown> = { id: `sample_${n + 1}` };
  for (const field of fields) {
    const value = sampleValue(field, lang, n);
    if (value !== undefined) record[field.key] = value;
  }
  return record;
}
