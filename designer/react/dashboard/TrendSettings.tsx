/**
 * A stat card's sparkline (`props.trend`): none, or its first measure by a date field of its table
 * cut in buckets (day … year), drawn under the value (runtime/nodes/stat).
 */
import { Form, Select, Space } from 'antd';
import { DATE_BUCKETS } from '../../../protocol/aggregate-query';
import type { SourceTable } from '../../../protocol/dashboard-sources';
import type { StatWidget } from '../../../runtime/core/dashboard/types';
import { useRuntime, useT } from '../../../runtime/react/context';
import { fieldLabel } from './field-label';

type Trend = NonNullable<NonNullable<StatWidget['props']>['trend']>;

/** The card with this sparkline (undefined: none). */
export function withTrend(widget: StatWidget, trend: Trend | undefined): StatWidget {
  const props = { ...widget.props };
  if (trend) props.trend = trend;
  else delete props.trend;
  const { props: _old, ...rest } = widget;
  return Object.keys(props).length ? { ...rest, props } : rest;
}

export function TrendSettings(props: {
  widget: StatWidget;
  sources: readonly SourceTable[];
  onChange: (next: StatWidget) => void;
}) {
  const { lang } = useRuntime();
  const t = useT();
  const { widget } = props;
  const trend = widget.props?.trend;
  const dates = (props.sources.find((s) => s.table === widget.data.table)?.fields ?? []).filter(
    (f) => f.kind === 'date',
  );
  return (
    <Form.Item label={t('dashDesigner.trend')} style={{ marginBottom: 10 }}>
      <Space.Compact style={{ width: '100%' }} data-testid="stat-trend">
        <Select
          style={{ flex: 1 }}
          aria-label={t('dashDesigner.trend')}
          value={trend?.key ?? ''}
          onChange={(key: string) =>
            props.onChange(withTrend(widget, key ? { key, bucket: trend?.bucket ?? 'month' } : undefined))
          }
          options={[
            { value: '', label: t('dashDesigner.trendNone') },
            ...dates.map((f) => ({ value: f.key, label: fieldLabel(f, f.key, lang) })),
          ]}
        />
        {trend && (
          <Select
            style={{ width: 110 }}
            aria-label={t('dashDesigner.trendBucket')}
            value={trend.bucket}
            onChange={(bucket: Trend['bucket']) => props.onChange(withTrend(widget, { ...trend, bucket }))}
            options={DATE_BUCKETS.map((bucket) => ({ value: bucket, label: t(`dashDesigner.bucket.${bucket}`) }))}
          />
        )}
      </Space.Compact>
    </Form.Item>
  );
}
