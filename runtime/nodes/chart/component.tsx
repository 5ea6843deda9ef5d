/**
 * The chart widget: its aggregate answer mapped to a VChart spec (runtime/core/dashboard/chart-spec)
 * and drawn in a lazy chunk. A click on a bar, slice or point filters the dashboard's other widgets
 * on the same table by the clicked group (the first group's field; a date bucket is not a value),
 * or opens the bound module's list searching that group, as the widget's `props.onClick` says
 * (runtime/core/dashboard/click.ts).
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { chartSpec, type ChartDatum } from '../../core/dashboard/chart-spec';
import { clickEffect } from '../../core/dashboard/click';
import type { ChartWidget } from '../../core/dashboard/types';
import { useRuntime, useT } from '../../react/context';
import { useDashboard } from '../dashboard/context';
import { useAggregate } from '../dashboard/use-aggregate';
import { useWidgetBody } from '../dashboard/widget-query';
import { WidgetFrame } from '../dashboard/widget-frame';

const VChartView = lazy(() => import('./vchart-view').then((m) => ({ default: m.VChartView })));

export function ChartNode({ node }: { node: ChartWidget }) {
  const { lang, openRoute } = useRuntime();
  const dashboard = useDashboard();
  const { body, tick } = useWidgetBody(node.key, node.data, node.filterFields);
  const state = useAggregate(node.data.table, body, tick);
  const result = 'result' in state ? state.result : undefined;
  const spec = useMemo(() => (result ? chartSpec(node, result, lang) : undefined), [node, result, lang]);
  // What the canvas shows, as text for assistive tools and tests: how many points, their sum.
  const summary = useMemo(() => {
    const values = (spec?.data as { values: ChartDatum[] }[] | undefined)?.flatMap((d) => d.values) ?? [];
    return { points: values.length, total: values.reduce((sum, d) => sum + (d.value ?? 0), 0) };
  }, [spec]);
  const [drawn, setDrawn] = useState(false);
  const { setCross, registerCanvas } = dashboard;
  const onClickDatum = useCallback(
    (datum: unknown) => {
      const d = datum as Partial<ChartDatum>;
      const effect = clickEffect(node, d.raw);
      // An effect other than none means the datum has its group's value.
      if (effect.kind === 'filter' && d.raw != null)
        setCross({ source: node.key, table: node.data.table, field: effect.field, value: d.raw, label: String(d.x) });
      else if (effect.kind === 'list') openRoute?.(effect.route);
    },
    [node, setCross, openRoute],
  );
  const onCanvas = useCallback(
    (canvas: (() => HTMLCanvasElement | undefined) | undefined) => registerCanvas(node.key, canvas),
    [registerCanvas, node.key],
  );
  const onDrawn = useCallback(() => setDrawn(true), []);
  const t = useT();
  const [drawError, setDrawError] = useState<string>();
  // A new answer is drawn afresh: a failure to draw the last one no longer stands.
  useEffect(() => setDrawError(undefined), [spec]);
  const onFailed = useCallback(
    (error: Error) => setDrawError(t('dashboard.widgetFailed', { message: error.message })),
    [t],
  );
  const empty = state.status === 'ready' && !state.result.list.length && !state.result.others;
  return (
    <WidgetFrame
      widgetKey={node.key}
      type={`chart:${node.chart}`}
      title={node.title}
      status={state.status === 'error' || drawError ? 'error' : empty ? 'empty' : state.status}
      error={state.status === 'error' ? state.message : drawError}
    >
      <div
        style={{ position: 'relative', height: '100%', minHeight: 120 }}
        className="tessera-chart"
        data-drawn={drawn ? 'true' : 'false'}
        data-points={summary.points}
        data-total={summary.total}
      >
        {spec && (
          <Suspense fallback={null}>
            <VChartView
              spec={spec}
              onClickDatum={onClickDatum}
              onCanvas={onCanvas}
              onDrawn={onDrawn}
              onFailed={onFailed}
            />
          </Suspense>
        )}
      </div>
    </WidgetFrame>
  );
}
