/**
 * The stat card: the first measure over its binding (groups are ignored: one number), the change
 * from the previous period of the same length when the dashboard's date range reaches it, and a
 * sparkline of the same measure by a date bucket. Three queries, each the viewer's own.
 */
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useMemo } from 'react';
import { changeRatio, formatMeasure } from '../../core/dashboard/measure-format';
import { measureOutputs } from '../../core/dashboard/outputs';
import { aggregateBody, filterFieldFor, previousPeriod, withRange } from '../../core/dashboard/query';
import type { StatWidget } from '../../core/dashboard/types';
import { useRuntime, useT } from '../../react/context';
import { useDashboard } from '../dashboard/context';
import { useAggregate } from '../dashboard/use-aggregate';
import { useWidgetConditions } from '../dashboard/widget-query';
import { WidgetFrame } from '../dashboard/widget-frame';

export function StatNode({ node }: { node: StatWidget }) {
  const { lang } = useRuntime();
  const t = useT();
  const dashboard = useDashboard();
  const binding = useMemo(
    () => ({ ...node.data, groupBy: undefined, sort: undefined, limit: undefined, others: undefined }),
    [node.data],
  );
  const conditions = useWidgetConditions(node.key, node.data.table, node.filterFields);
  const measure = measureOutputs(binding)[0];
  const format = node.props?.format;

  // The date filter that reaches this card, for the comparison with the period before it.
  const dateFilter = dashboard.filters.find((f) => f.kind === 'dateRange' && Array.isArray(dashboard.values[f.key]));
  const dateField = dateFilter
    ? filterFieldFor(dateFilter, { key: node.key, table: node.data.table, filterFields: node.filterFields })
    : undefined;
  const range = dateFilter ? (dashboard.values[dateFilter.key] as [number, number]) : undefined;
  const compare = node.props?.compare !== false && dateField && range;

  const current = useAggregate(node.data.table, aggregateBody(binding, conditions, dashboard.timeZone), dashboard.tick);
  const previous = useAggregate(
    node.data.table,
    compare
      ? aggregateBody(binding, withRange(conditions, dateField, previousPeriod(range)), dashboard.timeZone)
      : undefined,
    dashboard.tick,
  );
  const trendSpec = node.props?.trend;
  const trend = useAggregate(
    node.data.table,
    trendSpec
      ? aggregateBody(
          { ...binding, groupBy: [{ key: trendSpec.key, bucket: trendSpec.bucket, as: 'bucket' }] },
          conditions,
          dashboard.timeZone,
        )
      : undefined,
    dashboard.tick,
  );

  const value = current.status === 'ready' ? current.result.list[0]?.[measure] : undefined;
  const before = compare && previous.status === 'ready' ? previous.result.list[0]?.[measure] : undefined;
  const ratio = changeRatio(value, before);
  const points =
    trend.status === 'ready'
      ? trend.result.list.filter((r) => r.bucket !== null).map((r) => Number(r[measure]) || 0)
      : [];

  return (
    <WidgetFrame
      widgetKey={node.key}
      type="stat"
      title={node.title}
      status={current.status === 'error' ? 'error' : current.status}
      error={current.status === 'error' ? current.message : undefined}
    >
      <div style={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', gap: 4 }}>
        <div
          className="tessera-stat-value"
          data-value={value === undefined ? '' : String(value)}
          style={{ fontSize: 30, fontWeight: 600, lineHeight: 1.2 }}
        >
          {current.status === 'ready' || value !== undefined ? formatMeasure(value, format, lang) : '\u00a0'}
        </div>
        {compare && previous.status === 'ready' && (
          <div
            className="tessera-stat-compare"
            style={{ fontSize: 13, color: ratio === undefined ? '#8c8c8c' : ratio >= 0 ? '#389e0d' : '#cf1322' }}
          >
            {ratio === undefined ? (
              t('dashboard.noPrevious')
            ) : (
              <>
                {ratio >= 0 ? <ArrowUpOutlined /> : <ArrowDownOutlined />}{' '}
                {t('dashboard.previous', {
                  change: formatMeasure(Math.abs(ratio), { percent: true, precision: 1 }, lang),
                })}
              </>
            )}
          </div>
        )}
        {points.length > 1 && <Sparkline points={points} />}
      </div>
    </WidgetFrame>
  );
}

/** A line of the values scaled into a 100 × 24 box (no axes: the shape is the message). */
export function Sparkline({ points }: { points: number[] }) {
  const min = Math.min(...points);
  const max = Math.max(...points);
  const span = max - min || 1;
  const coords = points.map(
    (p, i) => `${((i / (points.length - 1)) * 100).toFixed(2)},${(22 - ((p - min) / span) * 20).toFixed(2)}`,
  );
  return (
    <svg
      className="tessera-sparkline"
      viewBox="0 0 100 24"
      preserveAspectRatio="none"
      style={{ width: '100%', height: 28 }}
      aria-hidden
    >
      <polyline
        points={coords.join(' ')}
        fill="none"
        stroke="#1677ff"
        strokeWidth={1.5}
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}
