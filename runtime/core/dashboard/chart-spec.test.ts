import { describe, expect, it } from 'vitest';
import type { AggregateResult } from '../../../protocol/aggregate-query';
import { chartData, chartSpec, groupText, niceMax } from './chart-spec';
import type { ChartWidget } from './types';

const answer = (list: Record<string, unknown>[], others: Record<string, unknown> | null = null): AggregateResult => ({
  list,
  others,
  groups: list.length,
  capped: false,
  timeZone: 'Asia/Shanghai',
});

const byLevel: ChartWidget = {
  type: 'chart',
  key: 'byLevel',
  chart: 'bar',
  data: { table: 'customer', groupBy: ['level'], measures: [{ fn: 'count', as: 'n' }] },
  props: { measureTitles: { n: { zh: '客户数', en: 'Customers' } } },
};
const levels = answer(
  [
    { level: 'normal', level_label: { zh: '普通', en: 'Normal' }, n: 27 },
    { level: 'vip', level_label: { zh: 'VIP', en: 'VIP' }, n: 16 },
  ],
  { n: 7 },
);

describe('chartData', () => {
  it('reads dictionary labels in the language, keeps the raw value, and puts "others" last', () => {
    expect(chartData(byLevel, levels, 'zh')).toEqual([
      { x: '普通', series: '客户数', value: 27, text: '27', raw: 'normal' },
      { x: 'VIP', series: '客户数', value: 16, text: '16', raw: 'vip' },
      { x: '其他', series: '客户数', value: 7, text: '7', raw: null },
    ]);
    expect(chartData(byLevel, levels, 'en').map((d) => d.x)).toEqual(['Normal', 'VIP', 'Others']);
  });

  it('splits the first measure by a second group into series', () => {
    const widget: ChartWidget = { ...byLevel, data: { ...byLevel.data, groupBy: ['level', 'industry'] } };
    const data = chartData(
      widget,
      answer([
        {
          level: 'vip',
          level_label: { zh: 'VIP', en: 'VIP' },
          industry: 'finance',
          industry_label: { zh: '金融', en: 'Finance' },
          n: 3,
        },
        { level: 'vip', level_label: { zh: 'VIP', en: 'VIP' }, industry: null, industry_label: null, n: 1 },
      ]),
      'zh',
    );
    expect(data.map((d) => [d.x, d.series, d.value])).toEqual([
      ['VIP', '金融', 3],
      ['VIP', '（空）', 1],
    ]);
  });

  it('makes one series per measure, formatted by the widget format', () => {
    const widget: ChartWidget = {
      ...byLevel,
      data: {
        table: 'customer',
        groupBy: [{ key: 'signed_at', bucket: 'month' }],
        measures: [{ fn: 'count' }, { fn: 'sum', key: 'credit_limit' }],
      },
      props: { format: { compact: true, precision: 1 } },
    };
    const data = chartData(
      widget,
      answer([{ signed_at_month: '2026-01', count: 2, sum_credit_limit: 1_250_000 }]),
      'zh',
    );
    expect(data).toEqual([
      { x: '2026-01', series: 'count', value: 2, text: '2.0', raw: '2026-01' },
      { x: '2026-01', series: 'sum_credit_limit', value: 1_250_000, text: '125.0万', raw: '2026-01' },
    ]);
  });

  it('reads a number sent as text and leaves a missing one null', () => {
    const data = chartData(
      byLevel,
      answer([
        { level: 'x', n: '12.5' },
        { level: 'y', n: null },
      ]),
      'zh',
    );
    expect(data.map((d) => [d.x, d.value, d.text])).toEqual([
      ['x', 12.5, '12.5'],
      ['y', null, '-'],
    ]);
  });

  it('groupText: label, else the value, else (empty)', () => {
    expect(groupText({ a: 'v', a_label: { zh: '值', en: '' } }, 'a', 'en')).toBe('值');
    expect(groupText({ a: 3 }, 'a', 'zh')).toBe('3');
    expect(groupText({ a: '' }, 'a', 'en')).toBe('(empty)');
  });
});

