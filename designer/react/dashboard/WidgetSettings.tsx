/**
 * The selected widget's panel: what is broken in its binding (first, where the eye is), the chart
 * type switch (the binding stays), its settings from the type's settings schema, and for data
 * widgets the query builder with the live preview, or the table widget's columns, then which of
 * its fields each dashboard filter narrows.
 */
import { Alert, Divider, Form, Radio, Select, Typography } from 'antd';
import type { SourceTable } from '../../../protocol/dashboard-sources';
import { textOf } from '../../../protocol/page-schema';
import {
  CHART_KINDS,
  type ChartWidget,
  type DashboardFilter,
  type DashboardWidget,
  type DataBinding,
  type TableWidget,
} from '../../../runtime/core/dashboard/types';
import { getNode } from '../../../runtime/core/registry';
import { useRuntime, useT } from '../../../runtime/react/context';
import type { BindingProblem, DashCommand } from '../../core/dashboard';
import { tableColumn } from '../../core/dashboard';
import { ClickSettings, withClick } from './ClickSettings';
import { DataPreview } from './DataPreview';
import { FilterMapping } from './FilterMapping';
import { fieldLabel } from './field-label';
import { QueryBuilder } from './QueryBuilder';
import { SchemaSettings } from './SchemaSettings';
import { TrendSettings } from './TrendSettings';

interface Props {
  widget: DashboardWidget;
  sources: readonly SourceTable[];
  /** The dashboard's filters: the widget's own field for each (FilterMapping). */
  filters?: readonly DashboardFilter[];
  problem?: BindingProblem;
  run: (command: DashCommand) => void;
  onBlur: () => void;
}

export function problemText(problem: BindingProblem, t: ReturnType<typeof useT>): string {
  return problem.table
    ? t('dashDesigner.tableGone', { table: problem.table })
    : t('dashDesigner.fieldsGone', { fields: problem.fields.join(', ') });
}

function TableColumns({
  widget,
  sources,
  run,
}: {
  widget: TableWidget;
  sources: readonly SourceTable[];
  run: Props['run'];
}) {
  const { lang } = useRuntime();
  const t = useT();
  const source = sources.find((s) => s.table === widget.table);
  const keys = (widget.fields ?? []).map((f) => f.key);
  return (
    <Form layout="vertical" size="small" component={false}>
      <Form.Item label={t('dashDesigner.table')} style={{ marginBottom: 10 }}>
        <Select
          showSearch
          optionFilterProp="label"
          value={widget.table}
          status={source ? undefined : 'error'}
          onChange={(table: string) => {
            const first = sources.find((s) => s.table === table)?.fields.find((f) => f.widget);
            run({
              type: 'widget',
              key: widget.key,
              widget: {
                ...widget,
                table,
                fields: first ? [tableColumn(first.key, first)] : widget.fields,
                filterFields: undefined,
              },
            });
          }}
          options={sources.map((s) => ({
            value: s.table,
            label: s.title ? `${textOf(s.title, lang)} · ${s.table}` : s.table,
          }))}
        />
      </Form.Item>
      <Form.Item label={t('dashDesigner.columns')} style={{ marginBottom: 10 }}>
        <div data-testid="table-columns">
          <Select
            style={{ width: '100%' }}
            mode="multiple"
            optionFilterProp="label"
            value={keys}
            onChange={(next: string[]) => {
              if (!next.length) return;
              const fields = next.map((key) => {
                const existing = widget.fields.find((f) => f.key === key);
                if (existing) return existing;
                // The dictionary and display settings come along: labels (VIP, 普通), not stored values.
                return tableColumn(
                  key,
                  source?.fields.find((f) => f.key === key),
                );
              });
              run({ type: 'widget', key: widget.key, widget: { ...widget, fields } });
            }}
            options={(source?.fields ?? []).map((f) => ({ value: f.key, label: fieldLabel(f, f.key, lang) }))}
          />
        </div>
      </Form.Item>
    </Form>
  );
}

/** The widget over a new binding; a chart whose click opens its table's list follows the table. */
function rebound(widget: DashboardWidget, data: DataBinding, sources: readonly SourceTable[]): DashboardWidget {
  const next = { ...widget, data } as DashboardWidget;
  if (next.type === 'chart' && next.props?.onClick === 'list' && data.table !== (widget as ChartWidget).data.table)
    return withClick(next, 'list', sources);
  return next;
}

export function WidgetSettings({ widget, sources, filters = [], problem, run, onBlur }: Props) {
  const { lang } = useRuntime();
  const t = useT();
  const update = (next: DashboardWidget, field: string) =>
    run({ type: 'widget', key: widget.key, widget: next, coalesce: field });
  const typeTitle = getNode(widget.type)?.palette?.title;
  return (
    <div data-testid="widget-settings">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('dashDesigner.widgetSettings')} · {typeTitle ? textOf(typeTitle, lang) : widget.type}{' '}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {widget.key}
        </Typography.Text>
      </Typography.Title>
      {problem && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 10 }}
          message={t('dashDesigner.broken')}
          description={problemText(problem, t)}
        />
      )}
      {widget.type === 'chart' && (
        <Form.Item label={t('dashDesigner.chartKind')} style={{ marginBottom: 10 }} colon={false}>
          <Radio.Group
            size="small"
            optionType="button"
            data-testid="chart-kind"
            value={widget.chart}
            onChange={(event) => run({ type: 'chartKind', key: widget.key, chart: event.target.value })}
            options={CHART_KINDS.map((kind) => ({ value: kind, label: t(`dashDesigner.kind.${kind}`) }))}
          />
        </Form.Item>
      )}
      <SchemaSettings widget={widget} onChange={update} onBlur={onBlur} skip={['chart']} />
      {(widget.type === 'chart' || widget.type === 'stat') && (
        <>
          <Divider style={{ margin: '8px 0' }}>{t('dashDesigner.data')}</Divider>
          <QueryBuilder
            binding={widget.data}
            groups={widget.type === 'chart'}
            sources={sources}
            onBlur={onBlur}
            onChange={(data: DataBinding, field: string) => update(rebound(widget, data, sources), `data.${field}`)}
          />
          <DataPreview binding={widget.data} />
          {widget.type === 'chart' && (
            <ClickSettings widget={widget} sources={sources} onChange={(next) => update(next, 'props.onClick')} />
          )}
          {widget.type === 'stat' && (
            <TrendSettings widget={widget} sources={sources} onChange={(next) => update(next, 'props.trend')} />
          )}
        </>
      )}
      {widget.type === 'dataTable' && (
        <>
          <Divider style={{ margin: '8px 0' }}>{t('dashDesigner.data')}</Divider>
          <TableColumns widget={widget} sources={sources} run={run} />
        </>
      )}
      <FilterMapping widget={widget} filters={filters} sources={sources} run={run} />
    </div>
  );
}
