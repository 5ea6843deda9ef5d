/**
 * An aggregate answer → a VChart spec (issue 15 item 3). Pure: the chart component only hands the
 * spec to VChart, so what a chart shows is tested here without a canvas.
 *
 * The rows are flattened to one datum per (category, series): the category is the first group's
 * label, the series the second group's label — or, with one group and several measures, the
 * measure's title. Each datum keeps the raw group value (`raw`), so a click can filter by it.
 */
import type { AggregateResult, GroupLabel } from '../../../protocol/aggregate-query';
import type { Lang } from '../../../protocol/constants';
import { translate } from '../../../protocol/messages';
import { textOf } from '../../../protocol/page-schema';
import { formatMeasure } from './measure-format';
import { groupOutputs, measureOutputs } from './outputs';
import type { ChartWidget, MeasureFormat } from './types';

export interface ChartDatum {
  x: string;
  series: string;
  value: number | null;
  /** The value as the widget's format writes it (tooltips, labels). */
  text: string;
  /** The first group's stored value (null for "others" and for rows without a value). */
  raw: string | number | null;
  /** Scatter: the second measure. */
  y?: number | null;
}

/** A group value as a person reads it: its dictionary label, its bucket text, or the value. */
export function groupText(row: Record<string, unknown>, name: string, lang: Lang): string {
  const label = row[`${name}_label`] as GroupLabel | null | undefined;
  if (label && typeof label === 'object') return (lang === 'en' ? label.en : label.zh) || label.zh;
  const value = row[name];
  if (value === null || value === undefined || value === '') return translate(lang, 'dashboard.empty');
  return String(value);
}

