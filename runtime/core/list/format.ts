/**
 * Table cells show stored values in read form (building-blocks §2): option labels instead of
 * values, dates formatted, booleans as 是/否. Decided from the field's options, its widget's codec
 * and column type in the registry, so no widget type is named here. Pure, so tables of hundreds of
 * cells stay cheap (one Formily field per cell would not).
 */
import dayjs from 'dayjs';
import type { Lang } from '../../../protocol/constants';
import { translate } from '../../../protocol/messages';
import { textOf, type FieldDefinition, type SelectItem } from '../../../protocol/page-schema';
import type { DictOption } from '../data/provider';
import { getWidget } from '../registry';

export interface CellContext {
  lang: Lang;
  /** The field's options loaded from its dictApi, when it has one. */
  options?: readonly DictOption[];
}

const isBlank = (v: unknown) => v === undefined || v === null || v === '';

function labelMap(field: FieldDefinition, ctx: CellContext): Map<string, string> | undefined {
  const map = new Map<string, string>();
  const walkItems = (items: readonly SelectItem[]) =>
    items.forEach((item) => {
      map.set(String(item.value), textOf(item.label ?? item.title ?? String(item.value), ctx.lang));
      if (item.children) walkItems(item.children);
    });
  const walkOptions = (items: readonly DictOption[]) =>
    items.forEach((item) => {
      map.set(String(item.value), item.label);
      if (item.children) walkOptions(item.children);
    });
  if (field.selectItems?.length) walkItems(field.selectItems);
  if (ctx.options?.length) walkOptions(ctx.options);
  return map.size ? map : undefined;
}

const columnTypeOf = (field: FieldDefinition) => field.dataType ?? getWidget(field.type)?.columnType;

function timeFormat(field: FieldDefinition): string {
  if (typeof field.props?.format === 'string') return field.props.format;
  return field.props?.showTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD';
}

function formatTime(value: unknown, field: FieldDefinition): string {
  const format = timeFormat(field);
  const one = (v: unknown) => {
    if (isBlank(v)) return '';
    const n = typeof v === 'number' ? v : /^-?\d+$/.test(String(v).trim()) ? Number(v) : String(v);
    const d = dayjs(n);
    return d.isValid() ? d.format(format) : String(v);
  };
  // A range is stored as "start,end".
  if (typeof value === 'string' && value.includes(',')) return value.split(',').map(one).join(' ~ ');
  return one(value);
}

const yesNo = (on: boolean, lang: Lang) => translate(lang, on ? 'runtime.value.yes' : 'runtime.value.no');

/**
 * What the widget's own codec makes of the stored value says how to show it: dates (dayjs) are
 * formatted, booleans read 是/否. A codec that throws on odd data falls back to the raw value.
 */
function viaCodec(field: FieldDefinition, value: unknown, lang: Lang): string | undefined {
  const codec = getWidget(field.type)?.codec;
  if (!codec) return undefined;
  let decoded: unknown;
  try {
    decoded = codec.decode(value, field);
  } catch {
    return undefined;
  }
  const format = timeFormat(field);
  if (dayjs.isDayjs(decoded)) return decoded.format(format);
  if (Array.isArray(decoded) && decoded.length > 0 && decoded.every((d) => dayjs.isDayjs(d))) {
    return decoded.map((d) => d.format(format)).join(' ~ ');
  }
  if (typeof decoded === 'boolean') return yesNo(decoded, lang);
  return undefined;
}

export function formatCell(field: FieldDefinition, value: unknown, ctx: CellContext): string {
  if (isBlank(value)) return '';
  const labels = labelMap(field, ctx);
  if (labels) {
    const values = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
    return values.map((v) => labels.get(String(v).trim()) ?? String(v)).join(', ');
  }
  const decoded = viaCodec(field, value, ctx.lang);
  if (decoded !== undefined) return decoded;
  const columnType = columnTypeOf(field);
  if (columnType === 'time') return formatTime(value, field);
  if (columnType === 'boolean')
    return yesNo(value === true || value === 1 || value === '1' || value === 'true', ctx.lang);
  if (typeof value === 'object') {
    // Files and images are stored as [{ url, name }]: their names read best.
    const items = Array.isArray(value) ? value : [value];
    return items
      .map((v) =>
        v && typeof v === 'object' ? String((v as { name?: unknown }).name ?? JSON.stringify(v)) : String(v),
      )
      .join(', ');
  }
  return String(value);
}
