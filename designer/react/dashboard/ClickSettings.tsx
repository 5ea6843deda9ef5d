/**
 * A chart's "on click" (runtime/core/dashboard/click.ts): nothing, filter the dashboard by the
 * clicked group, or open the bound table's list page searching it. The list is the bound table's
 * module (GET api/dashboards/sources names it), so a new table in the query builder moves it along.
 */
import { Alert, Form, Radio } from 'antd';
import type { SourceTable } from '../../../protocol/dashboard-sources';
import { clickActionOf, clickFieldOf } from '../../../runtime/core/dashboard/click';
import { CHART_CLICKS, type ChartClick, type ChartWidget } from '../../../runtime/core/dashboard/types';
import { useT } from '../../../runtime/react/context';

/** The chart's props with this click action, the list it opens following its table. */
export function withClick(widget: ChartWidget, action: ChartClick, sources: readonly SourceTable[]): ChartWidget {
  const props = { ...widget.props };
  delete props.clickFilter;
  delete props.listModule;
  if (action === 'filter') delete props.onClick;
  else props.onClick = action;
  const module = sources.find((s) => s.table === widget.data.table)?.module;
  if (action === 'list' && module) props.listModule = module;
  const { props: _old, ...rest } = widget;
  return Object.keys(props).length ? { ...rest, props } : rest;
}

export function ClickSettings(props: {
  widget: ChartWidget;
  sources: readonly SourceTable[];
  onChange: (next: ChartWidget) => void;
}) {
  const t = useT();
  const { widget, sources } = props;
  const action = clickActionOf(widget);
  const source = sources.find((s) => s.table === widget.data.table);
  const hasGroup = (widget.data.groupBy ?? []).length > 0;
  return (
    <Form.Item label={t('dashDesigner.onClick')} style={{ marginBottom: 10 }}>
      <Radio.Group
        size="small"
        optionType="button"
        data-testid="chart-on-click"
        value={action}
        onChange={(event) => props.onChange(withClick(widget, event.target.value as ChartClick, sources))}
        options={CHART_CLICKS.map((value) => ({ value, label: t(`dashDesigner.onClick.${value}`) }))}
      />
      {action !== 'none' && hasGroup && !clickFieldOf(widget) && (
        <Alert style={{ marginTop: 6 }} type="info" showIcon message={t('dashDesigner.onClickBucket')} />
      )}
      {action === 'list' && source && !source.module && (
        <Alert
          style={{ marginTop: 6 }}
          type="warning"
          showIcon
          message={t('dashDesigner.noListModule', { table: widget.data.table })}
        />
      )}
    </Form.Item>
  );
}