const asNumber = (value: unknown): number | null => {
  if (value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

/** The rows of the answer with the "others" row last (labelled), as the chart draws them. */
export function chartData(widget: ChartWidget, result: AggregateResult, lang: Lang): ChartDatum[] {
  const groups = groupOutputs(widget.data);
  const measures = measureOutputs(widget.data);
  const titles = widget.props?.measureTitles ?? {};
  const measureTitle = (name: string) => (titles[name] ? textOf(titles[name], lang) : name);
  const format = widget.props?.format;
  const othersLabel = translate(lang, 'dashboard.others');
  const rows: { row: Record<string, unknown>; others: boolean }[] = result.list.map((row) => ({ row, others: false }));
  if (result.others) rows.push({ row: result.others, others: true });
  const out: ChartDatum[] = [];
  for (const { row, others } of rows) {
    const x = others ? othersLabel : groups[0] ? groupText(row, groups[0].name, lang) : measureTitle(measures[0]);
    const raw = others || !groups[0] ? null : ((row[groups[0].name] as string | number | null) ?? null);
    if (widget.chart === 'scatter') {
      const value = asNumber(row[measures[0]]);
      out.push({
        x,
        series: x,
        value,
        y: asNumber(row[measures[1] ?? measures[0]]),
        text: formatMeasure(value, format, lang),
        raw,
      });
      continue;
    }
    // A second group splits the first measure into series; otherwise each measure is a series.
    if (groups[1]) {
      const value = asNumber(row[measures[0]]);
      const series = others ? othersLabel : groupText(row, groups[1].name, lang);
      out.push({ x, series, value, text: formatMeasure(value, format, lang), raw });
    } else
      for (const name of measures) {
        const value = asNumber(row[name]);
        out.push({ x, series: measureTitle(name), value, text: formatMeasure(value, format, lang), raw });
      }
  }
  return out;
}

type Spec = Record<string, unknown>;

const tooltip = (lang: Lang, format: MeasureFormat | undefined) => ({
  mark: {
    content: [{ key: (d: ChartDatum) => d.series, value: (d: ChartDatum) => formatMeasure(d.value, format, lang) }],
  },
  dimension: {
    content: [{ key: (d: ChartDatum) => d.series, value: (d: ChartDatum) => formatMeasure(d.value, format, lang) }],
  },
});

/** The VChart spec of a chart widget over its answer. */
export function chartSpec(widget: ChartWidget, result: AggregateResult, lang: Lang): Spec {
  const values = chartData(widget, result, lang);
  const props = widget.props ?? {};
  const format = props.format;
  const axisLabel = { formatMethod: (v: unknown) => formatMeasure(v, format, lang) };
  const multiSeries = new Set(values.map((d) => d.series)).size > 1;
  const data = [{ id: 'data', values }];
  const legends = multiSeries ? { visible: true, orient: 'bottom' } : { visible: false };
  // No entry animation: a dashboard redraws on every filter and refresh, and a PNG export or a
  // screenshot taken after the data arrived shows the finished chart.
  const common = { data, legends, tooltip: tooltip(lang, format), background: 'transparent', animation: false };
  switch (widget.chart) {
    case 'bar': {
      const horizontal = !!props.horizontal;
      const stacked = !!props.stacked;
      const category = multiSeries && !stacked ? ['x', 'series'] : 'x';
      return {
        ...common,
        type: 'bar',
        direction: horizontal ? 'horizontal' : 'vertical',
        xField: horizontal ? 'value' : category,
        yField: horizontal ? category : 'value',
        seriesField: 'series',
        stack: stacked,
        axes: [
          { orient: horizontal ? 'bottom' : 'left', type: 'linear', label: axisLabel },
          { orient: horizontal ? 'left' : 'bottom', type: 'band' },
        ],
      };
    }
    case 'line':
    case 'area':
      return {
        ...common,
        type: widget.chart,
        xField: 'x',
        yField: 'value',
        seriesField: 'series',
        stack: widget.chart === 'area' && !!props.stacked,
        point: { visible: values.length <= 60 },
        axes: [
          { orient: 'left', type: 'linear', label: axisLabel },
          { orient: 'bottom', type: 'band' },
        ],
      };
    case 'pie':
      return {
        ...common,
        legends: { visible: true, orient: 'right' },
        type: 'pie',
        categoryField: 'x',
        valueField: 'value',
        outerRadius: 0.8,
        innerRadius: props.donut ? 0.5 : 0,
        label: { visible: true },
      };
    case 'funnel':
      return { ...common, type: 'funnel', categoryField: 'x', valueField: 'value', label: { visible: true } };
    case 'radar':
      return {
        ...common,
        type: 'radar',
        categoryField: 'x',
        valueField: 'value',
        seriesField: 'series',
        area: { visible: true },
      };
    case 'scatter':
      return {
        ...common,
        type: 'scatter',
        xField: 'value',
        yField: 'y',
        seriesField: 'series',
        axes: [
          { orient: 'left', type: 'linear', label: axisLabel },
          { orient: 'bottom', type: 'linear', label: axisLabel },
        ],
      };
    case 'gauge': {
      const value = values[0]?.value ?? 0;
      const max = props.max ?? niceMax(value);
      return {
        ...common,
        type: 'gauge',
        data: [{ id: 'data', values: values.slice(0, 1) }],
        categoryField: 'x',
        valueField: 'value',
        outerRadius: 0.9,
        innerRadius: 0.7,
        startAngle: -225,
        endAngle: 45,
        axes: [{ type: 'linear', orient: 'angle', min: 0, max, label: axisLabel }],
        indicator: {
          visible: true,
          title: { style: { text: values[0]?.x ?? '' } },
          content: [{ style: { text: formatMeasure(value, format, lang) } }],
        },
      };
    }
    case 'dualAxis': {
      // The first measure as bars on the left axis, the second as a line on the right.
      const names = [...new Set(values.map((d) => d.series))];
      const left = values.filter((d) => d.series === names[0]);
      const right = values.filter((d) => d.series === (names[1] ?? names[0]));
      return {
        ...common,
        legends: { visible: true, orient: 'bottom' },
        type: 'common',
        data: [
          { id: 'left', values: left },
          { id: 'right', values: right },
        ],
        series: [
          { type: 'bar', id: 'bar', dataIndex: 0, xField: 'x', yField: 'value', seriesField: 'series' },
          { type: 'line', id: 'line', dataIndex: 1, xField: 'x', yField: 'value', seriesField: 'series' },
        ],
        axes: [
          { orient: 'left', seriesIndex: [0], type: 'linear', label: axisLabel },
          { orient: 'right', seriesIndex: [1], type: 'linear', label: axisLabel, grid: { visible: false } },
          { orient: 'bottom', type: 'band' },
        ],
      };
    }
  }
}

/** A round scale end above the value: 73 → 100, 1,240 → 2,000. */
export function niceMax(value: number): number {
  if (!(value > 0)) return 100;
  const power = 10 ** Math.floor(Math.log10(value));
  const steps = [1, 2, 5, 10];
  return steps.map((s) => s * power).find((s) => s >= value) ?? 10 * power;
}
