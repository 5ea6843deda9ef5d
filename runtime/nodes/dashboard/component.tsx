/**
 * The dashboard node: its toolbar (filters, refresh, PNG export) above a CSS grid that places each
 * widget by the layout of the current breakpoint (lg / md — a tablet / sm stacks). Widgets share
 * the filters through DashboardContext; each queries, loads and fails on its own.
 */
import { message } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { textOf } from '../../../protocol/page-schema';
import { breakpointFor, gridArea, resolveLayout } from '../../core/dashboard/layout';
import { lastDays, type CrossFilter, type FilterValue, type FilterValues } from '../../core/dashboard/query';
import { BREAKPOINT_COLUMNS, type DashboardNodeSchema } from '../../core/dashboard/types';
import { useRuntime, useT } from '../../react/context';
import { NodeRenderer } from '../../react/PageRenderer';
import { DashboardContext, type DashboardContextValue } from './context';
import { downloadCanvas, paintDashboard } from './export-png';
import { FilterBar } from './filter-bar';

const STYLE = `.tessera-dashboard-grid > .tessera-dashboard-cell { min-width: 0; min-height: 0; }
.tessera-markdown p:first-child { margin-top: 0; }`;

function initialValues(node: DashboardNodeSchema): FilterValues {
  const values: FilterValues = {};
  for (const filter of node.filters ?? [])
    if (filter.kind === 'dateRange' && filter.defaultDays) values[filter.key] = lastDays(filter.defaultDays);
  return values;
}

function useWidth(ref: React.RefObject<HTMLElement>): number {
  const [width, setWidth] = useState(1280);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth || 1280);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

export function DashboardNode({ node }: { node: DashboardNodeSchema }) {
  const { lang } = useRuntime();
  const t = useT();
  const root = useRef<HTMLDivElement>(null);
  const width = useWidth(root);
  const [values, setValues] = useState<FilterValues>(() => initialValues(node));
  const [cross, setCross] = useState<CrossFilter>();
  const [tick, setTick] = useState(0);
  const [updatedAt, setUpdatedAt] = useState(() => Date.now());
  const canvases = useRef(new Map<string, () => HTMLCanvasElement | undefined>());
  const refreshSeconds = node.props?.refresh && node.props.refresh > 0 ? Math.max(10, node.props.refresh) : undefined;

  const refresh = useCallback(() => {
    setTick((n) => n + 1);
    setUpdatedAt(Date.now());
  }, []);
  useEffect(() => {
    if (!refreshSeconds) return;
    const timer = window.setInterval(refresh, refreshSeconds * 1000);
    return () => window.clearInterval(timer);
  }, [refreshSeconds, refresh]);

  const registerCanvas = useCallback((key: string, canvas: (() => HTMLCanvasElement | undefined) | undefined) => {
    if (canvas) canvases.current.set(key, canvas);
    else canvases.current.delete(key);
  }, []);
  const filters = useMemo(() => node.filters ?? [], [node.filters]);
  const context = useMemo<DashboardContextValue>(
    () => ({ filters, values, cross, setCross, tick, timeZone: node.props?.timeZone, registerCanvas }),
    [filters, values, cross, tick, node.props?.timeZone, registerCanvas],
  );
  const children = Array.isArray(node.children) ? node.children : [];
  const keys = children.map((child) => child.key);
  const breakpoint = breakpointFor(width);
  const items = resolveLayout(node.layouts ?? {}, keys, breakpoint);
  const rowHeight = node.props?.rowHeight ?? 80;
  const title = node.title !== undefined ? textOf(node.title, lang) : 'dashboard';

  const exportPng = () => {
    if (!root.current) return;
    try {
      downloadCanvas(paintDashboard(root.current, canvases.current, '#f0f2f5'), title);
    } catch {
      void message.error(t('dashboard.exportFailed'));
    }
  };

  return (
    <DashboardContext.Provider value={context}>
      <style>{STYLE}</style>
      <FilterBar
        filters={filters}
        values={values}
        onChange={(key: string, value: FilterValue) => setValues((v) => ({ ...v, [key]: value }))}
        cross={cross}
        onClearCross={() => setCross(undefined)}
        onRefresh={refresh}
        refreshing={false}
        updatedAt={updatedAt}
        refreshSeconds={refreshSeconds}
        onExport={exportPng}
      />
      <div
        ref={root}
        className="tessera-dashboard-grid"
        data-breakpoint={breakpoint}
        data-node-key={node.key}
        style={{
          display: 'grid',
          gridTemplateColumns: `repeat(${BREAKPOINT_COLUMNS[breakpoint]}, minmax(0, 1fr))`,
          gridAutoRows: rowHeight,
          gap: 12,
        }}
      >
        {!children.length && <div style={{ gridColumn: '1 / -1', opacity: 0.7 }}>{t('dashboard.noWidgets')}</div>}
        {children.map((child) => {
          const item = items.find((i) => i.i === child.key);
          return (
            <div key={child.key} className="tessera-dashboard-cell" style={item ? gridArea(item) : undefined}>
              <NodeRenderer node={child as never} />
            </div>
          );
        })}
      </div>
    </DashboardContext.Provider>
  );
}
