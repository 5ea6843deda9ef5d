/**
 * How a widget's numbers read (its `props.format`): precision, thousands separators, percent,
 * a unit and compact forms (万 / 亿 in Chinese, K / M / B in English). The stat card, the axes and
 * the tooltips all read numbers through here, so one widget never shows one number two ways.
 */
import type { Lang } from '../../../protocol/constants';
import { textOf } from '../../../protocol/page-schema';
import type { MeasureFormat } from './types';

const COMPACT: Record<Lang, [number, string][]> = {
  zh: [
    [1e8, '亿'],
    [1e4, '万'],
  ],
  en: [
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ],
};

export function formatMeasure(value: unknown, format: MeasureFormat | undefined, lang: Lang): string {
  if (value === null || value === undefined || value === '') return '-';
  let number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return String(value);
  const f = format ?? {};
  if (f.percent) number *= 100;
  let suffix = '';
  if (f.compact) {
    const step = COMPACT[lang].find(([size]) => Math.abs(number) >= size);
    if (step) {
      number /= step[0];
      suffix = step[1];
    }
  }
  // Without a stated precision: integers as they are, others with up to 2 decimals.
  const digits = f.precision ?? (Number.isInteger(number) ? 0 : 2);
  const text = new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'zh-CN', {
    minimumFractionDigits: f.precision ?? 0,
    maximumFractionDigits: digits,
    useGrouping: f.thousands !== false,
  }).format(number);
  const unit = f.unit === undefined ? '' : textOf(f.unit, lang);
  return `${text}${suffix}${f.percent ? '%' : ''}${unit}`;
}

/** The change from `previous` to `current` as a ratio (0.25 = +25 %), or undefined when it has no meaning. */
export function changeRatio(current: unknown, previous: unknown): number | undefined {
  const now = Number(current);
  const before = Number(previous);
  if (!Number.isFinite(now) || !Number.isFinite(before) || before === 0) return undefined;
  return (now - before) / Math.abs(before);
}