describe('chartSpec', () => {
  it('bar: vertical, one colour per series, no animation, a formatted value axis', () => {
    const spec = chartSpec(byLevel, levels, 'zh');
    expect(spec).toMatchObject({
      type: 'bar',
      direction: 'vertical',
      xField: 'x',
      yField: 'value',
      stack: false,
      animation: false,
    });
    const axis = (spec.axes as { orient: string; label?: { formatMethod: (v: unknown) => string } }[])[0];
    expect(axis.orient).toBe('left');
    expect(axis.label?.formatMethod(12000)).toBe('12,000');
    expect(spec.legends).toEqual({ visible: false });
  });

  it('bar: horizontal swaps the axes; grouped series sit side by side unless stacked', () => {
    const two: ChartWidget = {
      ...byLevel,
      data: { ...byLevel.data, groupBy: ['level', 'industry'] },
      props: { horizontal: true },
    };
    const result = answer([
      { level: 'vip', industry: 'a', n: 1 },
      { level: 'vip', industry: 'b', n: 2 },
    ]);
    expect(chartSpec(two, result, 'zh')).toMatchObject({
      direction: 'horizontal',
      xField: 'value',
      yField: ['x', 'series'],
    });
    expect(chartSpec({ ...two, props: { stacked: true } }, result, 'zh')).toMatchObject({
      xField: 'x',
      stack: true,
      legends: { visible: true },
    });
  });

  it('line, area, pie/donut, funnel, radar and scatter map their fields', () => {
    expect(chartSpec({ ...byLevel, chart: 'line' }, levels, 'zh')).toMatchObject({
      type: 'line',
      xField: 'x',
      yField: 'value',
    });
    expect(chartSpec({ ...byLevel, chart: 'area', props: { stacked: true } }, levels, 'zh')).toMatchObject({
      type: 'area',
      stack: true,
    });
    expect(chartSpec({ ...byLevel, chart: 'pie', props: { donut: true } }, levels, 'zh')).toMatchObject({
      type: 'pie',
      categoryField: 'x',
      valueField: 'value',
      innerRadius: 0.5,
    });
    expect(chartSpec({ ...byLevel, chart: 'pie' }, levels, 'zh')).toMatchObject({ innerRadius: 0 });
    expect(chartSpec({ ...byLevel, chart: 'funnel' }, levels, 'zh')).toMatchObject({
      type: 'funnel',
      categoryField: 'x',
    });
    expect(chartSpec({ ...byLevel, chart: 'radar' }, levels, 'zh')).toMatchObject({
      type: 'radar',
      seriesField: 'series',
    });
    const scatter: ChartWidget = {
      ...byLevel,
      chart: 'scatter',
      data: {
        table: 'customer',
        groupBy: ['level'],
        measures: [
          { fn: 'count', as: 'n' },
          { fn: 'avg', key: 'credit_limit', as: 'avg' },
        ],
      },
    };
    const spec = chartSpec(scatter, answer([{ level: 'vip', n: 3, avg: 500 }]), 'zh');
    expect(spec).toMatchObject({ type: 'scatter', xField: 'value', yField: 'y' });
    expect((spec.data as { values: unknown[] }[])[0].values).toEqual([
      { x: 'vip', series: 'vip', value: 3, y: 500, text: '3', raw: 'vip' },
    ]);
  });

  it('gauge: one value on a round scale, or the stated max', () => {
    const gauge: ChartWidget = {
      ...byLevel,
      chart: 'gauge',
      data: { table: 'customer', measures: [{ fn: 'count', as: 'n' }] },
    };
    const spec = chartSpec(gauge, answer([{ n: 73 }]), 'zh');
    expect((spec.axes as { max: number }[])[0].max).toBe(100);
    expect(chartSpec({ ...gauge, props: { max: 80 } }, answer([{ n: 73 }]), 'zh')).toMatchObject({
      axes: [{ max: 80 }],
    });
  });

  it('dual axis: the first measure as bars on the left, the second as a line on the right', () => {
    const dual: ChartWidget = {
      ...byLevel,
      chart: 'dualAxis',
      data: {
        table: 'customer',
        groupBy: ['level'],
        measures: [
          { fn: 'count', as: 'n' },
          { fn: 'sum', key: 'credit_limit', as: 'total' },
        ],
      },
    };
    const spec = chartSpec(dual, answer([{ level: 'vip', n: 2, total: 900 }]), 'zh');
    const data = spec.data as { id: string; values: { value: number }[] }[];
    expect(data.map((d) => [d.id, d.values.map((v) => v.value)])).toEqual([
      ['left', [2]],
      ['right', [900]],
    ]);
    expect((spec.series as { type: string }[]).map((s) => s.type)).toEqual(['bar', 'line']);
    expect((spec.axes as { orient: string }[]).map((a) => a.orient)).toEqual(['left', 'right', 'bottom']);
  });

  it('niceMax rounds up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 7, 73, 100, 101, 1240].map(niceMax)).toEqual([100, 10, 100, 100, 200, 2000]);
  });
});
